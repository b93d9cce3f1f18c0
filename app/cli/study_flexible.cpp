// mbw-cli study flexible: seed 002's experiments on the flexible-beam benchmarks (section 5.2-5.5):
// every method of the three groups at the seed's Delta t / n, the figures' time histories
// (Figs 14-16, 18-20, 22-24), the convergence study (Figs 25-27, study_flexible_convergence.cpp)
// and the Newton iterations per time point (Fig 28).

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "analysis/seed002_experiments.h"
#include "cli_common.h"
#include "integrators/registry.h"
#include "study.h"
#include "study_flexible.h"
#include "study_run.h"
#include "study_table.h"

namespace mbw::cli {

std::vector<MethodGroup> flexibleStudyGroups(bool quick) {
  std::vector<MethodGroup> groups = seed002MethodGroups();
  if (quick)
    for (MethodGroup& g : groups) g.methods.resize(1);
  return groups;
}

FlexibleRun runFlexible(const Model& model, const RunOptions& options, const StudyMethod& method,
                        double stepPerStage, double tEnd, const std::vector<std::string>& channels) {
  RunSettings base = options.resolve(model);
  base.tEnd = tEnd;
  // full Newton unless asked otherwise: a kept matrix contracts slowly on the beams' fast modes
  // and fails where full Newton converges (docs/studies.md), and Fig 28 counts iterations
  base.integratorSettings.jacobianUpdate = options.jacobianUpdate.value_or("iteration");
  base.recordBodies.emplace();
  for (const std::string& c : channels) {
    const std::string body = c.substr(0, c.rfind('.'));
    if (model.bodyIndex(body) >= 0) base.recordBodies->push_back(body);
  }
  FlexibleRun r;
  r.method = method;
  r.stages = findIntegrator(method.integrator)->capabilities.implicitStages;
  RunSettings s;
  try {
    s = studyRunSettings(base, method, stepPerStage, true);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }
  r.step = s.integratorSettings.step;
  StudyRun run = runForStudy(model, s, {}, 0.0, std::cerr, method.label() + ", dt = " + formatNumber(r.step) + " s");
  r.results = std::move(run.results);
  r.interrupted = run.interrupted;
  return r;
}

void addRunRow(StudyTable& table, const std::string& group, const FlexibleRun& r) {
  const RunStatistics& s = r.results.stats;
  table.rows.push_back({r.method.label(), group, cell(r.step), toString(r.results.status),
                        std::to_string(s.steps), cell(iterationsPerStep(s)), cell(iterationsPerTimePoint(s)),
                        cell(s.cpuSeconds), r.results.message});
}

StudyTable runTable(const std::string& title) {
  StudyTable t;
  t.title = title;
  t.header = {"method", "group", "dt", "status", "steps", "it/step", "it/point", "cpu_s", "message"};
  return t;
}

namespace {

// the time histories of the figures' channels, long format: method, t, channels...
void writeSeries(const std::string& path, const Experiment& e, const std::vector<FlexibleRun>& runs) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write '" + path + "'");
  out << "# scene: " << e.scene << "\n# Delta t / n: " << e.stepPerStage << " s\nmethod,t";
  for (const ExperimentFigure& f : e.figures) out << ',' << f.channel;
  out << "\n" << std::setprecision(10);
  for (const FlexibleRun& r : runs) {
    std::vector<int> columns;
    for (const ExperimentFigure& f : e.figures) columns.push_back(r.results.column(f.channel));
    for (size_t row = 0; row < r.results.rowCount(); ++row) {
      out << '"' << r.method.label() << "\"," << r.results.at(row, 0);
      for (int c : columns) out << ',' << (c >= 0 ? r.results.at(row, c) : NAN);
      out << "\n";
    }
  }
}

// one figure of the seed: a chart per method group, every run of the group overlaid
plot::Figure experimentFigure(const Experiment& e, const ExperimentFigure& f, const std::vector<MethodGroup>& groups,
                              const std::vector<FlexibleRun>& runs) {
  plot::Figure figure;
  std::ostringstream title;
  title << "Fig. " << f.number << ": " << e.scene << ", " << f.quantity << ", Delta t / n = " << e.stepPerStage << " s";
  figure.title = title.str();
  figure.columns = 1;
  figure.chartHeight = 360;
  size_t k = 0;
  for (const MethodGroup& g : groups) {
    plot::Chart c{g.title, {"t [s]"}, {f.quantity}, {}};
    for (size_t m = 0; m < g.methods.size(); ++m, ++k) {
      const Results& r = runs[k].results;
      const int col = r.column(f.channel);
      if (col < 0 || r.rowCount() == 0) continue;
      plot::Series s{runs[k].method.label() + (r.status == RunStatus::Completed ? "" : " (failed)"),
                     r.columnValues(0), r.columnValues(col)};
      s.dashed = m >= 7;  // the legend has 7 colours
      c.series.push_back(std::move(s));
    }
    figure.charts.push_back(std::move(c));
  }
  return figure;
}

}  // namespace

int runFlexibleFigures(const FlexibleStudyOptions& o, const Experiment& e) {
  const Model model = loadSceneOrThrow(e.scene);
  const std::vector<MethodGroup> groups = flexibleStudyGroups(o.quick);
  const double tEnd = o.options.tEnd.value_or(e.tEnd);
  std::cerr << "study flexible " << e.key << ": " << e.scene << ", Delta t / n = " << e.stepPerStage << " s\n";
  std::vector<std::string> channels;
  for (const ExperimentFigure& f : e.figures) channels.push_back(f.channel);
  std::vector<FlexibleRun> runs;
  StudyTable table = runTable(e.scene + " at Delta t / n = " + formatNumber(e.stepPerStage) + " s");
  for (const MethodGroup& g : groups)
    for (const StudyMethod& m : g.methods) {
      runs.push_back(runFlexible(model, o.options, m, e.stepPerStage, tEnd, channels));
      addRunRow(table, g.title.substr(0, 3), runs.back());
      if (runs.back().interrupted) return kInterrupted;
    }
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / (e.key + "_runs.csv")).string());
  writeSeries((dir / (e.key + "_series.csv")).string(), e, runs);
  for (const ExperimentFigure& f : e.figures) {
    const std::string file = (dir / ("fig" + std::to_string(f.number) + "_" + e.key + ".png")).string();
    saveFigure(experimentFigure(e, f, groups, runs), file);
    std::cout << "plot  " << file << "\n";
  }
  // a method that fails is a finding of the study (the table says why), not a failure of it
  return kSuccess;
}

int runFlexibleStudy(const FlexibleStudyOptions& o) {
  std::error_code ec;
  std::filesystem::create_directories(o.outputDir, ec);
  if (ec) throw InputError("cannot create '" + o.outputDir + "': " + ec.message());
  const std::vector<Experiment> all = seed002FlexibleExperiments();
  std::vector<std::string> parts = o.parts;
  if (parts.empty()) parts = {"four-bar", "four-bar-fine", "buckling", "shaft", "convergence", "iterations"};
  int status = kSuccess;
  for (const std::string& part : parts) {
    int s = kSuccess;
    if (part == "convergence") {
      s = runFlexibleConvergence(o);
    } else if (part == "iterations") {
      s = runFlexibleIterations(o);
    } else {
      const Experiment* e = nullptr;
      for (const Experiment& x : all)
        if (x.key == part) e = &x;
      if (!e) throw InputError("unknown part '" + part + "' (four-bar, four-bar-fine, buckling, shaft, convergence, iterations)");
      s = runFlexibleFigures(o, *e);
    }
    if (s == kInterrupted) return s;
    if (s != kSuccess) status = s;
  }
  return status;
}

}  // namespace mbw::cli
