// mbw-cli convergence SCENE: relative errors (seed 002 eq 26) of several integrators at several
// steps against a reference run, observed orders, and Newton iterations per step (Figure 28).

#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "analysis/integrator_study.h"
#include "cli_common.h"
#include "commands.h"
#include "integrators/registry.h"

namespace mbw::cli {
namespace {

struct ConvergenceCommand {
  std::string scene, integrators, outputs, output, plot;
  std::vector<double> steps;
  bool perStage = false;
  std::string reference = "esdirk4-6l2sa2";
  std::optional<double> referenceRtol;
  int referenceRefine = 10;
  RunOptions options;
};

struct Point {
  StudyMethod method;
  int stages = 1;
  double step = 0.0, stepPerStage = 0.0;
  RunStatus status = RunStatus::Running;
  RunStatistics stats;
  std::vector<double> re;  // per output
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

Results simulate(const Model& model, const RunSettings& s) {
  try {
    return Simulation(model, s).run();
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  } catch (const ModelError& e) {
    throw InputError(model.name + ": " + e.what());
  }
}

// the reference run and a sentence describing it
Results referenceRun(const Model& model, const RunSettings& base, const ConvergenceCommand& cmd,
                     double smallestStep, std::string& description) {
  RunSettings s = base;
  s.integrator = cmd.reference;
  s.integratorSettings.rhoInf = -1.0;
  std::ostringstream os;
  os << cmd.reference;
  if (cmd.referenceRtol) {
    s.integratorSettings.variableStep = true;
    s.integratorSettings.rtol = s.integratorSettings.atol = *cmd.referenceRtol;
    s.integratorSettings.step = smallestStep / cmd.referenceRefine;
    os << ", variable steps, rtol = atol = " << *cmd.referenceRtol;
  } else {
    // fixed step dividing the runs' steps; rows kept at the smallest run step
    s.integratorSettings.variableStep = false;
    s.integratorSettings.step = smallestStep / cmd.referenceRefine;
    s.every = cmd.referenceRefine;
    os << ", fixed step " << s.integratorSettings.step << " s (smallest step / " << cmd.referenceRefine << ")";
  }
  description = os.str();
  std::cout << "reference: " << description << " ..." << std::flush;
  Results r = simulate(model, s);
  if (r.status != RunStatus::Completed) throw InputError("the reference run failed: " + r.message);
  std::cout << " " << r.stats.steps << " steps, " << formatNumber(r.stats.cpuSeconds) << " s CPU\n";
  return r;
}

plot::Figure figureOf(const std::vector<Point>& points, const std::vector<std::string>& outputs,
                      const std::string& title) {
  plot::Figure f;
  f.title = title;
  f.columns = 2;
  f.chartHeight = 380;
  std::map<std::string, std::vector<const Point*>> byMethod;
  std::vector<std::string> order;
  for (const Point& p : points) {
    if (!byMethod.count(p.method.label())) order.push_back(p.method.label());
    byMethod[p.method.label()].push_back(&p);
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
      for (const Point* p : byMethod[label]) {
        s.x.push_back(p->stepPerStage);
        s.y.push_back(iterations ? iterationsPerTimePoint(p->stats) : p->re[k]);
      }
      c.series.push_back(s);
    }
    f.charts.push_back(c);
  }
  return f;
}

int run(const ConvergenceCommand& cmd) {
  const Model model = loadSceneOrThrow(cmd.scene);
  RunSettings base = cmd.options.resolve(model);
  std::vector<StudyMethod> methods;
  try {
    methods = parseStudyMethods(cmd.integrators);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }
  if (cmd.steps.empty()) throw InputError("give the steps with --steps h1,h2,...");
  if (cmd.referenceRefine < 1) throw InputError("--reference-refine must be at least 1");
  std::vector<std::string> outputs = split(cmd.outputs);
  if (outputs.empty()) {
    const std::string b = model.bodies.back().name;
    outputs = {b + ".x", b + ".vx", b + ".ax"};
  }
  base.every = 1;
  for (const std::string& o : outputs) base.recordMultipliers = base.recordMultipliers || o.rfind("lambda.", 0) == 0;

  // the smallest Delta t of all runs
  double smallest = 1e300;
  for (const StudyMethod& m : methods)
    for (double h : cmd.steps) smallest = std::min(smallest, studyRunSettings(base, m, h, cmd.perStage).integratorSettings.step);
  std::string refText;
  const Results reference = referenceRun(model, base, cmd, smallest, refText);

  std::vector<Point> points;
  for (const StudyMethod& m : methods) {
    for (double h : cmd.steps) {
      const RunSettings s = studyRunSettings(base, m, h, cmd.perStage);
      Point p;
      p.method = m;
      p.stages = findIntegrator(m.integrator)->capabilities.implicitStages;
      p.step = s.integratorSettings.step;
      p.stepPerStage = p.step / p.stages;
      const Results r = simulate(model, s);
      p.status = r.status;
      p.stats = r.stats;
      for (const std::string& o : outputs) {
        try {
          p.re.push_back(r.status == RunStatus::Completed ? relativeError(r, reference, o) : NAN);
        } catch (const std::invalid_argument& e) {
          throw InputError(std::string(e.what()) + " (outputs are CSV column names, e.g. body.x, body.wz, lambda.joint.1)");
        }
      }
      std::cout << std::left << std::setw(22) << m.label() << " dt = " << std::setw(9) << p.step << " "
                << toString(r.status) << ", " << formatNumber(iterationsPerTimePoint(r.stats)) << " it/point";
      for (size_t k = 0; k < outputs.size(); ++k) std::cout << ", RE(" << outputs[k] << ") " << formatNumber(p.re[k]);
      std::cout << "\n";
      points.push_back(std::move(p));
    }
  }

  // observed orders
  std::cout << "\nobserved order (least-squares slope of log RE against log dt):\n";
  std::cout << std::setw(22) << "method";
  for (const std::string& o : outputs) std::cout << std::setw(16) << o;
  std::cout << std::setw(14) << "it/point" << "\n";
  std::ostringstream orderLines;
  for (const StudyMethod& m : methods) {
    std::cout << std::setw(22) << m.label();
    double iterations = 0.0;
    int runs = 0;
    for (size_t k = 0; k <= outputs.size(); ++k) {
      std::vector<double> h, e;
      for (const Point& p : points)
        if (p.method.label() == m.label()) {
          h.push_back(p.step);
          if (k < outputs.size()) e.push_back(p.re[k]);
          else iterations += iterationsPerTimePoint(p.stats), ++runs;
        }
      if (k == outputs.size()) break;
      const double order = observedOrder(h, e);
      std::cout << std::setw(16) << formatNumber(order, 3);
      orderLines << "# order," << m.label() << "," << outputs[k] << "," << order << "\n";
    }
    std::cout << std::setw(14) << formatNumber(runs ? iterations / runs : 0.0) << "\n";
  }

  if (!cmd.output.empty()) {
    std::ofstream out(cmd.output);
    if (!out) throw InputError("cannot write '" + cmd.output + "'");
    out << "# scene: " << model.name << "\n# reference: " << refText << "\n# RE: seed 002 eq 26\n";
    out << "method,stages,step,step_per_stage,status,steps,rejected,newton_iterations,time_points,"
           "iterations_per_step,iterations_per_time_point,cpu_s";
    for (const std::string& o : outputs) out << ",RE(" << o << ")";
    out << "\n" << std::setprecision(10);
    for (const Point& p : points) {
      out << '"' << p.method.label() << "\"," << p.stages << ',' << p.step << ',' << p.stepPerStage << ','
          << toString(p.status) << ',' << p.stats.steps << ',' << p.stats.rejectedSteps << ','
          << p.stats.newtonIterations << ',' << p.stats.timePoints << ',' << iterationsPerStep(p.stats)
          << ',' << iterationsPerTimePoint(p.stats) << ',' << p.stats.cpuSeconds;
      for (double re : p.re) out << ',' << re;
      out << "\n";
    }
    out << orderLines.str();
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty()) {
    saveFigure(figureOf(points, outputs, model.name + " - convergence against " + refText), cmd.plot);
    std::cout << "plot  " << cmd.plot << "\n";
  }
  bool allCompleted = true;
  for (const Point& p : points) allCompleted = allCompleted && p.status == RunStatus::Completed;
  return allCompleted ? kSuccess : kNumericalFailure;
}

}  // namespace

Command addConvergenceCommand(CLI::App& app) {
  auto cmd = std::make_shared<ConvergenceCommand>();
  CLI::App* c = app.add_subcommand(
      "convergence", "Relative errors (seed 002 eq 26) and observed orders of integrators against a reference run");
  c->add_option("scene", cmd->scene, "built-in scene name or scene file")->required();
  c->add_option("--integrators", cmd->integrators, "comma-separated NAME or NAME:RHO_INF")->required();
  c->add_option("--steps", cmd->steps, "time steps Delta t (or Delta t / n with --per-stage)")
      ->required()->delimiter(',');
  c->add_flag("--per-stage", cmd->perStage, "the steps are Delta t / n (n = implicit stages): equal cost");
  c->add_option("--outputs", cmd->outputs,
                "comma-separated CSV columns compared, e.g. fe.x,of.wz,lambda.pin-o.1 (default: the "
                "last body's x, vx, ax)");
  c->add_option("--reference", cmd->reference, "integrator of the reference run")->capture_default_str();
  c->add_option("--reference-rtol", cmd->referenceRtol,
                "variable-step reference with rtol = atol = this (default: fixed step)");
  c->add_option("--reference-refine", cmd->referenceRefine,
                "reference step = smallest step / this")->capture_default_str();
  c->add_option("--output,-o", cmd->output, "write the table (and the orders as comment lines) to this CSV file");
  c->add_option("--plot", cmd->plot, "write RE and iteration charts to this PNG file");
  cmd->options.addStudyOptionsTo(*c);
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
