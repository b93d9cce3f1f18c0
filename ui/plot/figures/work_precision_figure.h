#pragma once
// The work-precision diagram of a study's records (mbw-cli study work-precision, sweep), shared by
// every front end.

#include <string>
#include <vector>

#include "chart.h"
#include "studies/study_execution.h"
#include "studies/work_precision.h"

namespace mbw::plot {

// One chart per compared output, CPU time against the chosen error measure of that output (with
// its unit from the runs' channels), log-log, one line per integrator (workPrecisionCurves).
plot::Figure workPrecisionFigure(const Study& study, const StudyOutcome& outcome,
                                 ErrorMeasure measure, const std::string& title);

}  // namespace mbw::plot
