#pragma once
// What Python gets back: named columns as NumPy arrays (a run's channels, a study's table), with
// the rest of the engine's record beside them.
//   Columns  names, arrays, units; r["body_2.x"], r.columns, r.to_pandas(), r.to_dict()
//   Result   a run (simulation/results.h): r.t, r.status, r.message, r.stats, r.metadata, r.events
//   Table    a study's results table (studies/results_table.h): one row per run

#include <string>
#include <vector>

#include "bindings.h"
#include "simulation/results.h"

namespace mbw::python {

class Columns {
 public:
  virtual ~Columns() = default;
  std::vector<std::string> names;
  std::vector<std::string> units;  // "" where none
  std::vector<py::object> arrays;  // NumPy arrays (float64, or object for text columns)

  // the column of that name; KeyError naming the close ones otherwise
  py::object column(const std::string& name) const;
  size_t rows() const;
  py::dict toDict() const;
  // a pandas DataFrame of the columns (ImportError when pandas is missing)
  py::object toPandas() const;
};

class Result final : public Columns {
 public:
  // run: the engine's record of the run (its status, statistics, metadata, events; its rows are
  // not used); columns: every recorded row's values by channel, moved into NumPy arrays
  Result(Results run, std::vector<std::vector<double>> columns);
  Results run;
  py::dict stats() const;
};

class Table final : public Columns {
 public:
  bool interrupted = false;  // stopped (Ctrl-C) before every run was made
  int resumed = 0;           // rows read back from an earlier table
  int failed = 0;            // runs that did not complete
  std::string path;          // the table's CSV file ("" when none was written)
};

// a NumPy array owning the values (no copy)
py::object numpyArray(std::vector<double>&& values);

}  // namespace mbw::python
