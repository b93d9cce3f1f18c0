#include "results.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>

namespace mbw::python {

// --- columns: named NumPy arrays -----------------------------------------------------------------

// a NumPy array that takes the vector over without a copy: a capsule owns it and frees it when
// the last array that views it goes away
py::object numpyArray(std::vector<double>&& values) {
  auto* owned = new std::vector<double>(std::move(values));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  return py::array_t<double>(static_cast<py::ssize_t>(owned->size()), owned->data(), owner);
}

// a column by name; an unknown name raises KeyError with the names that look like it
py::object Columns::column(const std::string& name) const {
  const auto at = std::find(names.begin(), names.end(), name);
  if (at != names.end()) return arrays[at - names.begin()];
  // the names that share its first part ("body_2.x" -> "body_2.*")
  const std::string stem = name.substr(0, name.find('.'));
  std::string close;
  for (const std::string& n : names)
    if (n.compare(0, stem.size(), stem) == 0) close += (close.empty() ? "" : ", ") + n;
  throw py::key_error("no column '" + name + "'" +
                      (close.empty() ? "" : " (columns like it: " + close + ")"));
}

// every column has the same length: the first one's
size_t Columns::rows() const { return arrays.empty() ? 0 : py::len(arrays.front()); }

// the arrays themselves, not copies, keyed by name in column order
py::dict Columns::toDict() const {
  py::dict d;
  for (size_t c = 0; c < names.size(); ++c) d[py::str(names[c])] = arrays[c];
  return d;
}

// pandas is imported only when asked for (the module does not depend on it); columns= keeps the
// channel order
py::object Columns::toPandas() const {
  py::module_ pandas = py::module_::import("pandas");
  return pandas.attr("DataFrame")(toDict(), py::arg("columns") = names);
}

// --- a run: channels, status, statistics ---------------------------------------------------------

// one array per channel, from the columns the sink gathered; a run that failed before it began
// recording gave the sink no columns: empty arrays then
Result::Result(Results r, std::vector<std::vector<double>> columns) : run(std::move(r)) {
  for (size_t c = 0; c < run.channels().size(); ++c) {
    names.push_back(run.channels()[c].name);
    units.push_back(run.channels()[c].unit);
    arrays.push_back(
        numpyArray(c < columns.size() ? std::move(columns[c]) : std::vector<double>()));
  }
}

// the run's counters (RunStatistics) as a dict, keys in snake case
py::dict Result::stats() const {
  const RunStatistics& s = run.stats;
  py::dict d;
  // the steps taken and refused, and the refusals by reason
  d["steps"] = s.steps;
  d["rejected_steps"] = s.rejectedSteps;
  d["rejections"] = s.rejections;
  // the work in them: Newton iterations, implicit time points, factorizations, evaluations
  d["newton_iterations"] = s.newtonIterations;
  d["time_points"] = s.timePoints;
  d["factorizations"] = s.factorizations;
  d["function_evaluations"] = s.functionEvaluations;
  d["jacobian_evaluations"] = s.jacobianEvaluations;
  // new coordinate partitions (state-space integrators), and the CPU time in all and by phase
  d["repartitions"] = s.repartitions;
  d["cpu_seconds"] = s.cpuSeconds;
  d["phase_seconds"] = s.phaseSeconds;
  return d;
}

// --- the Python classes --------------------------------------------------------------------------

namespace {

// Columns: item access by name, len() in rows, units, dict and DataFrame views
void bindColumns(py::module_& m) {
  py::class_<Columns>(m, "Columns", "Named columns as NumPy arrays.")
      // r[name], and name in r
      .def("__getitem__", &Columns::column, py::arg("name"))
      .def("__contains__",
           [](const Columns& c, const std::string& name) {
             return std::find(c.names.begin(), c.names.end(), name) != c.names.end();
           })
      // len(r) counts rows; the names, and the units by name, in column order
      .def("__len__", &Columns::rows, "the number of rows")
      .def_property_readonly(
          "columns", [](const Columns& c) { return c.names; }, "the column names, in order")
      .def_property_readonly(
          "units",
          [](const Columns& c) {
            py::dict d;
            for (size_t k = 0; k < c.names.size(); ++k) d[py::str(c.names[k])] = c.units[k];
            return d;
          },
          "each column's unit (\"\" for none)")
      // the arrays as a dict (no copy), or a pandas DataFrame
      .def("to_dict", &Columns::toDict, "the columns as a dict of NumPy arrays (no copy)")
      .def("to_pandas", &Columns::toPandas, "the columns as a pandas DataFrame");
}

// Result: the columns plus the run's outcome; its DataFrame carries the metadata in attrs, as the
// CSV's comment lines carry it
void bindResult(py::module_& m) {
  py::class_<Result, Columns>(
      m, "Result",
      "A run: its channels as NumPy arrays (the columns of mbw-cli's CSV), status, "
      "statistics and settings.")
      // the time column, and how the run ended
      .def_property_readonly(
          "t", [](const Result& r) { return r.column("t"); }, "the time of each row, s")
      .def_property_readonly(
          "status", [](const Result& r) { return std::string(toString(r.run.status)); },
          "completed, failed or cancelled")
      .def_property_readonly(
          "message", [](const Result& r) { return r.run.message; },
          "why the run stopped when it did not complete")
      // its counters, its settings, and what happened along the way
      .def_property_readonly(
          "stats", &Result::stats,
          "steps, rejections by reason, Newton iterations, evaluations, CPU time (s) and CPU "
          "time by phase")
      .def_property_readonly(
          "metadata",
          [](const Result& r) {
            py::dict d;
            for (const auto& [key, value] : r.run.metadata) d[py::str(key)] = value;
            return d;
          },
          "the run's settings as the CSV's comment lines give them")
      .def_property_readonly(
          "events",
          [](const Result& r) {
            py::list events;
            for (const RunEvent& e : r.run.events)
              events.append(py::make_tuple(e.t, e.description));
            return events;
          },
          "(t, what) of what happened during the run")
      .def_property_readonly(
          "rejected",
          [](const Result& r) {
            py::list steps;
            for (const RejectedStep& s : r.run.rejected)
              steps.append(py::make_tuple(s.t, s.h, s.reason));
            return steps;
          },
          "(t, h, why) of each rejected step")
      .def(
          "to_pandas",
          [](const Result& r) {
            py::object frame = r.toPandas();
            py::dict attrs;
            for (const auto& [key, value] : r.run.metadata) attrs[py::str(key)] = value;
            frame.attr("attrs") = attrs;
            return frame;
          },
          "the channels as a pandas DataFrame (its attrs: the metadata)")
      .def("__repr__", [](const Result& r) {
        return "<mbw.Result " + r.run.metadataValue("scene") + ", " +
               r.run.metadataValue("integrator") + ": " + toString(r.run.status) + ", " +
               std::to_string(r.run.stats.steps) + " steps, " + std::to_string(r.rows()) +
               " rows x " + std::to_string(r.names.size()) + " columns>";
      });
}

// Table: a study's results table, with what the sweep did (interrupted, resumed, failed runs)
void bindTable(py::module_& m) {
  py::class_<Table, Columns>(
      m, "Table",
      "A study's results table, one row per run (the columns of mbw-cli sweep's "
      "results.csv): numbers as float arrays, text as object arrays.")
      // what the sweep did, and the file it wrote
      .def_readonly("interrupted", &Table::interrupted, "stopped before every run was made")
      .def_readonly("resumed", &Table::resumed, "rows read back from an earlier table")
      .def_readonly("failed", &Table::failed, "runs that did not complete")
      .def_readonly("path", &Table::path, "the CSV file of the table (empty when none was written)")
      .def("__repr__", [](const Table& t) {
        return "<mbw.Table " + std::to_string(t.rows()) + " runs x " +
               std::to_string(t.names.size()) + " columns, " + std::to_string(t.failed) +
               " failed>";
      });
}

}  // namespace

void bindResults(py::module_& m) {
  // the base class first: pybind11 needs it to bind the others
  bindColumns(m);
  bindResult(m);
  bindTable(m);
}

}  // namespace mbw::python
