#include "column_sink.h"

namespace mbw::python {

// one column per channel, filled row by row as the run records; the CSV file, when one was asked
// for, gets the same calls
void ColumnSink::begin(const Results& run) {
  columns_.assign(run.channels().size(), {});
  if (csv_) csv_->begin(run);
}

void ColumnSink::row(const double* values) {
  for (size_t c = 0; c < columns_.size(); ++c) columns_[c].push_back(values[c]);
  if (csv_) csv_->row(values);
}

void ColumnSink::runEvent(const RunEvent& e) {
  if (csv_) csv_->runEvent(e);
}

void ColumnSink::end(const Results& run) {
  if (csv_) csv_->end(run);
}

}  // namespace mbw::python
