// mbw-cli study flexible: Zhang et al.'s experiments on the flexible-beam benchmarks
// (section 5.2-5.5): every method of the three groups at the paper's Delta t / n, the figures' time
// histories (Figs 14-16, 18-20, 22-24), the convergence study (Figs 25-27,
// study_flexible_convergence.cpp) and the Newton iterations per time point (Fig 28). The studies
// are the engine's (studies/flexible_benchmark_studies.h) as are their tables
// (studies/flexible_study_tables.h); this file runs, prints and draws.

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "study_flexible.h"

namespace mbw::cli {

FlexibleStudy flexibleStudy(const Model& model, const FlexibleStudyOptions& o,
                            const std::vector<double>& stepsPerStage, double tEnd,
                            const std::vector<std::string>& channels) {
  FlexibleStudySettings settings;
  settings.stepsPerStage = stepsPerStage;
  settings.tEnd = tEnd;
  settings.channels = channels;
  if (o.options.jacobianUpdate) settings.jacobianUpdate = *o.options.jacobianUpdate;
  settings.quick = o.quick;
  try {
    return makeFlexibleStudy(model, o.options.resolve(model), settings);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }
}

std::vector<RunRecord> executeFlexible(const Study& study, const FlexibleStudyOptions& o,
                                       StudyRunHooks hooks, bool& interrupted) {
  std::cerr << "study flexible: " << study.title << ", " << study.runs.size() << " runs\n";
  const StudyOutcome outcome = runStudyFromCli(
      study, o.study,
      [&](const RunRecord& r) {
        const RunSpec& spec = study.runs[r.run];
        std::ostringstream os;
        os << std::left << std::setw(22) << methodLabel(spec.settings) << " dt = " << std::setw(9)
           << spec.settings.integratorSettings.step << " " << recordSummary(r);
        return os.str();
      },
      std::move(hooks));
  interrupted = outcome.interrupted;
  std::vector<RunRecord> records;
  for (const auto& r : outcome.records)
    if (r) records.push_back(*r);
  return records;
}

namespace {

// one figure of the paper: a chart per method group, every run of the group overlaid
plot::Figure experimentFigure(const Experiment& e, const ExperimentFigure& f,
                              const FlexibleStudy& flexible, const std::vector<RunRecord>& records,
                              const RunHistories& histories) {
  const Study& study = flexible.study;
  plot::Figure figure;
  std::ostringstream title;
  title << "Fig. " << f.number << ": " << e.scene << ", " << f.quantity
        << ", Delta t / n = " << e.stepPerStage << " s";
  figure.title = title.str();
  figure.columns = 1;
  figure.chartHeight = 360;
  for (size_t g = 0; g < flexible.groups.size(); ++g) {
    plot::Chart c{flexible.groups[g].title, {"t [s]"}, {f.quantity}, {}};
    for (size_t m = 0; m < flexible.groups[g].methods.size(); ++m) {
      const int run = flexible.run(static_cast<int>(g), static_cast<int>(m));
      const Results* r = histories.history(run);
      if (!r || r->rowCount() == 0 || r->column(f.channel) < 0) continue;
      bool failed = true;
      for (const RunRecord& rec : records)
        if (rec.run == run) failed = rec.status != RunStatus::Completed;
      const double lastTime = r->at(r->rowCount() - 1, 0);
      plot::Series s{methodLabel(study.runs[run].settings) +
                         (failed ? " (failed at t = " + formatNumber(lastTime, 4) + " s)" : ""),
                     {},
                     {}};
      // the rows of the figure's window only (a run that failed in its run-in keeps the row of
      // its failure, before the window)
      const double from = study.runs[run].settings.recordFrom;
      const int col = r->column(f.channel);
      for (size_t row = 0; row < r->rowCount(); ++row)
        if (r->at(row, 0) >= from) s.x.push_back(r->at(row, 0)), s.y.push_back(r->at(row, col));
      s.dashed = m >= 7;  // dashed from the eighth method: the 8 colours repeat in a group of ten
      c.series.push_back(std::move(s));
    }
    figure.charts.push_back(std::move(c));
  }
  return figure;
}

}  // namespace

int runFlexibleFigures(const FlexibleStudyOptions& o, const Experiment& e) {
  const Model model = loadSceneOrThrow(e.scene);
  std::vector<std::string> channels;
  for (const ExperimentFigure& f : e.figures) channels.push_back(f.channel);
  const FlexibleStudy flexible =
      flexibleStudy(model, o, {e.stepPerStage}, o.options.tEnd.value_or(e.tEnd), channels);
  const Study& study = flexible.study;
  RunHistories histories(channels);
  bool interrupted = false;
  const std::vector<RunRecord> records = executeFlexible(study, o, histories.hooks(), interrupted);

  StudyTable table =
      flexibleRunTable(e.scene + " at Delta t / n = " + formatNumber(e.stepPerStage) + " s");
  for (const RunRecord& r : records)
    addFlexibleRunRow(table, groupKey(flexible.groupOf(r.run)), study, r);
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / (e.key + "_runs.csv")).string());
  writeFlexibleSeries((dir / (e.key + "_series.csv")).string(), e, study, histories);
  for (const ExperimentFigure& f : e.figures) {
    const std::string file = o.study.figureFile(
        (dir / ("fig" + std::to_string(f.number) + "_" + e.key + ".png")).string());
    saveSideFigure(experimentFigure(e, f, flexible, records, histories), file, std::cout);
  }
  // a method that fails is a finding of the study (the table says why), not a failure of it
  return interrupted ? kInterrupted : kSuccess;
}

int runFlexibleStudy(const FlexibleStudyOptions& o) {
  std::error_code ec;
  std::filesystem::create_directories(o.outputDir, ec);
  if (ec) throw InputError("cannot create '" + o.outputDir + "': " + ec.message());
  const std::vector<Experiment> all = flexibleBenchmarkExperiments();
  std::vector<std::string> parts = o.parts;
  if (parts.empty())
    parts = {"four-bar", "four-bar-fine", "buckling", "shaft", "convergence", "iterations"};
  for (const std::string& part : parts) {
    int status = kSuccess;
    if (part == "convergence") {
      status = runFlexibleConvergence(o);
    } else if (part == "iterations") {
      status = runFlexibleIterations(o);
    } else {
      const Experiment* e = nullptr;
      for (const Experiment& x : all)
        if (x.key == part) e = &x;
      if (!e)
        throw InputError("unknown part '" + part +
                         "' (four-bar, four-bar-fine, buckling, shaft, convergence, iterations)");
      status = runFlexibleFigures(o, *e);
    }
    if (status != kSuccess) return status;
  }
  return kSuccess;
}

}  // namespace mbw::cli
