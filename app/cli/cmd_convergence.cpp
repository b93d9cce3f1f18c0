// mbw-cli convergence SCENE: relative errors (Zhang et al. 2022 eq 26) of several integrators at several
// steps against a reference run, observed orders, and Newton iterations per step (Figure 28).
// The study is the engine's (studies/method_grid.h); this file parses and prints.

#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "study_console.h"
#include "studies/method_grid.h"

namespace mbw::cli {
namespace {

struct ConvergenceCommand {
  std::string scene, integrators, outputs, output, plot;
  std::vector<double> steps;
  bool perStage = false;
  ConvergenceReference reference;
  RunOptions options;
  StudyCliOptions study;
};

plot::Figure figureOf(const Study& study, const std::vector<RunRecord>& records,
                      const std::vector<std::string>& outputs, const std::string& title) {
  plot::Figure f;
  f.title = title;
  f.columns = 2;
  f.chartHeight = 380;
  std::map<std::string, std::vector<const RunRecord*>> byMethod;
  std::vector<std::string> order;
  for (const RunRecord& r : records) {
    const std::string label = methodLabel(study.runs[r.run].settings);
    if (!byMethod.count(label)) order.push_back(label);
    byMethod[label].push_back(&r);
  }
  for (size_t k = 0; k <= outputs.size(); ++k) {
    const bool iterations = k == outputs.size();
    plot::Chart c{iterations ? "Newton iterations per time point (S/N)" : "RE(" + outputs[k] + ")",
                  {"Delta t / n [s]", true},
                  {iterations ? "iterations" : "relative error", !iterations},
                  {}};
    for (const std::string& label : order) {
      plot::Series s{label, {}, {}};
      s.style = plot::Series::Style::LineAndMarkers;
      for (const RunRecord* r : byMethod[label]) {
        const RunSpec& spec = study.runs[r->run];
        s.x.push_back(spec.settings.integratorSettings.step / implicitStages(spec));
        s.y.push_back(iterations ? iterationsPerTimePoint(r->stats) : r->errors[k].relative);
      }
      c.series.push_back(s);
    }
    f.charts.push_back(c);
  }
  return f;
}

// RE of a run that completed, NaN otherwise
double re(const RunRecord& r, size_t k) {
  return r.status == RunStatus::Completed ? r.errors[k].relative : RunRecord::kNone;
}

void writeTable(const std::string& path, const Model& model, const Study& study,
                const std::vector<RunRecord>& records, const std::string& orderLines) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write '" + path + "'");
  out << "# scene: " << model.name << "\n# reference: " << study.references[0].description
      << "\n# RE: Zhang et al. 2022 eq 26\n";
  out << "method,stages,step,step_per_stage,status,steps,rejected,newton_iterations,time_points,"
         "iterations_per_step,iterations_per_time_point,cpu_s";
  for (const std::string& o : study.outputs) out << ",RE(" << o << ")";
  out << "\n" << std::setprecision(10);
  for (const RunRecord& r : records) {
    const RunSpec& spec = study.runs[r.run];
    const int stages = implicitStages(spec);
    const double step = spec.settings.integratorSettings.step;
    out << '"' << methodLabel(spec.settings) << "\"," << stages << ',' << step << ',' << step / stages << ','
        << toString(r.status) << ',' << r.stats.steps << ',' << r.stats.rejectedSteps << ','
        << r.stats.newtonIterations << ',' << r.stats.timePoints << ',' << iterationsPerStep(r.stats) << ','
        << iterationsPerTimePoint(r.stats) << ',' << r.stats.cpuSeconds;
    for (size_t k = 0; k < study.outputs.size(); ++k) out << ',' << re(r, k);
    out << "\n";
  }
  out << orderLines;
}

int run(const ConvergenceCommand& cmd) {
  const Model model = loadSceneOrThrow(cmd.scene);
  RunSettings base = cmd.options.resolve(model);
  if (cmd.steps.empty()) throw InputError("give the steps with --steps h1,h2,...");
  if (cmd.reference.refine < 1) throw InputError("--reference-refine must be at least 1");
  std::vector<std::string> outputs = splitList(cmd.outputs);
  if (outputs.empty()) {
    const std::string b = model.bodies.back().name;
    outputs = {b + ".x", b + ".vx", b + ".ax"};
  }
  base.every = 1;
  recordMultipliersFor(outputs, base);
  Study study;
  try {
    study = makeMethodStepStudy(cmd.scene, base, parseStudyMethods(cmd.integrators), cmd.steps, cmd.perStage);
    addConvergenceReference(study, base, cmd.reference, outputs);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }
  study.title = "convergence on " + model.name;

  const StudyOutcome outcome = runStudyFromCli(study, cmd.study, [&](const RunRecord& r) {
    std::ostringstream os;
    os << std::left << std::setw(22) << methodLabel(study.runs[r.run].settings) << " dt = " << std::setw(9)
       << study.runs[r.run].settings.integratorSettings.step << " " << toString(r.status) << ", "
       << formatNumber(iterationsPerTimePoint(r.stats)) << " it/point";
    for (size_t k = 0; k < outputs.size(); ++k) os << ", RE(" << outputs[k] << ") " << formatNumber(re(r, k));
    return os.str();
  });
  std::vector<RunRecord> records;
  for (const auto& r : outcome.records)
    if (r) records.push_back(*r);

  // observed orders
  std::cout << "\nobserved order (least-squares slope of log RE against log dt):\n";
  std::cout << std::left << std::setw(22) << "method";
  for (const std::string& o : outputs) std::cout << std::setw(16) << o;
  std::cout << std::setw(14) << "it/point" << "\n";
  std::vector<std::vector<MethodOrder>> orders;
  for (size_t k = 0; k < outputs.size(); ++k) orders.push_back(observedOrders(study, records, k));
  std::ostringstream orderLines;
  for (size_t m = 0; !orders.empty() && m < orders[0].size(); ++m) {
    std::cout << std::setw(22) << orders[0][m].method;
    for (size_t k = 0; k < outputs.size(); ++k) {
      std::cout << std::setw(16) << formatNumber(orders[k][m].order, 3);
      orderLines << "# order," << orders[k][m].method << "," << outputs[k] << "," << orders[k][m].order << "\n";
    }
    std::cout << std::setw(14) << formatNumber(orders[0][m].iterationsPerTimePoint) << "\n";
  }

  if (!cmd.output.empty()) {
    writeTable(cmd.output, model, study, records, orderLines.str());
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty()) {
    saveFigure(figureOf(study, records, outputs, model.name + " - convergence against " + study.references[0].description),
               cmd.plot);
    std::cout << "plot  " << cmd.plot << "\n";
  }
  if (outcome.interrupted) return kInterrupted;
  return outcome.failed() ? kNumericalFailure : kSuccess;
}

}  // namespace

Command addConvergenceCommand(CLI::App& app) {
  auto cmd = std::make_shared<ConvergenceCommand>();
  CLI::App* c = app.add_subcommand(
      "convergence", "Relative errors (Zhang et al. 2022 eq 26) and observed orders of integrators against a reference run");
  c->add_option("scene", cmd->scene, "built-in scene name or scene file")->required();
  c->add_option("--integrators", cmd->integrators, "comma-separated NAME or NAME:RHO_INF")->required();
  c->add_option("--steps", cmd->steps, "time steps Delta t (or Delta t / n with --per-stage)")
      ->required()->delimiter(',');
  c->add_flag("--per-stage", cmd->perStage, "the steps are Delta t / n (n = implicit stages): equal cost");
  c->add_option("--outputs", cmd->outputs,
                "comma-separated CSV columns compared, e.g. fe.x,of.wz,lambda.pin-o.1 (default: the "
                "last body's x, vx, ax)");
  c->add_option("--reference", cmd->reference.integrator, "integrator of the reference run")->capture_default_str();
  c->add_option("--reference-rtol", cmd->reference.rtol,
                "variable-step reference with rtol = atol = this (default: fixed step)");
  c->add_option("--reference-refine", cmd->reference.refine,
                "reference step = smallest step / this")->capture_default_str();
  c->add_option("--output,-o", cmd->output, "write the table (and the orders as comment lines) to this CSV file");
  c->add_option("--plot", cmd->plot, "write RE and iteration charts to this file (PNG; .svg or .pdf: a vector drawing)");
  cmd->options.addStudyOptionsTo(*c);
  cmd->study.addTo(*c);
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
