#include "column_sink.h"

namespace mbw::python {

// one column per channel, filled row by row as the run records; the CSV file, when one was asked
// for, gets the same calls
void ColumnSink::begin(const Results& run) {
  columns_.assign(run.channels().size(), {});
  if (csv_) csv_->begin(run);
}

// each value to its channel's column, then the whole row to the CSV file
void ColumnSink::row(const double* values) {
  for (size_t c = 0; c < columns_.size(); ++c) columns_[c].push_back(values[c]);
  if (csv_) csv_->row(values);
}

// the events stay in the run's Results (Result.events); only the CSV file writes them as they come
void ColumnSink::runEvent(const RunEvent& e) {
  if (csv_) csv_->runEvent(e);
}

// the CSV file's trailer and final status line; the columns wait for takeColumns()
void ColumnSink::end(const Results& run) {
  if (csv_) csv_->end(run);
}

}  // namespace mbw::python
