// The tolerance and timing studies' results (see rosenbrock_nystrom_results.h).

#include "studies/rosenbrock_nystrom_results.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

#include "math/number_text.h"
#include "studies/results_table.h"
#include "studies/study_table.h"

namespace mbw {

// --- the tolerance study: errors of a channel and its rate at each tolerance ---------------------

std::vector<ToleranceRow> toleranceRows(const Study& study,
                                        const std::vector<std::optional<RunRecord>>& records,
                                        const Results& reference, const std::string& channel) {
  // completed runs only; the first output is the channel, the second its rate
  std::vector<ToleranceRow> rows;
  for (const auto& r : records) {
    if (!r || r->status != RunStatus::Completed) continue;
    const double tol = study.runs[r->run].settings.integratorSettings.rtol;
    // each error also relative to the reference's size at the time it is largest
    rows.push_back({r->run, tol, r->errors[0], r->errors[1],
                    relativeErrorPercent(r->errors[0], reference, channel),
                    relativeErrorPercent(r->errors[1], reference, channel + ".rate"), r->stats});
  }
  return rows;
}

void writeToleranceTable(const std::string& path, const std::string& channel,
                         const std::vector<ToleranceRow>& rows) {
  // the csv: a row per tolerance and channel (the value, then its rate)
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  // the header, then numbers to ten significant digits
  out << "tolerance,channel,t_max,max_error,rel_error_percent,rms_error,mean_error,steps,rejected,"
         "cpu_seconds\n";
  out.precision(10);
  // two rows per run: the channel's value, then its rate
  for (const ToleranceRow& r : rows)
    for (const auto* e : {&r.value, &r.rate})
      out << r.tolerance << "," << (e == &r.value ? channel : channel + ".rate") << ","
          << e->timeOfMax << "," << e->max << "," << (e == &r.value ? r.valueRel : r.rateRel) << ","
          << e->rms << "," << e->mean << "," << r.stats.steps << "," << r.stats.rejectedSteps << ","
          << r.stats.cpuSeconds << "\n";
}

// --- the timing study: cpu time to reach each span, by tolerance ---------------------------------

TimingSeries timingSeries(const Study& study, const std::vector<std::optional<RunRecord>>& records,
                          const std::string& integrator, const std::vector<int>& runs) {
  // the series of one integrator: the runs that have a record, with their tolerances
  TimingSeries s{integrator, {}, {}, {}};
  for (const int k : runs)
    if (records[k]) {
      s.tolerances.push_back(study.runs[k].settings.integratorSettings.rtol);
      s.starts.push_back(study.runs[k].settings.tStart);
      s.runs.push_back(*records[k]);
    }
  return s;
}

double cpuTimeRatio(const TimingSeries& explicitSeries, const TimingSeries& implicitSeries,
                    size_t j, size_t k) {
  // the explicit run and the implicit run at the same place in their series; no ratio without both
  const double a = j < explicitSeries.runs.size() ? explicitSeries.runs[j].cpuAt[k] : -1.0;
  const double b = implicitSeries.runs[j].cpuAt[k];
  return a > 0.0 && b > 0.0 ? a / b : std::numeric_limits<double>::quiet_NaN();
}

int failedTimingRuns(const std::vector<std::optional<RunRecord>>& records) {
  // the runs made that failed; a stop by the CPU budget is the run's own end
  return static_cast<int>(std::count_if(records.begin(), records.end(), [](const auto& r) {
    return r && r->status == RunStatus::Failed;
  }));
}

std::string failedTimingRunsText(int failed, int runs) {
  // nothing when every run completed or stopped at its budget
  if (failed == 0) return "";
  return "\n" + std::to_string(failed) + " of " + std::to_string(runs) +
         " runs failed (their lines above say why); the tables hold them up to where they "
         "stopped\n";
}

void writeTimingTable(const std::string& path, const std::vector<const TimingSeries*>& series,
                      const std::vector<double>& spans) {
  // the csv: a row per integrator, tolerance and span; an empty cpu time where the span was not
  // reached
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  out << "integrator,tolerance,span,cpu_seconds,steps,rejected,function_evaluations,jacobians,"
         "run_end,run_cpu_seconds\n";
  out.precision(10);
  for (const TimingSeries* s : series)
    for (size_t j = 0; j < s->runs.size(); ++j) {
      const RunRecord& r = s->runs[j];
      const RunStatistics& st = r.stats;
      // each run's cpu time at each span, with its counts over the whole run
      for (size_t k = 0; k < spans.size(); ++k)
        out << s->integrator << "," << s->tolerances[j] << "," << spans[k] << ","
            << (!std::isnan(r.cpuAt[k]) ? std::to_string(r.cpuAt[k]) : "") << "," << st.steps << ","
            << st.rejectedSteps << "," << st.functionEvaluations << "," << st.jacobianEvaluations
            << "," << r.tReached << "," << st.cpuSeconds << "\n";
    }
}

// --- the text tables, as the paper prints them ---------------------------------------------------

namespace {

// the simulated time of the series' j-th run, from its start to where it got
double simulatedSpan(const TimingSeries& s, size_t j) { return s.runs[j].tReached - s.starts[j]; }

// a row per tolerance: t*, Delta, Delta relative to the reference, the RMS error, the steps
void toleranceTable(std::ostream& out, const std::string& title,
                    const std::vector<ToleranceRow>& rows, bool rate) {
  // the title and the header
  out << "\n"
      << title << "\n"
      << "  tol      t* [s]      Delta       RelErr [%]   RMS Delta    steps  rejected\n";
  for (const ToleranceRow& r : rows) {
    // t* and RelErr fixed-point, the errors in scientific notation, then the counts
    const ErrorMeasures& e = rate ? r.rate : r.value;
    out << "  " << formatTolerance(r.tolerance) << "  " << std::setw(9) << std::fixed
        << std::setprecision(6) << e.timeOfMax << "   " << std::scientific << std::setprecision(3)
        << e.max << "   " << std::setw(10) << std::setprecision(5) << std::fixed
        << (rate ? r.rateRel : r.valueRel) << "   " << std::scientific << std::setprecision(3)
        << e.rms << "  " << std::setw(6) << r.stats.steps << "  " << std::setw(8)
        << r.stats.rejectedSteps << "\n";
    // back to the default notation for the next row
    out.unsetf(std::ios::floatfield);
  }
}

// one series' CPU times by span and tolerance, its steps and mean step
void cpuTable(std::ostream& out, const std::string& title, const TimingSeries& s,
              const std::vector<double>& spans) {
  // the header: a column per tolerance
  out << "\n" << title << "\n  span   ";
  for (double tol : s.tolerances) out << std::setw(11) << formatTolerance(tol);
  out << "\n";
  // a row per span: the cpu time to reach it, a dash where the run did not
  for (size_t k = 0; k < spans.size(); ++k) {
    out << "  " << std::setw(4) << spans[k] << " s ";
    for (const RunRecord& r : s.runs) {
      out << std::setw(11);
      if (!std::isnan(r.cpuAt[k]))
        out << formatNumber(r.cpuAt[k], 4);
      else
        out << "-";
    }
    out << "\n";
  }
  // then the steps and the mean step of each run
  out << "  steps  ";
  for (const RunRecord& r : s.runs) out << std::setw(11) << r.stats.steps;
  out << "\n  mean h ";
  for (size_t j = 0; j < s.runs.size(); ++j) {
    const long steps = s.runs[j].stats.steps;
    out << std::setw(11) << formatNumber(steps ? simulatedSpan(s, j) / steps : 0.0);
  }
  out << "\n";
}

// the explicit series' CPU time over the implicit one's, by span and tolerance
void ratioTable(std::ostream& out, const TimingSeries& expl, const TimingSeries& impl,
                const std::vector<double>& spans) {
  out << "\nCPU time ratio " << expl.integrator << " / " << impl.integrator << "\n  span   ";
  // the header: a column per tolerance of the implicit series
  for (double tol : impl.tolerances) out << std::setw(11) << formatTolerance(tol);
  out << "\n";
  // a row per span: the ratio at each tolerance, empty where either run did not reach the span
  for (size_t k = 0; k < spans.size(); ++k) {
    out << "  " << std::setw(4) << spans[k] << " s ";
    for (size_t j = 0; j < impl.runs.size(); ++j)
      out << std::setw(11) << cell(cpuTimeRatio(expl, impl, j, k), 3);
    out << "\n";
  }
}

// the implicit runs' real-time factor, cost per step and CPU share by phase
void costSplit(std::ostream& out, const TimingSeries& impl) {
  out << "\n" << impl.integrator << ": real-time factor (simulated / CPU time) and CPU by phase\n";
  for (size_t j = 0; j < impl.runs.size(); ++j) {
    // per tolerance: simulated seconds per cpu second, microseconds per step, then each phase's
    // share
    const RunStatistics& s = impl.runs[j].stats;
    out << "  tol " << formatTolerance(impl.tolerances[j]) << ": ";
    // no factor nor shares without CPU time (a run that failed at its start)
    if (!(s.cpuSeconds > 0.0)) {
      out << "no CPU time measured\n";
      continue;
    }
    out << formatNumber(simulatedSpan(impl, j) / s.cpuSeconds, 3) << "x real time, "
        << formatNumber(1e6 * s.cpuSeconds / std::max(1L, s.steps), 3) << " us per step;";
    // each phase's share of the run's CPU time
    for (const auto& [phase, seconds] : s.phaseSeconds)
      out << " " << phase << " " << formatNumber(100.0 * seconds / s.cpuSeconds, 3) << "%";
    out << "\n";
  }
}

}  // namespace

std::string toleranceTablesText(const std::string& channel, const std::vector<ToleranceRow>& rows) {
  // Tables 1 and 2 of the paper: the errors of the channel and of its rate
  std::ostringstream out;
  toleranceTable(out, "Table 1 (Sandu et al. 2001): error of " + channel, rows, false);
  toleranceTable(out, "Table 2 (Sandu et al. 2001): error of " + channel + ".rate", rows, true);
  return out.str();
}

std::string timingTablesText(const TimingSeries& explicitSeries, const TimingSeries& implicitSeries,
                             const std::vector<double>& spans) {
  // Tables 3 and 4 of the paper, then their ratio and where the implicit method spends its time
  std::ostringstream out;
  cpuTable(out, "Table 3 (Sandu et al. 2001): CPU time [s] of " + explicitSeries.integrator,
           explicitSeries, spans);
  cpuTable(out, "Table 4 (Sandu et al. 2001): CPU time [s] of " + implicitSeries.integrator,
           implicitSeries, spans);
  ratioTable(out, explicitSeries, implicitSeries, spans);
  costSplit(out, implicitSeries);
  return out.str();
}

}  // namespace mbw
