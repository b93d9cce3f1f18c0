// The tolerance and timing studies' results (see rosenbrock_nystrom_results.h).

#include "studies/rosenbrock_nystrom_results.h"

#include <cmath>
#include <fstream>
#include <limits>

#include "studies/results_table.h"

namespace mbw {

std::vector<ToleranceRow> toleranceRows(const Study& study,
                                        const std::vector<std::optional<RunRecord>>& records,
                                        const Results& reference, const std::string& channel) {
  std::vector<ToleranceRow> rows;
  for (const auto& r : records) {
    if (!r || r->status != RunStatus::Completed) continue;
    const double tol = study.runs[r->run].settings.integratorSettings.rtol;
    rows.push_back({r->run, tol, r->errors[0], r->errors[1],
                    relativeErrorPercent(r->errors[0], reference, channel),
                    relativeErrorPercent(r->errors[1], reference, channel + ".rate"), r->stats});
  }
  return rows;
}

void writeToleranceTable(const std::string& path, const std::string& channel,
                         const std::vector<ToleranceRow>& rows) {
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  out << "tolerance,channel,t_max,max_error,rel_error_percent,rms_error,mean_error,steps,rejected,"
         "cpu_seconds\n";
  out.precision(10);
  for (const ToleranceRow& r : rows)
    for (const auto* e : {&r.value, &r.rate})
      out << r.tolerance << "," << (e == &r.value ? channel : channel + ".rate") << ","
          << e->timeOfMax << "," << e->max << "," << (e == &r.value ? r.valueRel : r.rateRel) << ","
          << e->rms << "," << e->mean << "," << r.stats.steps << "," << r.stats.rejectedSteps << ","
          << r.stats.cpuSeconds << "\n";
}

TimingSeries timingSeries(const Study& study, const std::vector<std::optional<RunRecord>>& records,
                          const std::string& integrator, const std::vector<int>& runs) {
  TimingSeries s{integrator, {}, {}};
  for (const int k : runs)
    if (records[k]) {
      s.tolerances.push_back(study.runs[k].settings.integratorSettings.rtol);
      s.runs.push_back(*records[k]);
    }
  return s;
}

double cpuTimeRatio(const TimingSeries& explicitSeries, const TimingSeries& implicitSeries,
                    size_t j, size_t k) {
  const double a = j < explicitSeries.runs.size() ? explicitSeries.runs[j].cpuAt[k] : -1.0;
  const double b = implicitSeries.runs[j].cpuAt[k];
  return a > 0.0 && b > 0.0 ? a / b : std::numeric_limits<double>::quiet_NaN();
}

void writeTimingTable(const std::string& path, const std::vector<const TimingSeries*>& series,
                      const std::vector<double>& spans) {
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  out << "integrator,tolerance,span,cpu_seconds,steps,rejected,function_evaluations,jacobians,"
         "run_end,run_cpu_seconds\n";
  out.precision(10);
  for (const TimingSeries* s : series)
    for (size_t j = 0; j < s->runs.size(); ++j) {
      const RunRecord& r = s->runs[j];
      const RunStatistics& st = r.stats;
      for (size_t k = 0; k < spans.size(); ++k)
        out << s->integrator << "," << s->tolerances[j] << "," << spans[k] << ","
            << (!std::isnan(r.cpuAt[k]) ? std::to_string(r.cpuAt[k]) : "") << "," << st.steps << ","
            << st.rejectedSteps << "," << st.functionEvaluations << "," << st.jacobianEvaluations
            << "," << r.tReached << "," << st.cpuSeconds << "\n";
    }
}

}  // namespace mbw
