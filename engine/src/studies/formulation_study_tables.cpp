// Tables of Kissel et al. 2021's formulation study (see formulation_study_tables.h).

#include "studies/formulation_study_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/integrator_study.h"

namespace mbw {
namespace {

// the cell of a value not measured
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// NaN for a series not measured (the study was interrupted)
double meanMicroseconds(const CostSeries* s) { return s ? s->meanMicroseconds() : kNaN; }
double bestMicroseconds(const CostSeries* s) { return s ? s->bestMicroseconds() : kNaN; }

// --- the cost tables: Tables 8 to 10 -------------------------------------------------------------

// how the timed runs were made, said once over each cost table
std::string runsNote(const FormulationStudySettings& s) {
  return "step " + cell(s.step) + " s, t_end " + cell(s.timingTEnd) + " s; mean of " +
         std::to_string(s.repeats) + (s.repeats == 1 ? " run" : " runs") +
         " in one process, interleaved across formulations; CPU time of the stepping loop "
         "(set-up and initial conditions excluded); speedup = rp time / time";
}

std::vector<std::string> mechanisms(const std::vector<CostSeries>& table) {
  // the mechanisms in the order the study ran them
  std::vector<std::string> out;
  for (const CostSeries& s : table)
    if (std::find(out.begin(), out.end(), s.mechanism) == out.end()) out.push_back(s.mechanism);
  return out;
}

// Tables 8 and 10: microseconds per step and speedup relative to rp
StudyTable speedupTable(const FormulationStudy& study, const std::vector<CostSeries>& table,
                        const std::string& title, const std::string& tolerance) {
  // the title, then how the runs were made and what stopped the newton iterations
  StudyTable t;
  t.title = title;
  t.notes = {runsNote(study.settings), tolerance};
  // the header: time per step in each formulation, then each one's speedup over rp, mean and best
  t.header = {"mechanism"};
  for (const std::string& f : study.formulations) t.header.push_back(f + " us/step");
  for (const std::string& f : study.formulations)
    if (f != "rp") t.header.push_back(f + " speedup");
  for (const std::string& f : study.formulations)
    if (f != "rp") t.header.push_back(f + " speedup (best)");
  t.header.push_back("spread");
  // a row per mechanism
  for (const std::string& m : mechanisms(table)) {
    // rp is the base of every speedup
    std::vector<std::string> row = {m};
    const double base = meanMicroseconds(study.cost(table, m, "rp"));
    const double bestBase = bestMicroseconds(study.cost(table, m, "rp"));
    double spread = 0.0;
    // a failed series says why in the notes, and its cell says failed
    for (const std::string& f : study.formulations) {
      const CostSeries* s = study.cost(table, m, f);
      if (s && !s->completed()) t.notes.push_back(m + ", " + f + ": " + s->message());
      row.push_back(s && !s->completed() ? "failed" : cell(meanMicroseconds(s)));
      if (s && s->completed()) spread = std::max(spread, s->spread());
    }
    // speedups from the mean and from the best times; the spread says how noisy they are
    for (const std::string& f : study.formulations)
      if (f != "rp") row.push_back(cell(base / meanMicroseconds(study.cost(table, m, f))));
    for (const std::string& f : study.formulations)
      if (f != "rp") row.push_back(cell(bestBase / bestMicroseconds(study.cost(table, m, f))));
    // the largest spread of the mechanism's series, in percent
    row.push_back(cell(100.0 * spread, 2) + "%");
    t.rows.push_back(row);
  }
  // what the best speedup and the spread mean
  t.notes.push_back(
      "speedup (best): from the fastest run of each; spread: largest (max - min) / mean "
      "of the per-step times over the runs (the load of the machine)");
  return t;
}

// Table 9 and its dynamics counterpart: Newton iterations per step
StudyTable iterationTable(const FormulationStudy& study, const std::vector<CostSeries>& table,
                          const std::string& title, const std::string& tolerance) {
  StudyTable t;
  t.title = title;
  // how the runs were made, and what stops the newton iterations
  t.notes = {"step " + cell(study.settings.step) + " s, t_end " + cell(study.settings.timingTEnd) +
                 " s; average over every step of every run",
             tolerance};
  // the header: a column per formulation
  t.header = {"mechanism"};
  for (const std::string& f : study.formulations) t.header.push_back(f);
  // one row per mechanism, one column per formulation
  for (const std::string& m : mechanisms(table)) {
    std::vector<std::string> row = {m};
    for (const std::string& f : study.formulations) {
      const CostSeries* s = study.cost(table, m, f);
      // a series the study did not run prints as a dash
      row.push_back(cell(s ? s->iterationsPerStep() : kNaN));
    }
    t.rows.push_back(row);
  }
  return t;
}

// --- the order tables: Figs. 5-7 -----------------------------------------------------------------

// the largest error of the completed points
double largest(const std::vector<OrderPoint>& points, double OrderPoint::*error) {
  double worst = 0.0;
  for (const OrderPoint& p : points)
    if (p.completed) worst = std::max(worst, p.*error);
  return worst;
}

std::string orderNote(const FormulationStudy& study) {
  // how the order runs were made, said over both order tables
  const auto& s = study.settings;
  return "backward Euler, error at t = " + cell(s.orderTEnd) +
         " s against the kinematic ground truth (rp, tolerance 1e-12); h from " +
         cell(s.orderSteps.front()) + " to " + cell(s.orderSteps.back()) +
         " s with Theta h^2 = " + cell(s.positionTolerance);
}

StudyTable ordersTable(const FormulationStudy& study) {
  // below ten newton tolerances, an error is the solver's, not the method's: no order from it
  const double floor = 10.0 * study.settings.positionTolerance;
  StudyTable t;
  t.title = "Convergence orders (least-squares slopes of log error against log h; Figs. 5-7)";
  t.notes = {orderNote(study), "'-': every error is below " + cell(floor) +
                                   " (the constraints hold the position to the Newton tolerance)"};
  // the header: what the orders are of, the three orders, and the largest error
  t.header = {"mechanism",      "coordinate",         "formulation",           "position order",
              "velocity order", "acceleration order", "largest position error"};
  // one row per mechanism and formulation: the orders of position, velocity and acceleration
  for (const OrderSeries& o : study.orders)
    t.rows.push_back({o.mechanism, o.coordinate.label(), o.formulation,
                      cell(resolvedOrder(o.points, &OrderPoint::positionError, floor)),
                      cell(resolvedOrder(o.points, &OrderPoint::velocityError, floor)),
                      cell(resolvedOrder(o.points, &OrderPoint::accelerationError, floor)),
                      cell(largest(o.points, &OrderPoint::positionError))});
  return t;
}

StudyTable orderPointsTable(const FormulationStudy& study) {
  // a row per point: its step, theta, the three errors at the end, its iterations and status
  StudyTable t;
  t.title = "Order analysis: errors at t_end";
  t.notes = {orderNote(study)};
  t.header = {"mechanism",
              "coordinate",
              "formulation",
              "h",
              "theta",
              "position error",
              "velocity error",
              "acceleration error",
              "iterations per step",
              "status"};
  // every point of every series, failed ones with their reason
  for (const OrderSeries& o : study.orders)
    for (const OrderPoint& p : o.points)
      t.rows.push_back({o.mechanism, o.coordinate.label(), o.formulation, cell(p.h), cell(p.theta),
                        cell(p.positionError, 6), cell(p.velocityError, 6),
                        cell(p.accelerationError, 6), cell(p.iterationsPerStep, 4),
                        p.completed ? "completed" : "failed: " + p.message});
  return t;
}

// --- the state-space comparison: joint coordinates against rp ------------------------------------

// a cell of a formulation that ran: a failure, or the value
std::string stateSpaceCell(const StateSpaceCell& c, double value) {
  return c.completed() ? cell(value) : "failed";
}

// why a formulation cannot run a scene, in a word: the tree's reason for joint coordinates
std::string refusalWord(const std::string& formulation, const std::string& refusal) {
  return formulation == kJointFormulation ? jointRefusalWord(refusal) : "refused";
}

StudyTable stateSpaceTable(const FormulationStudy& study) {
  const StateSpaceComparisonSettings& s = study.settings.stateSpace;
  const std::vector<std::string>& fs = s.formulations;
  StudyTable t;
  t.title = "State space: " + fs.back() + " against " + fs.front() + " with " + s.integrator +
            " at the same fixed step, every scene";
  t.notes = {
      s.integrator + " at the scene's own step from t = 0 to t_end (the scene's, at most " +
          cell(s.tEnd) + " s and " + std::to_string(s.maxSteps) +
          " steps); us/step: CPU time of the stepping loop per step, mean of " +
          std::to_string(study.settings.repeats) +
          (study.settings.repeats == 1 ? " run" : " runs") +
          " interleaved across formulations; speedup = " + fs.front() + " time / time",
      "error: largest |x - X| at t_end of the last body's centre (x, y, z), m, against CVODE BDF "
      "on the rp state-space ODE at rtol = atol = 1e-12",
      "rA, rE: the state-space integrators refuse them (Sandu et al. 2001's coordinate partition "
      "is written for Euler parameters); their index-3 costs are in Table 10",
      "a scene a formulation refuses is not run: its cell says why in a word, the notes in full"};
  // the header: the step, time per step in each formulation, speedups, spread, errors
  t.header = {"scene", "h"};
  for (const std::string& f : fs) t.header.push_back(f + " us/step");
  for (size_t k = 1; k < fs.size(); ++k) {
    t.header.push_back(fs[k] + " speedup");
    t.header.push_back(fs[k] + " speedup (best)");
  }
  t.header.push_back("spread");
  for (const std::string& f : fs) t.header.push_back(f + " error");
  // a row per scene
  for (const StateSpaceRow& row : study.stateSpace) {
    std::vector<std::string> r = {row.scene, cell(row.step)};
    // a refused formulation says why in full in the notes
    for (size_t k = 0; k < fs.size(); ++k)
      if (!row.cells[k].refusal.empty())
        t.notes.push_back(row.scene + ", " + fs[k] + ": " + row.cells[k].refusal);
    // costs per step, failures said in the notes
    double spread = 0.0;
    for (size_t k = 0; k < fs.size(); ++k) {
      const StateSpaceCell& c = row.cells[k];
      if (c.refusal.empty() && !c.runs.empty() && !c.completed())
        t.notes.push_back(row.scene + ", " + fs[k] + ": " + c.message());
      if (c.completed()) spread = std::max(spread, c.spread());
      r.push_back(!c.refusal.empty() ? refusalWord(fs[k], c.refusal)
                  : c.runs.empty()   ? "-"
                                     : stateSpaceCell(c, c.meanMicroseconds()));
    }
    // speedups over the first formulation, mean and best
    const StateSpaceCell& base = row.cells.front();
    for (size_t k = 1; k < fs.size(); ++k) {
      const StateSpaceCell& c = row.cells[k];
      r.push_back(cell(base.meanMicroseconds() / c.meanMicroseconds()));
      r.push_back(cell(base.bestMicroseconds() / c.bestMicroseconds()));
    }
    r.push_back(row.runs() && spread > 0.0 ? cell(100.0 * spread, 2) + "%" : "-");
    // the end errors at the same step
    for (size_t k = 0; k < fs.size(); ++k) {
      const StateSpaceCell& c = row.cells[k];
      if (c.accuracyMade && !c.accuracyCompleted)
        t.notes.push_back(row.scene + ", " + fs[k] + " (error run): " + c.accuracyMessage);
      r.push_back(!c.accuracyMade ? "-" : c.accuracyCompleted ? cell(c.error) : "failed");
    }
    t.rows.push_back(r);
  }
  return t;
}

}  // namespace

// --- the order fit, and the study's tables -------------------------------------------------------

double resolvedOrder(const std::vector<OrderPoint>& points, double OrderPoint::*error,
                     double floor) {
  // the slope through the completed points above the floor
  std::vector<double> h, e;
  for (const OrderPoint& p : points)
    if (p.completed && p.*error > floor) {
      h.push_back(p.h);
      e.push_back(p.*error);
    }
  return observedOrder(h, e);
}

std::vector<std::pair<std::string, StudyTable>> formulationStudyTables(
    const FormulationStudy& study) {
  // what stops the newton iterations, said under the tables of each analysis
  const std::string kinTol =
      "position analysis stopped when |correction| < " + cell(study.settings.kinematicsTolerance);
  const std::string dynTol =
      "Newton stopped when |correction| < Theta with Theta h^2 = " +
      cell(study.settings.positionTolerance) + " (eq 46: Theta = " +
      cell(study.settings.positionTolerance / (study.settings.step * study.settings.step)) +
      "; the caption of the paper's Table 10 says Theta = 1e-3)";
  // the file name of each table, with the paper's table numbers in the titles
  return {
      // the kinematic analysis: Tables 8 and 9
      {"table8_kinematics_speedup.csv",
       speedupTable(study, study.kinematics,
                    "Table 8 - kinematics: CPU time per step and speedup relative to rp", kinTol)},
      {"table9_kinematics_iterations.csv",
       iterationTable(study, study.kinematics,
                      "Table 9 - kinematics: Newton iterations per step (position analysis)",
                      kinTol)},
      // the dynamics: Table 10 and the iterations it took
      {"table10_dynamics_speedup.csv", speedupTable(study, study.dynamics,
                                                    "Table 10 - dynamics (index-3 backward Euler): "
                                                    "CPU time per step and speedup relative to rp",
                                                    dynTol)},
      {"dynamics_iterations.csv",
       iterationTable(study, study.dynamics, "Dynamics: Newton iterations per step", dynTol)},
      // the order analysis of Figs. 5-7
      {"orders.csv", ordersTable(study)},
      {"order_analysis.csv", orderPointsTable(study)},
      // joint coordinates against rp, with a state-space integrator
      {"state_space_joint.csv", stateSpaceTable(study)},
  };
}

}  // namespace mbw
