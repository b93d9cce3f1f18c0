#pragma once
// The module's exceptions, with the exit categories of mbw-cli (cli_program.cpp: exitStatuses):
//   mbw.Error              the base; .exit_code, .category, .result (what a run computed, or None)
//   mbw.InputError         bad input (exit status 2), also a ValueError: the message names the
//                          file and the JSON path, or the keyword, as the CLI names its option
//   mbw.NumericalFailure   numerical failure (exit status 3), also a RuntimeError: the message
//                          says when and why; .result holds the rows computed until then
//   mbw.OutputError        an output that could not be written (exit status 4), also an OSError
//   mbw.SceneWarning       a warning (warnings.warn, a UserWarning): what the engine's model check
//                          finds worth a look in a scene (.path, .element, .kind "note"/"warning")
// The engine's exceptions that reach Python are translated to these (scene, study, table, CSV
// and configuration errors are bad input; a static equilibrium that fails is numerical).

#include <stdexcept>
#include <string>

#include "bindings.h"

namespace mbw::python {

// Thrown in the module's C++ code for bad input; becomes mbw.InputError.
class InputFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Raises mbw.NumericalFailure (or mbw.InputError) with the message and result as its .result.
[[noreturn]] void raiseNumericalFailure(const std::string& message, py::object result);
[[noreturn]] void raiseOutputError(const std::string& message, py::object result);

// Warns with an mbw.SceneWarning (raises instead where a warnings filter says "error").
void warnScene(const std::string& message, const std::string& path, const std::string& element,
               bool note);

// Sets .result on a Python exception that is being raised (KeyboardInterrupt during a run).
void attachResult(py::error_already_set& error, py::object result);

}  // namespace mbw::python
