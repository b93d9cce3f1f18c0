#pragma once
// What the studies of Sandu et al. 2001 section 5 (rosenbrock_nystrom_studies.h) give once their
// runs are made, for every front end to print or draw:
//  - Tables 1-2: per tolerance, the largest error Delta of the channel and of its rate, the time
//    t* where it occurs, 100 Delta / |E*(t*)| and the RMS error over the run's steps;
//  - Tables 3-4: per integrator, its runs by tolerance with the CPU time at each span, and the
//    ratio of the explicit code's CPU time to the implicit method's.
// Each also as a CSV file.

#include <optional>
#include <string>
#include <vector>

#include "studies/rosenbrock_nystrom_studies.h"

namespace mbw {

// One completed run of the tolerance study.
struct ToleranceRow {
  int run;                    // index into Study::runs
  double tolerance;           // rtol = atol
  ErrorMeasures value, rate;  // of the channel and of its rate
  double valueRel, rateRel;   // 100 Delta / |E*(t*)|, %
  RunStatistics stats;
};

// The completed runs in run order (records: one per run, empty for those not made).
std::vector<ToleranceRow> toleranceRows(const Study& study,
                                        const std::vector<std::optional<RunRecord>>& records,
                                        const Results& reference, const std::string& channel);
// a row per run and channel (the channel, then its rate); throws TableError when it cannot be
// written
void writeToleranceTable(const std::string& path, const std::string& channel,
                         const std::vector<ToleranceRow>& rows);
// Tables 1-2 as text: for the channel, then its rate, a title line and a row per tolerance with t*,
// Delta, Delta relative to the reference value at t* (%), the RMS error, the steps and the
// rejected steps; each table opens with an empty line.
std::string toleranceTablesText(const std::string& channel, const std::vector<ToleranceRow>& rows);

// The runs of one integrator of the timing study that were made, by tolerance.
struct TimingSeries {
  std::string integrator;
  std::vector<double> tolerances;
  std::vector<double> starts;  // each run's start time (RunSettings::tStart), s
  std::vector<RunRecord> runs;
};
// runs: TimingStudy::implicitRuns or explicitRuns
TimingSeries timingSeries(const Study& study, const std::vector<std::optional<RunRecord>>& records,
                          const std::string& integrator, const std::vector<int>& runs);
// CPU time of the explicit series over the implicit one at span k, for the implicit series' j-th
// run: NaN where either was not measured
double cpuTimeRatio(const TimingSeries& explicitSeries, const TimingSeries& implicitSeries,
                    size_t j, size_t k);
// a row per integrator, tolerance and span; throws TableError when it cannot be written
void writeTimingTable(const std::string& path, const std::vector<const TimingSeries*>& series,
                      const std::vector<double>& spans);
// The runs of the timing study that failed (RunStatus::Failed; a run its CPU budget stopped did
// not), and the line that says so after the tables: "\n2 of 5 runs failed (their lines above say
// why); the tables hold them up to where they stopped\n", "" when none did.
int failedTimingRuns(const std::vector<std::optional<RunRecord>>& records);
std::string failedTimingRunsText(int failed, int runs);
// Tables 3-4 as text: each series' CPU time [s] by span (rows) and tolerance (columns, "-" where
// not reached) with its steps and mean step (the simulated span over the steps); then the CPU
// time ratio explicit / implicit (cpuTimeRatio) and the implicit runs' real-time factor, us per
// step and CPU share by phase ("no CPU time measured" for a run that took none).
std::string timingTablesText(const TimingSeries& explicitSeries, const TimingSeries& implicitSeries,
                             const std::vector<double>& spans);

}  // namespace mbw
