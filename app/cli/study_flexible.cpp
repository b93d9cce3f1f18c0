// mbw-cli study flexible: seed 002's experiments on the flexible-beam benchmarks (section 5.2-5.5):
// every method of the three groups at the seed's Delta t / n, the figures' time histories
// (Figs 14-16, 18-20, 22-24), the convergence study (Figs 25-27, study_flexible_convergence.cpp)
// and the Newton iterations per time point (Fig 28). The studies are the engine's
// (studies/method_grid.h); this file builds, prints and draws.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "study_flexible.h"

namespace mbw::cli {

std::vector<MethodGroup> flexibleStudyGroups(bool quick) {
  std::vector<MethodGroup> groups = seed002MethodGroups();
  if (quick)
    for (MethodGroup& g : groups) g.methods.resize(1);
  return groups;
}

Study flexibleStudy(const Model& model, const FlexibleStudyOptions& o, const std::vector<MethodGroup>& groups,
                    const std::vector<double>& stepsPerStage, double tEnd, const std::vector<std::string>& channels) {
  RunSettings base = o.options.resolve(model);
  base.tEnd = tEnd;
  // full Newton unless asked otherwise: a kept matrix contracts slowly on the beams' fast modes
  // and fails where full Newton converges (docs/studies.md), and Fig 28 counts iterations
  base.integratorSettings.jacobianUpdate = o.options.jacobianUpdate.value_or("iteration");
  base.recordBodies.emplace();
  for (const std::string& c : channels) {
    const std::string body = c.substr(0, c.rfind('.'));
    if (model.bodyIndex(body) >= 0) base.recordBodies->push_back(body);
  }
  std::vector<StudyMethod> methods;
  for (const MethodGroup& g : groups) methods.insert(methods.end(), g.methods.begin(), g.methods.end());
  try {
    Study s = makeMethodStepStudy(model.name, base, methods, stepsPerStage, true);
    s.title = model.name;
    return s;
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }
}

StudyRunHooks HistoryKeeper::hooks() {
  StudyRunHooks h;
  h.onResults = [this](int run, const Results& results) {
    Results kept = keepChannels(results, channels_);
    std::lock_guard<std::mutex> lock(mutex_);
    histories_[run] = std::move(kept);
  };
  return h;
}

const Results* HistoryKeeper::history(int run) const {
  const auto it = histories_.find(run);
  return it == histories_.end() ? nullptr : &it->second;
}

std::vector<RunRecord> executeFlexible(const Study& study, const FlexibleStudyOptions& o, StudyRunHooks hooks,
                                       bool& interrupted) {
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

StudyTable runTable(const std::string& title) {
  StudyTable t;
  t.title = title;
  t.header = {"method", "group", "dt", "status", "steps", "it/step", "it/point", "cpu_s", "message"};
  return t;
}

void addRunRow(StudyTable& table, const std::string& group, const Study& study, const RunRecord& r) {
  const RunStatistics& s = r.stats;
  table.rows.push_back({methodLabel(study.runs[r.run].settings), group,
                        cell(study.runs[r.run].settings.integratorSettings.step), toString(r.status),
                        std::to_string(s.steps), cell(iterationsPerStep(s)), cell(iterationsPerTimePoint(s)),
                        cell(s.cpuSeconds), r.message});
}

namespace {

// the group ("(a)", "(b)", "(c)") of method m of the flattened groups
std::string groupOf(const std::vector<MethodGroup>& groups, size_t m) {
  for (const MethodGroup& g : groups) {
    if (m < g.methods.size()) return g.title.substr(0, 3);
    m -= g.methods.size();
  }
  return "";
}

// the time histories of the figures' channels, long format: method, t, channels...
void writeSeries(const std::string& path, const Experiment& e, const Study& study, const HistoryKeeper& histories) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write '" + path + "'");
  out << "# scene: " << e.scene << "\n# Delta t / n: " << e.stepPerStage << " s\nmethod,t";
  for (const ExperimentFigure& f : e.figures) out << ',' << f.channel;
  out << "\n" << std::setprecision(10);
  for (size_t run = 0; run < study.runs.size(); ++run) {
    const Results* r = histories.history(static_cast<int>(run));
    if (!r) continue;
    std::vector<int> columns;
    for (const ExperimentFigure& f : e.figures) columns.push_back(r->column(f.channel));
    for (size_t row = 0; row < r->rowCount(); ++row) {
      out << '"' << methodLabel(study.runs[run].settings) << "\"," << r->at(row, 0);
      for (int c : columns) out << ',' << (c >= 0 ? r->at(row, c) : NAN);
      out << "\n";
    }
  }
}

// one figure of the seed: a chart per method group, every run of the group overlaid
plot::Figure experimentFigure(const Experiment& e, const ExperimentFigure& f, const std::vector<MethodGroup>& groups,
                              const Study& study, const std::vector<RunRecord>& records, const HistoryKeeper& histories) {
  plot::Figure figure;
  std::ostringstream title;
  title << "Fig. " << f.number << ": " << e.scene << ", " << f.quantity << ", Delta t / n = " << e.stepPerStage << " s";
  figure.title = title.str();
  figure.columns = 1;
  figure.chartHeight = 360;
  size_t run = 0;
  for (const MethodGroup& g : groups) {
    plot::Chart c{g.title, {"t [s]"}, {f.quantity}, {}};
    for (size_t m = 0; m < g.methods.size(); ++m, ++run) {
      const Results* r = histories.history(static_cast<int>(run));
      if (!r || r->rowCount() == 0 || r->column(f.channel) < 0) continue;
      bool failed = true;
      for (const RunRecord& rec : records)
        if (rec.run == static_cast<int>(run)) failed = rec.status != RunStatus::Completed;
      const double lastTime = r->at(r->rowCount() - 1, 0);
      plot::Series s{methodLabel(study.runs[run].settings) +
                         (failed ? " (failed at t = " + formatNumber(lastTime, 4) + " s)" : ""),
                     {}, {}};
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
  const std::vector<MethodGroup> groups = flexibleStudyGroups(o.quick);
  std::vector<std::string> channels;
  for (const ExperimentFigure& f : e.figures) channels.push_back(f.channel);
  const Study study = flexibleStudy(model, o, groups, {e.stepPerStage}, o.options.tEnd.value_or(e.tEnd), channels);
  HistoryKeeper histories(channels);
  bool interrupted = false;
  const std::vector<RunRecord> records = executeFlexible(study, o, histories.hooks(), interrupted);

  StudyTable table = runTable(e.scene + " at Delta t / n = " + formatNumber(e.stepPerStage) + " s");
  for (const RunRecord& r : records) addRunRow(table, groupOf(groups, r.run), study, r);
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / (e.key + "_runs.csv")).string());
  writeSeries((dir / (e.key + "_series.csv")).string(), e, study, histories);
  for (const ExperimentFigure& f : e.figures) {
    const std::string file = o.study.figureFile((dir / ("fig" + std::to_string(f.number) + "_" + e.key + ".png")).string());
    saveSideFigure(experimentFigure(e, f, groups, study, records, histories), file, std::cout);
  }
  // a method that fails is a finding of the study (the table says why), not a failure of it
  return interrupted ? kInterrupted : kSuccess;
}

int runFlexibleStudy(const FlexibleStudyOptions& o) {
  std::error_code ec;
  std::filesystem::create_directories(o.outputDir, ec);
  if (ec) throw InputError("cannot create '" + o.outputDir + "': " + ec.message());
  const std::vector<Experiment> all = seed002FlexibleExperiments();
  std::vector<std::string> parts = o.parts;
  if (parts.empty()) parts = {"four-bar", "four-bar-fine", "buckling", "shaft", "convergence", "iterations"};
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
      if (!e) throw InputError("unknown part '" + part + "' (four-bar, four-bar-fine, buckling, shaft, convergence, iterations)");
      status = runFlexibleFigures(o, *e);
    }
    if (status != kSuccess) return status;
  }
  return kSuccess;
}

}  // namespace mbw::cli
