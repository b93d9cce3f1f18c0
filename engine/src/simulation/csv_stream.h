#pragma once
// Writes a run to a CSV file while it runs (the format of csv.h), so that memory stays bounded
// whatever the number of rows and a run that ends early, or is killed, leaves a valid file.
//
// Rows are collected in a buffer of about 64 KiB and written as whole lines: when the buffer is
// full, when a row arrives a second or more after the last write, and at every status change (the
// run starts: preamble with "# status: running"; the run ends: trailer, and the status line
// rewritten in place, which needs no new space on the disk). When a write fails (disk full, file
// size limit) the writer cuts the file back to its last whole line (keeping those of a write cut
// short), reports the failure (the run then stops) and still marks the status line "failed".

#include <chrono>
#include <string>

#include "simulation/result_sink.h"

namespace mbw {

class CsvStreamWriter final : public ResultSink {
 public:
  // Creates or truncates the file now, so that a path that cannot be written is known before the
  // run; throws CsvError naming the file and the reason.
  explicit CsvStreamWriter(std::string path);
  ~CsvStreamWriter() override;
  CsvStreamWriter(const CsvStreamWriter&) = delete;
  CsvStreamWriter& operator=(const CsvStreamWriter&) = delete;

  void begin(const Results& run) override;
  void row(const double* values) override;
  void runEvent(const RunEvent& e) override;
  void end(const Results& run) override;
  std::string failure() const override { return failure_; }

  const std::string& path() const { return path_; }
  // rows written to the file so far (not counting those still in the buffer)
  size_t rowsWritten() const { return rowsWritten_; }

 private:
  using Clock = std::chrono::steady_clock;
  void flush();
  void close();

  std::string path_;
  int fd_ = -1;
  std::string buffer_;
  int columns_ = 0;
  size_t bufferedRows_ = 0, rowsWritten_ = 0;
  long long fileSize_ = 0;       // bytes of whole lines in the file
  long long statusOffset_ = -1;  // where the status value starts
  Clock::time_point lastFlush_;
  std::string failure_;
};

}  // namespace mbw
