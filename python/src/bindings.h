#pragma once
// The pieces of the Python module mbw, each binding one part of the engine (module.cpp puts them
// together). Thin: every call maps onto the engine's own API.

#include <pybind11/pybind11.h>

namespace mbw::python {

namespace py = pybind11;

void bindErrors(py::module_& m);       // errors.cpp: mbw.Error, InputError, NumericalFailure
void bindIntegrators(py::module_& m);  // integrators.cpp: integrators(), describe(), scenes()
void bindScene(py::module_& m);        // scene.cpp: Scene and its elements
void bindResults(py::module_& m);      // results.cpp: Result, Table
void bindRun(py::module_& m);          // run.cpp: run()
void bindSweep(py::module_& m);        // sweep.cpp: sweep()

}  // namespace mbw::python
