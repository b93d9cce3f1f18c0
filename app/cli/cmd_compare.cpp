// mbw-cli compare SCENE: several integrators on one scene at the same Delta t / n (seed 002
// section 5: equal cost), side by side: steps, Newton iterations, energy balance extremes,
// constraint violation, CPU time, and overlaid time histories of chosen outputs (Figures 9-12).

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "analysis/integrator_study.h"
#include "cli_common.h"
#include "commands.h"
#include "integrators/registry.h"
#include "simulation/csv.h"

namespace mbw::cli {
namespace {

struct CompareCommand {
  std::string scene, integrators, channels = "energy.balance", output, plot, runsDirectory;
  double step = 0.0;
  bool perStage = false;
  RunOptions options;
};

struct Row {
  std::string label;
  int stages = 1;
  double step = 0.0;
  Results results;
  double minBalance = 0.0, maxBalance = 0.0, finalBalance = 0.0;
};

void extremes(const Results& r, const std::string& channel, double& lo, double& hi, double& last) {
  const int c = r.column(channel);
  lo = hi = last = 0.0;
  if (c < 0 || r.rowCount() == 0) return;
  const std::vector<double> v = r.columnValues(c);
  lo = *std::min_element(v.begin(), v.end());
  hi = *std::max_element(v.begin(), v.end());
  last = v.back();
}

int run(const CompareCommand& cmd) {
  const Model model = loadSceneOrThrow(cmd.scene);
  RunSettings base = cmd.options.resolve(model);
  std::vector<StudyMethod> methods;
  try {
    methods = parseStudyMethods(cmd.integrators);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }
  if (!(cmd.step > 0.0)) throw InputError("give --step (Delta t) or --step-per-stage (Delta t / n)");
  std::vector<std::string> channels;
  {
    std::stringstream ss(cmd.channels);
    std::string item;
    while (std::getline(ss, item, ','))
      if (!item.empty()) channels.push_back(item);
  }
  for (const std::string& ch : channels)
    base.recordMultipliers = base.recordMultipliers || ch.rfind("lambda.", 0) == 0;

  std::vector<Row> rows;
  for (const StudyMethod& m : methods) {
    RunSettings s;
    try {
      s = studyRunSettings(base, m, cmd.step, cmd.perStage);
    } catch (const ConfigurationError& e) {
      throw InputError(e.what());
    }
    Row row;
    row.label = m.label();
    row.stages = findIntegrator(m.integrator)->capabilities.implicitStages;
    row.step = s.integratorSettings.step;
    try {
      row.results = Simulation(model, s).run();
    } catch (const ConfigurationError& e) {
      throw InputError(e.what());
    } catch (const ModelError& e) {
      throw InputError(cmd.scene + ": " + e.what());
    }
    for (const std::string& ch : channels)
      if (row.results.column(ch) < 0) throw InputError("no output column '" + ch + "' (see a run's CSV header)");
    extremes(row.results, "energy.balance", row.minBalance, row.maxBalance, row.finalBalance);
    if (!cmd.runsDirectory.empty()) {
      std::string file = m.integrator + (m.rhoInf >= 0.0 ? "-" + formatNumber(m.rhoInf) : "") + ".csv";
      writeCsv(row.results, cmd.runsDirectory + "/" + file);
    }
    rows.push_back(std::move(row));
  }

  std::cout << model.name << ", t_end " << base.tEnd << " s, "
            << (cmd.perStage ? "Delta t / n = " : "Delta t = ") << cmd.step << " s\n";
  std::cout << std::left << std::setw(22) << "method" << std::setw(3) << "n" << std::setw(10) << "dt"
            << std::setw(11) << "status" << std::setw(8) << "steps" << std::setw(9) << "it/step"
            << std::setw(10) << "it/point" << std::setw(12) << "min dE" << std::setw(12) << "max dE"
            << std::setw(12) << "final dE" << std::setw(11) << "|phi|max" << "CPU s\n";
  for (const Row& r : rows) {
    const RunStatistics& s = r.results.stats;
    std::cout << std::setw(22) << r.label << std::setw(3) << r.stages << std::setw(10) << r.step
              << std::setw(11) << toString(r.results.status) << std::setw(8) << s.steps << std::setw(9)
              << formatNumber(iterationsPerStep(s)) << std::setw(10) << formatNumber(iterationsPerTimePoint(s))
              << std::setw(12) << formatNumber(r.minBalance) << std::setw(12) << formatNumber(r.maxBalance)
              << std::setw(12) << formatNumber(r.finalBalance) << std::setw(11)
              << formatNumber(columnMaxAbs(r.results, "violation.position")) << formatNumber(s.cpuSeconds)
              << "\n";
    if (!r.results.message.empty()) std::cout << "    " << r.results.message << "\n";
  }

  if (!cmd.output.empty()) {
    std::ofstream out(cmd.output);
    if (!out) throw InputError("cannot write '" + cmd.output + "'");
    out << "# scene: " << model.name << "\n# t_end: " << base.tEnd << "\n";
    out << "method,stages,step,status,steps,newton_iterations,time_points,iterations_per_step,"
           "iterations_per_time_point,energy_balance_min,energy_balance_max,energy_balance_final,"
           "violation_position_max,cpu_s\n" << std::setprecision(10);
    for (const Row& r : rows) {
      const RunStatistics& s = r.results.stats;
      out << '"' << r.label << "\"," << r.stages << ',' << r.step << ',' << toString(r.results.status) << ','
          << s.steps << ',' << s.newtonIterations << ',' << s.timePoints << ',' << iterationsPerStep(s) << ','
          << iterationsPerTimePoint(s) << ',' << r.minBalance << ',' << r.maxBalance << ',' << r.finalBalance
          << ',' << columnMaxAbs(r.results, "violation.position") << ',' << s.cpuSeconds << "\n";
    }
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty()) {
    plot::Figure f;
    std::ostringstream title;
    title << model.name << ": " << (cmd.perStage ? "Delta t / n = " : "Delta t = ") << cmd.step << " s";
    f.title = title.str();
    f.columns = 1;
    f.chartHeight = 380;
    for (const std::string& ch : channels) {
      plot::Chart c{ch, {"t [s]"}, {ch}, {}};
      for (const Row& r : rows)
        c.series.push_back({r.label, r.results.columnValues(0), r.results.columnValues(r.results.column(ch))});
      f.charts.push_back(c);
    }
    saveFigure(f, cmd.plot);
    std::cout << "plot  " << cmd.plot << "\n";
  }
  bool allCompleted = true;
  for (const Row& r : rows) allCompleted = allCompleted && r.results.status == RunStatus::Completed;
  return allCompleted ? kSuccess : kNumericalFailure;
}

}  // namespace

Command addCompareCommand(CLI::App& app) {
  auto cmd = std::make_shared<CompareCommand>();
  CLI::App* c = app.add_subcommand(
      "compare", "Several integrators on one scene at equal Delta t or Delta t / n, side by side");
  c->add_option("scene", cmd->scene, "built-in scene name or scene file")->required();
  c->add_option("--integrators", cmd->integrators, "comma-separated NAME or NAME:RHO_INF")->required();
  auto* step = c->add_option("--step", cmd->step, "Delta t of every method, s");
  auto* perStage = c->add_option("--step-per-stage", cmd->step, "Delta t / n, s (n = implicit stages): equal cost");
  step->excludes(perStage);
  c->callback([cmd, perStage] { cmd->perStage = perStage->count() > 0; });
  c->add_option("--channels", cmd->channels, "comma-separated outputs to plot")->capture_default_str();
  c->add_option("--output,-o", cmd->output, "write the table to this CSV file");
  c->add_option("--plot", cmd->plot, "write the overlaid outputs to this PNG file");
  c->add_option("--runs", cmd->runsDirectory, "write each run's CSV into this (existing) directory");
  cmd->options.addStudyOptionsTo(*c);
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
