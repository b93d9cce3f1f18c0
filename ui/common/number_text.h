#pragma once
// Numbers as the workbench shows them: short in tables and labels (a few significant digits,
// exponents without padding: "1.23e-5", "-141", "0.0012"), and whole in tooltips (the shortest text
// that reads back as the same double).

#include <QString>

namespace mbw::ui {

// significant digits (3 by default); integers up to 6 digits are shown whole
QString shortNumber(double x, int significant = 3);
// the shortest text that round-trips to x
QString fullNumber(double x);
// "1.23e-5 J" (no unit: the number alone)
QString withUnit(const QString& number, const QString& unit);

}  // namespace mbw::ui
