#pragma once
// The work-precision diagram of a study's records: one chart per compared output, CPU time
// against the chosen error measure, log-log, one line per integrator.

#include <string>
#include <vector>

#include "chart.h"
#include "studies/study_execution.h"
#include "studies/work_precision.h"

namespace mbw::cli {

plot::Figure workPrecisionFigure(const Study& study, const StudyOutcome& outcome,
                                 ErrorMeasure measure, const std::string& title);

}  // namespace mbw::cli
