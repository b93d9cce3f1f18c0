#include "simulation/results.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cassert>
#include <cstdint>

namespace mbw {
namespace {

// Rows go into memory the kernel has not handed out yet: the first touch of each 4 KiB page is a
// page fault, and on the virtual machines this runs on one costs about 13 us (7.5 us per row of the
// squeezer's 293 channels: most of the time the workbench's GUI thread spent taking a live run's
// rows). Asked for transparent huge pages (Linux, where they are enabled "always" or "madvise"),
// the kernel hands out 2 MiB at a fault: writing 32 MiB took 3-4.5 ms instead of 104-113 ms. Where
// the advice is not known or not taken, nothing changes.
constexpr size_t kHugePageAdviceBytes = size_t{4} << 20;  // smaller reservations are left alone

void adviseHugePages(const void* start, size_t bytes) {
#ifdef MADV_HUGEPAGE
  if (bytes < kHugePageAdviceBytes) return;
  // the whole pages within the reservation
  const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  // the first page boundary at or after the start, the last at or before the end
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(start) + page - 1) & ~(page - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(start) + bytes) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)start;
  (void)bytes;
#endif
}

}  // namespace

// the status in words, as the CSV files write it
const char* toString(RunStatus status) {
  switch (status) {
    case RunStatus::Running:
      return "running";
    case RunStatus::Completed:
      return "completed";
    case RunStatus::Cancelled:
      return "cancelled";
    case RunStatus::Failed:
      return "failed";
  }
  return "?";
}

// --- channels and rows ---------------------------------------------------------------------------

// the column of a channel by name, or -1
int Results::column(const std::string& name) const {
  for (size_t i = 0; i < channels_.size(); ++i)
    if (channels_[i].name == name) return static_cast<int>(i);
  return -1;
}

void Results::setChannels(std::vector<Channel> channels) {
  // new channels: no rows, no ranges, every row kept
  channels_ = std::move(channels);
  data_.clear();
  low_.assign(channels_.size(), 0.0);
  high_.assign(channels_.size(), 0.0);
  appended_ = 0;
  stride_ = 1;
  transientLast_ = false;
}

void Results::setRowLimit(size_t maxRows) {
  // at least two rows (the first and the latest), or no limit
  rowLimit_ = maxRows == 0 ? 0 : std::max<size_t>(maxRows, 2);
  // nothing to decimate without a limit or within it
  if (!rowLimit_ || rowCount() <= rowLimit_) return;
  // decimate what is stored, leaving room for the latest row when it falls off the stride
  const size_t width = channels_.size();
  // the latest row, kept aside while the stored rows are decimated
  const std::vector<double> latest(data_.end() - static_cast<long>(width), data_.end());
  if (transientLast_) data_.resize(data_.size() - width);
  while (rowCount() >= rowLimit_) compact();
  // the latest row stays, as a transient, when it is not on the new stride
  transientLast_ = (appended_ - 1) % stride_ != 0;
  if (transientLast_) data_.insert(data_.end(), latest.begin(), latest.end());
}

void Results::reserveRows(size_t rows) {
  // room for the rows at once, in huge pages where the kernel gives them
  data_.reserve(rows * channels_.size());
  adviseHugePages(data_.data(), data_.capacity() * sizeof(double));
}

void Results::appendRow(const double* row) {
  const size_t width = channels_.size();
  assert(width > 0);
  // the channel ranges see every row
  for (size_t c = 0; c < width; ++c) {
    // the first row sets the range
    if (appended_ == 0 || row[c] < low_[c]) low_[c] = row[c];
    if (appended_ == 0 || row[c] > high_[c]) high_[c] = row[c];
  }
  // a row off the stride is kept only while it is the latest
  if (transientLast_) data_.resize(data_.size() - width);
  // at the limit, every other row goes and the stride doubles
  if (rowLimit_ && rowCount() >= rowLimit_) compact();
  data_.insert(data_.end(), row, row + width);
  // the new row is transient when it is off the stride
  transientLast_ = rowLimit_ && appended_ % stride_ != 0;
  ++appended_;
}

// keeps every other stored row (the rows at multiples of the doubled stride)
void Results::compact() {
  const size_t width = channels_.size();
  const size_t rows = rowCount();
  size_t kept = 0;
  // rows 0, 2, 4... moved to the front, in place
  for (size_t r = 0; r < rows; r += 2, ++kept)
    std::copy_n(data_.begin() + static_cast<long>(r * width), width,
                data_.begin() + static_cast<long>(kept * width));
  data_.resize(kept * width);
  stride_ *= 2;
}

// --- ranges, columns and metadata ----------------------------------------------------------------

// the smallest and largest value of a channel over every row appended, decimated ones too
std::pair<double, double> Results::channelRange(int col) const {
  // no rows, or no such column: an empty range
  if (appended_ == 0 || col < 0 || col >= columnCount()) return {0.0, 0.0};
  return {low_[col], high_[col]};
}

// a column's stored values, in row order
std::vector<double> Results::columnValues(int col) const {
  std::vector<double> values(rowCount());
  for (size_t r = 0; r < values.size(); ++r) values[r] = at(r, col);
  return values;
}

std::string Results::metadataValue(const std::string& key) const {
  // the first value of the key
  for (const auto& [k, v] : metadata)
    if (k == key) return v;
  return "";
}

// the largest magnitude of a channel, from its range
double Results::largestMagnitude(int col) const {
  const auto [low, high] = channelRange(col);
  return std::max(std::abs(low), std::abs(high));
}

std::vector<std::string> Results::metadataValues(const std::string& key) const {
  std::vector<std::string> values;
  // every value of the key, in order
  for (const auto& [k, v] : metadata)
    if (k == key) values.push_back(v);
  return values;
}

}  // namespace mbw
