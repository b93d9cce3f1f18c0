#pragma once
// What a run produces: named output channels sampled at recorded steps, run statistics and the
// final status. Rows are stored contiguously (row-major) and only ever appended.
//
// Memory bound: with a row limit N (setRowLimit), the stored rows are a decimated sample of the
// appended ones: every s-th row (s = 1, 2, 4, ... doubled each time N rows are reached, so at most
// N are kept) plus always the latest row. The range of each channel over every appended row is
// kept whatever the limit (channelRange). Without a limit every row is kept.

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mbw {

struct Channel {
  std::string name;  // e.g. "crank.x", "energy.balance"
  std::string unit;  // e.g. "m", "J", "" for counts
};

enum class RunStatus { Running, Completed, Cancelled, Failed };
const char* toString(RunStatus status);

struct RunStatistics {
  long steps = 0;
  long rejectedSteps = 0;
  long newtonIterations = 0;
  long timePoints = 0;  // implicit time points solved (stages of all steps, rejected ones included)
  long factorizations = 0;
  long functionEvaluations = 0;
  long jacobianEvaluations = 0;
  long repartitions = 0;  // state-space integrators: new coordinate partitions (see events)
  double cpuSeconds = 0.0;
  std::map<std::string, long> rejections;      // reason -> count
  std::map<std::string, double> phaseSeconds;  // CPU time by phase of the integrator, s (the
                                               // phase's elapsed time x CPU / elapsed of the run)
};

// Something that happened during a run, at time t (e.g. a new coordinate partition).
struct RunEvent {
  double t = 0.0;
  std::string description;
};

// A step the integrator refused, and why (e.g. "error estimate above tolerance: error norm 3.2").
struct RejectedStep {
  double t = 0.0;  // where the step started
  double h = 0.0;  // its size
  std::string reason;
};

class Results {
 public:
  std::vector<RejectedStep> rejected;
  std::vector<RunEvent> events;
  // descriptive settings, written as comment lines in CSV files (key, value)
  std::vector<std::pair<std::string, std::string>> metadata;
  RunStatistics stats;
  RunStatus status = RunStatus::Running;
  std::string message;  // why the run stopped when it did not complete

  // sets the columns and empties the rows
  void setChannels(std::vector<Channel> channels);
  const std::vector<Channel>& channels() const { return channels_; }
  int columnCount() const { return static_cast<int>(channels_.size()); }
  // index of a channel, -1 if absent
  int column(const std::string& name) const;

  void appendRow(const std::vector<double>& row) { appendRow(row.data()); }
  void appendRow(const double* row);  // columnCount() values
  size_t rowCount() const { return columnCount() ? data_.size() / channels_.size() : 0; }
  // rows appended since the channels were set (kept or not)
  size_t appendedRowCount() const { return appended_; }
  // keep at most maxRows rows (at least 2), decimating as described above; 0: keep every row
  void setRowLimit(size_t maxRows);
  // room for that many rows without moving the stored ones (rows appended live would otherwise be
  // copied whole at each doubling of the storage); the memory is taken as rows come, in huge pages
  // where the system gives them (results.cpp says why)
  void reserveRows(size_t rows);
  // every stride-th appended row is kept (1 until the row limit was first reached)
  size_t rowStride() const { return stride_; }
  // the stored rows that stay until the next decimation (all but a latest row off the stride,
  // which the next append replaces)
  size_t stableRowCount() const { return rowCount() - (transientLast_ ? 1 : 0); }
  // smallest and largest value of a channel over every appended row ({0, 0} before the first)
  std::pair<double, double> channelRange(int col) const;
  // the largest |value| of a channel over every appended row
  double largestMagnitude(int col) const;
  double at(size_t row, int col) const { return data_[row * channels_.size() + col]; }
  const double* row(size_t r) const { return data_.data() + r * channels_.size(); }
  std::vector<double> columnValues(int col) const;
  std::string metadataValue(const std::string& key) const;
  // every value of a key that may repeat (e.g. "check"), in order
  std::vector<std::string> metadataValues(const std::string& key) const;

 private:
  void compact();

  std::vector<Channel> channels_;
  std::vector<double> data_;
  std::vector<double> low_, high_;  // channel ranges over every appended row (columnCount each)
  size_t appended_ = 0;
  size_t rowLimit_ = 0;  // 0: unlimited
  size_t stride_ = 1;
  bool transientLast_ = false;  // the last stored row is off the stride (replaced by the next)
};

}  // namespace mbw
