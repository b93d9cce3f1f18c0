#pragma once
// Comparing two CSV tables cell by cell, for tests that a rewritten command or another executor
// gives the same numbers: numbers agree to a relative tolerance (the digits written), other cells
// exactly; columns named as ignored (timings) are skipped. Comment lines ("# ...") are compared
// the same way, split at commas.

#include <set>
#include <string>
#include <vector>

namespace mbw::test {

// One line per difference, naming the line and the column; empty when the tables agree.
std::vector<std::string> csvDifferences(const std::string& expectedText,
                                        const std::string& actualText,
                                        const std::set<std::string>& ignoredColumns,
                                        double relativeTolerance = 1e-9);

}  // namespace mbw::test
