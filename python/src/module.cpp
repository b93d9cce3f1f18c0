// The Python module mbw: the engine of Multibody Workbench for scripts and notebooks
// (docs/python.md).

#include "bindings.h"
#include "simulation/csv.h"

PYBIND11_MODULE(mbw, m) {
  using namespace mbw::python;
  // the module's docstring, and its version: the engine's
  m.doc() =
      "Multibody Workbench's engine: scenes, runs, studies and results as NumPy arrays.\n"
      "See docs/python.md; the keywords of run() are the options of `mbw-cli run`.";
  m.attr("__version__") = mbw::engineVersion();
  // each part of the engine (bindings.h), the exception classes first
  bindErrors(m);
  bindIntegrators(m);
  bindScene(m);
  bindResults(m);
  bindRun(m);
  bindSweep(m);
}
