#pragma once
// The figures of Sandu et al. 2001's studies (section 5), as `mbw-cli study tolerance` and
// `mbw-cli study explicit-vs-implicit` and any front end draw them; the studies and their results
// are the engine's (studies/rosenbrock_nystrom_studies.h, studies/rosenbrock_nystrom_results.h).

#include <string>
#include <vector>

#include "chart.h"
#include "simulation/results.h"
#include "studies/rosenbrock_nystrom_results.h"
#include "studies/run_histories.h"

namespace mbw::plot {

// Figure 5: the implicit method's step size h against t (log, markers, without the initial row,
// which is no step) above the channel's time history, of the run `r` at rtol = atol = tolerance.
plot::Figure timingStudyFigure(const std::string& scene, const std::string& integrator,
                               double tolerance, const std::string& channel, const Results& r);

// The tolerance study (Tables 1-2) drawn: the reference's channel and its rate against t, and below
// each the |error| of every tolerance's run against the reference (log; analysis/reference_error.h
// trajectoryError, from the run histories of the rows' runs).
plot::Figure toleranceStudyFigure(const std::string& scene, const std::string& channel,
                                  const Results& reference, const std::vector<ToleranceRow>& rows,
                                  const RunHistories& histories);

}  // namespace mbw::plot
