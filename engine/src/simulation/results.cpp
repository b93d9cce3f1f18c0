#include "simulation/results.h"

#include <cassert>

namespace mbw {

const char* toString(RunStatus status) {
  switch (status) {
    case RunStatus::Running: return "running";
    case RunStatus::Completed: return "completed";
    case RunStatus::Cancelled: return "cancelled";
    case RunStatus::Failed: return "failed";
  }
  return "?";
}

int Results::column(const std::string& name) const {
  for (size_t i = 0; i < channels_.size(); ++i)
    if (channels_[i].name == name) return static_cast<int>(i);
  return -1;
}

void Results::appendRow(const std::vector<double>& row) {
  assert(row.size() == channels_.size());
  data_.insert(data_.end(), row.begin(), row.end());
}

std::vector<double> Results::columnValues(int col) const {
  std::vector<double> values(rowCount());
  for (size_t r = 0; r < values.size(); ++r) values[r] = at(r, col);
  return values;
}

std::string Results::metadataValue(const std::string& key) const {
  for (const auto& [k, v] : metadata)
    if (k == key) return v;
  return "";
}

}  // namespace mbw
