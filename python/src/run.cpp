// mbw.run(scene, **keywords): one run of the engine (simulation/simulation.h), with the GIL
// released while it integrates, so that runs in several Python threads go on at once.
//
// While it runs, about every progress_interval seconds of wall time, the running thread takes the
// GIL for a moment: Python's pending signals are handled (Ctrl-C raises KeyboardInterrupt there,
// on the main thread) and the progress callback is called. Either one stops the run through the
// engine's cancel mechanism (RunObserver::stopRequested, as the workbench's Stop button and
// mbw-cli's Ctrl-C do), so that what the run computed is kept: on the exception as .result.

#include <chrono>
#include <optional>

#include <pybind11/stl.h>

#include "bindings.h"
#include "column_sink.h"
#include "errors.h"
#include "results.h"
#include "run_keywords.h"
#include "scene.h"
#include "simulation/csv.h"
#include "simulation/settings_check.h"
#include "solvers/static_equilibrium_error.h"

namespace mbw::python {
namespace {

// --- following a run from Python -----------------------------------------------------------------

using Clock = std::chrono::steady_clock;

// Follows a run on its thread (the GIL released) and stops it for Ctrl-C, an exception of the
// progress callback, or the callback returning False.
class PythonObserver final : public RunObserver {
 public:
  // the first look at Python comes one interval after the start
  PythonObserver(py::object progress, double interval, double tStart, double tEnd)
      : progress_(std::move(progress)),
        interval_(
            std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(interval))),
        next_(Clock::now() + interval_),
        tStart_(tStart),
        tEnd_(tEnd),
        t_(tStart) {}

  // the time of the last recorded row, for the callback's fraction
  void onRecorded(const Results& results, size_t newRow) override { t_ = results.at(newRow, 0); }

  // asked by the engine between steps, without the GIL: it is taken only once an interval has
  // passed, so a run pays a clock read per step and nothing more
  bool stopRequested() override {
    if (stop_) return true;
    const Clock::time_point now = Clock::now();
    if (now < next_) return false;
    next_ = now + interval_;
    py::gil_scoped_acquire gil;
    // Ctrl-C (on the main thread): Python's handler raises KeyboardInterrupt here
    if (PyErr_CheckSignals() != 0) {
      error_.emplace();
      stop_ = true;
      return true;
    }
    // then the callback, which may stop the run too
    report();
    return stop_;
  }

  // the last call, when the run has ended (with the GIL held)
  void finish() {
    if (!stop_) report();
  }

  // the exception that stopped the run (KeyboardInterrupt, the callback's), if any
  std::optional<py::error_already_set>& error() { return error_; }

 private:
  // progress(t, fraction); False stops the run
  void report() {
    if (progress_.is_none()) return;
    const double fraction = tEnd_ > tStart_ ? (t_ - tStart_) / (tEnd_ - tStart_) : 1.0;
    try {
      const py::object answer = progress_(t_, fraction);
      if (answer.ptr() == Py_False) stop_ = true;
    } catch (py::error_already_set& e) {
      error_.emplace(std::move(e));
      stop_ = true;
    }
  }

  // the callback, the wall time between two looks at Python, and when the next look is due
  py::object progress_;
  Clock::duration interval_;
  Clock::time_point next_;
  // the span of the run and the time of the last recorded row
  double tStart_, tEnd_, t_;
  // whether the run is to stop, and the Python exception that stopped it
  bool stop_ = false;
  std::optional<py::error_already_set> error_;
};

// --- one run -------------------------------------------------------------------------------------

// resolves the settings, runs the engine with the GIL released, and turns what came out into a
// Result or one of the module's exceptions (with the Result attached when there is one)
py::object run(py::handle sceneArgumentValue, const py::object& progress, double progressInterval,
               bool check, const py::object& output, const py::kwargs& keywords) {
  // the scene: an mbw.Scene as it is, or a name or path loaded (and warned of) here
  const std::shared_ptr<Scene> scene = sceneArgument(sceneArgumentValue);
  // the scene's settings and the keywords, checked as mbw-cli checks its options
  ResolvedRun resolved = resolveRunKeywords(scene->model(), keywords);
  RunSettings& settings = resolved.settings;
  if (const std::optional<SettingsProblem> p = runSettingsProblem(settings))
    throw InputFailure(settingsProblemText(*p, scene->model(), scene->source(), resolved.given));
  // every row goes to the columns (and the CSV file); the engine's Results keep two
  settings.memoryBudget = 1;
  // output=: the same rows streamed to a CSV file as they come, as mbw-cli run -o does
  std::unique_ptr<CsvStreamWriter> csv;
  if (!output.is_none()) csv = std::make_unique<CsvStreamWriter>(pathText(output));
  ColumnSink sink(std::move(csv));
  // the observer that looks at Python while the run goes on
  PythonObserver observer(progress, progressInterval, settings.tStart, settings.tEnd);

  // the run, without the GIL (the model copied first: another thread may edit the scene)
  Model model = scene->model();
  Results results;
  std::exception_ptr failure;
  {
    py::gil_scoped_release release;
    try {
      Simulation simulation(std::move(model), settings);
      results = simulation.run(&observer, &sink);
    } catch (...) {
      failure = std::current_exception();
    }
  }
  // an engine exception: the settings' checks worded with the keywords, as input errors; a failed
  // static solve as a numerical failure; a model the engine refused as an input error
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const ConfigurationError& e) {
      throw InputFailure(settingsProblemText({e.settings(), e.what()}, scene->model(),
                                             scene->source(), resolved.given));
    } catch (const StaticEquilibriumError& e) {
      // from_equilibrium: the static Newton failed, a numerical failure as in mbw-cli
      raiseNumericalFailure(scene->source() + ": " + e.what(), py::none());
    } catch (const ModelError& e) {
      throw InputFailure(scene->source() + ": " + e.what());
    }
  }
  // the callback's last call, at the end of the run
  observer.finish();

  // the outcome in order of precedence: the exception that stopped the run (Ctrl-C, the
  // callback's), a CSV that could not be written, then a failed run when check=True
  // (the status and message read first: the Result takes the engine's Results over)
  const bool failed = results.status == RunStatus::Failed;
  const std::string message = results.message;
  py::object result = py::cast(Result(std::move(results), sink.takeColumns()));
  if (std::optional<py::error_already_set>& error = observer.error()) {
    attachResult(*error, result);
    throw *error;
  }
  if (!sink.failure().empty())
    raiseOutputError(sink.failure() + " (the rows before it are kept)", result);
  if (failed && check) raiseNumericalFailure(message, result);
  return result;
}

}  // namespace

// --- the module's functions ----------------------------------------------------------------------

void bindRun(py::module_& m) {
  // run(scene, *, progress, progress_interval, check, output, **keywords)
  m.def("run", &run, py::arg("scene"), py::kw_only(), py::arg("progress") = py::none(),
        py::arg("progress_interval") = 0.1, py::arg("check") = true, py::arg("output") = py::none(),
        R"(Runs a scene (an mbw.Scene, a built-in name or a scene file) and returns an mbw.Result.

The other keywords are the options of `mbw-cli run` with underscores for dashes (see
mbw.run_keywords()): integrator="rn4", t_end=3.0, rtol=1e-8, output_step=0.01, fixed_step=True...;
unset ones keep the scene's settings.
progress(t, fraction): called about every progress_interval seconds (and at the end); returning
False stops the run (status "cancelled").
check: a run that fails raises mbw.NumericalFailure (its .result holds the rows computed until
then); with check=False the failed Result is returned.
output: also write the run to this CSV file while it runs, as `mbw-cli run -o` does.
Ctrl-C stops the run and raises KeyboardInterrupt, its .result holding the rows computed.
The GIL is released while the run integrates.)");
  // run_keywords(): the names **keywords may take
  m.def("run_keywords", &runKeywordNames,
        "The keywords of mbw.run that set the run (mbw-cli run's options).");
}

}  // namespace mbw::python
