#include "number_text.h"

#include <QLocale>
#include <cmath>

namespace mbw::ui {

// a number in few digits, whole numbers as they are, exponents without padding
QString shortNumber(double x, int significant) {
  if (!std::isfinite(x)) return QString::number(x);
  // whole numbers under a million without a point or exponent
  if (x == std::round(x) && std::abs(x) < 1e6) return QString::number(static_cast<long long>(x));
  QString text = QString::number(x, 'g', significant);
  // "1.23e-05" -> "1.23e-5", "4.5e+07" -> "4.5e7"
  const int e = static_cast<int>(text.indexOf('e'));
  if (e < 0) return text;
  QString exponent = text.mid(e + 1);
  const bool negative = exponent.startsWith('-');
  if (exponent.startsWith('+') || negative) exponent.remove(0, 1);
  while (exponent.size() > 1 && exponent.startsWith('0')) exponent.remove(0, 1);
  return text.left(e) + (negative ? "e-" : "e") + exponent;
}

// a number in the fewest digits that read back to it
QString fullNumber(double x) {
  return QLocale::c().toString(x, 'g', QLocale::FloatingPointShortest);
}

// a number with its unit, when it has one
QString withUnit(const QString& number, const QString& unit) {
  return unit.isEmpty() ? number : number + " " + unit;
}

}  // namespace mbw::ui
