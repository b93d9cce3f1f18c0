#pragma once
// Where mbw.run's rows go while the run produces them: one growing array per channel, handed to
// NumPy without a copy when the run ends (the Results the run returns keep two rows only), and,
// when asked, the CSV file mbw-cli writes (simulation/csv_stream.h), row by row.

#include <memory>
#include <vector>

#include "simulation/csv_stream.h"
#include "simulation/result_sink.h"

namespace mbw::python {

class ColumnSink final : public ResultSink {
 public:
  // csv: also stream the run there (may be null)
  explicit ColumnSink(std::unique_ptr<CsvStreamWriter> csv = nullptr) : csv_(std::move(csv)) {}

  void begin(const Results& run) override;
  void row(const double* values) override;
  void runEvent(const RunEvent& e) override;
  void end(const Results& run) override;
  std::string failure() const override { return csv_ ? csv_->failure() : std::string(); }

  // the values of each channel, in the order of the run's channels (moved out)
  std::vector<std::vector<double>> takeColumns() { return std::move(columns_); }
  const CsvStreamWriter* csv() const { return csv_.get(); }

 private:
  std::vector<std::vector<double>> columns_;
  std::unique_ptr<CsvStreamWriter> csv_;
};

}  // namespace mbw::python
