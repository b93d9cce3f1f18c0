#include "errors.h"

#include <pybind11/eval.h>

#include "scene/scene_error.h"
#include "simulation/csv.h"
#include "simulation/file_claims.h"
#include "simulation/simulation.h"
#include "solvers/static_equilibrium_error.h"
#include "studies/results_table.h"
#include "studies/study_execution.h"

namespace mbw::python {
namespace {

// the Python classes, made once at import (never freed: the module lives as long as the process)
PyObject* inputErrorType = nullptr;
PyObject* numericalFailureType = nullptr;
PyObject* outputErrorType = nullptr;
PyObject* sceneWarningType = nullptr;

// the exception classes, in Python: each derives from Error and from the built-in exception a
// Python user would catch (ValueError, RuntimeError, OSError); exit_code is mbw-cli's exit status
constexpr const char* kClasses = R"(
class Error(Exception):
    """An error of Multibody Workbench's engine, with the exit status mbw-cli gives it."""
    exit_code = 1
    category = "error"

    def __init__(self, message, result=None):
        super().__init__(message)
        self.result = result


class InputError(Error, ValueError):
    """Bad input: the message names the file and the JSON path of the field, or the keyword."""
    exit_code = 2
    category = "bad input"


class NumericalFailure(Error, RuntimeError):
    """A run failed: the message says when and why; .result holds what it computed until then."""
    exit_code = 3
    category = "numerical failure"


class SceneWarning(UserWarning):
    """Something worth a look in a scene, found by the engine's model check: .path is the JSON path
    of the element, .element its name ("joint 'D'", "" for a field), .kind "note" (nothing wrong:
    equations left out as redundant) or "warning" (the model runs, but probably not as meant)."""

    def __init__(self, message, path="", element="", kind="warning"):
        super().__init__(message)
        self.path = path
        self.element = element
        self.kind = kind


class OutputError(Error, OSError):
    """An output could not be written (disk full, file size limit); .result holds the run."""
    exit_code = 4
    category = "output failure"
)";

// raises an instance made by the class itself (its __init__ keeps .result), not a bare message
[[noreturn]] void raise(PyObject* type, const std::string& message, py::object result) {
  py::object error = py::reinterpret_borrow<py::object>(type)(message, result);
  PyErr_SetObject(type, error.ptr());
  throw py::error_already_set();
}

}  // namespace

// --- raising from the module's code --------------------------------------------------------------

// a failed run, with what it computed
void raiseNumericalFailure(const std::string& message, py::object result) {
  raise(numericalFailureType, message, std::move(result));
}

// an output that could not be written (disk full), with the run it was writing
void raiseOutputError(const std::string& message, py::object result) {
  raise(outputErrorType, message, std::move(result));
}

// a warning, not an exception: the call goes on unless a warnings filter turns it into an error
void warnScene(const std::string& message, const std::string& path, const std::string& element,
               bool note) {
  // the instance made by the class, so that .path, .element and .kind are set
  py::object warning = py::reinterpret_borrow<py::object>(sceneWarningType)(
      message, path, element, note ? "note" : "warning");
  // stacklevel 1: the line of the caller's code that loaded or edited the scene (no Python frame
  // stands for the module's C++ calls)
  py::module_::import("warnings").attr("warn")(warning, py::none(), 1);
}

// an exception raised in Python (KeyboardInterrupt, a callback's) carries the run's result too
void attachResult(py::error_already_set& error, py::object result) {
  if (error.value()) py::setattr(error.value(), "result", std::move(result));
}

// --- the classes and the translation of the engine's exceptions ----------------------------------

void bindErrors(py::module_& m) {
  // the classes, defined in Python for their two bases each
  py::dict scope;
  scope["__name__"] = "mbw";
  py::exec(kClasses, scope);
  // the classes as attributes of the module, and the handles the raise functions use
  for (const char* name :
       {"Error", "InputError", "NumericalFailure", "OutputError", "SceneWarning"})
    m.attr(name) = scope[name];
  inputErrorType = scope["InputError"].ptr();
  numericalFailureType = scope["NumericalFailure"].ptr();
  outputErrorType = scope["OutputError"].ptr();
  sceneWarningType = scope["SceneWarning"].ptr();
  // the raw pointers above outlive the scope dict: one reference each, kept for the process
  Py_INCREF(outputErrorType);
  Py_INCREF(inputErrorType);
  Py_INCREF(numericalFailureType);
  Py_INCREF(sceneWarningType);

  // the engine's exceptions, by category (the order of the checks: most derived first)
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const StaticEquilibriumError& e) {
      // a static equilibrium that fails (a ModelError, so caught before it): a numerical failure
      PyErr_SetObject(numericalFailureType, py::str(e.what()).ptr());
    } catch (const InputFailure& e) {
      // the module's own checks of what Python gave it: bad input
      PyErr_SetString(inputErrorType, e.what());
    } catch (const SceneError& e) {
      // the engine's refusals (a scene, settings, a model, a study, a table, a CSV file, an output
      // that would replace an input or another output): bad input too
      PyErr_SetString(inputErrorType, e.what());
    } catch (const ConfigurationError& e) {
      PyErr_SetString(inputErrorType, e.what());
    } catch (const ModelError& e) {
      PyErr_SetString(inputErrorType, e.what());
    } catch (const StudyError& e) {
      PyErr_SetString(inputErrorType, e.what());
    } catch (const TableError& e) {
      PyErr_SetString(inputErrorType, e.what());
    } catch (const CsvError& e) {
      PyErr_SetString(inputErrorType, e.what());
    } catch (const FileClaimError& e) {
      PyErr_SetString(inputErrorType, e.what());
    }
  });
}

}  // namespace mbw::python
