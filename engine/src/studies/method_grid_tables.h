#pragma once
// The tables of the method-grid studies (method_grid.h) once their runs are made, as CSV files for
// every front end: the comparison at one Delta t or Delta t / n (steps, Newton iterations, energy
// balance extremes, constraint violation, CPU time per method) and the convergence study (RE of
// Zhang et al. 2022 eq 26 per run and output, the observed orders as comment lines); and the runs
// grouped by method, as charts draw them.

#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "studies/method_grid.h"

namespace mbw {

// The outputs a convergence study compares when none are given: the last body's x, vx and ax.
std::vector<std::string> defaultConvergenceOutputs(const Model& model);

// RE of a record's k-th output where the run completed, NaN otherwise.
double completedRelativeError(const RunRecord& record, size_t output);

// The records by method label, the methods in the order of their first record.
std::vector<std::pair<std::string, std::vector<const RunRecord*>>> recordsByMethod(
    const Study& study, const std::vector<RunRecord>& records);

// Throw TableError when the file cannot be written.
void writeComparisonTable(const std::string& path, const std::string& scene, const Study& study,
                          const std::vector<RunRecord>& records);
// orders: one list per output of the study (observedOrders), written as "#
// order,method,output,order"
void writeConvergenceTable(const std::string& path, const std::string& scene, const Study& study,
                           const std::vector<RunRecord>& records,
                           const std::vector<std::vector<MethodOrder>>& orders);

// The comparison as text: the scene, t_end and Delta t (Delta t / n when perStage), then a row per
// record: method, n, Delta t, status, steps, Newton iterations per step and per time point, the
// energy balance's least, largest and final value, the largest |Phi| and the CPU time; a run's
// message on the line below its row.
std::string comparisonTableText(const std::string& scene, double step, bool perStage,
                                const Study& study, const std::vector<RunRecord>& records);
// The observed orders as text: a row per method, its order for each output and its Newton
// iterations per time point (orders: one list per output, observedOrders).
std::string observedOrdersText(const std::vector<std::string>& outputs,
                               const std::vector<std::vector<MethodOrder>>& orders);

}  // namespace mbw
