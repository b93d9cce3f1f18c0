// mbw-cli study tolerance|explicit-vs-implicit SCENE: the studies of Sandu et al. 2001; study
// formulations: the comparison of Kissel et al. 2021 (cmd_study_formulations.cpp).

#include "commands.h"
#include "study.h"

namespace mbw::cli {

Command addStudyCommand(CLI::App& app) {
  CLI::App* study = app.add_subcommand("study",
                                       "Reproduce the studies of the papers (Sandu et al. 2001, "
                                       "Kissel et al. 2021, Zhang et al. 2022)");
  study->require_subcommand(1);

  auto tol = std::make_shared<ToleranceStudyCommand>();
  ToleranceStudySettings& ts = tol->settings;
  CLI::App* t = study->add_subcommand(
      "tolerance",
      "Sandu et al. 2001 Tables 1-2: errors of a channel and its rate against a reference run "
      "for rtol = atol = 1e-2 .. 1e-5");
  t->add_option("scene", ts.scene, "built-in scene name or scene file")->required();
  t->add_option("--integrator", ts.integrator, "variable-step integrator")->capture_default_str();
  t->add_option("--channel", ts.channel,
                "compared channel (default: the scene's first named output)");
  t->add_option("--tolerances", ts.tolerances, "the tolerances")
      ->capture_default_str()
      ->delimiter(',');
  t->add_option("--t-end", ts.tEnd, "end time, s (default: the scene's)");
  t->add_option("--reference-tol", ts.referenceTolerance,
                "tolerance of the reference run (same integrator)")
      ->capture_default_str();
  t->add_option("--reference-step", ts.referenceStep,
                "a fixed-step reference instead (the paper's choice), s");
  t->add_flag("--quick", ts.quick, "tolerances 1e-2 and 1e-3 only, reference at 1e-8");
  t->add_option("--output,-o", tol->output, "write the table to this CSV file");
  t->add_option("--plot", tol->plot,
                "write a figure of the reference trajectory and the errors (PNG; .svg or .pdf)");
  tol->study.addTo(*t);

  auto tim = std::make_shared<TimingStudyCommand>();
  TimingStudySettings& es = tim->settings;
  CLI::App* e = study->add_subcommand(
      "explicit-vs-implicit",
      "Sandu et al. 2001 Tables 3-4 and Figure 5: CPU time of an explicit and an implicit "
      "integrator over "
      "1..4 s for rtol = atol = 1e-2 .. 1e-5, and the implicit step-size history");
  e->add_option("scene", es.scene, "built-in scene name or scene file")->required();
  e->add_option("--implicit", es.implicitIntegrator, "the implicit integrator")
      ->capture_default_str();
  e->add_option("--explicit", es.explicitIntegrator, "the explicit integrator")
      ->capture_default_str();
  e->add_option("--tolerances", es.tolerances, "the tolerances")
      ->capture_default_str()
      ->delimiter(',');
  e->add_option("--spans", es.spans, "simulated times at which CPU time is read, s")
      ->capture_default_str()
      ->delimiter(',');
  e->add_option("--channel", tim->channel,
                "Figure 5's quantity (default: the scene's first named output)");
  e->add_option("--figure-tol", es.figureTolerance, "tolerance of Figure 5's run")
      ->capture_default_str();
  e->add_option("--figure-t-end", es.figureEnd, "end of Figure 5's run, s (default: the scene's)");
  e->add_option("--cpu-budget", es.cpuBudget,
                "stop an explicit run after this much CPU time, s (0: none)")
      ->capture_default_str();
  e->add_option("--explicit-every", es.explicitEvery, "record every N-th explicit step")
      ->capture_default_str();
  e->add_flag("--quick", es.quick,
              "spans 0.3 and 0.6 s (through the front wheels' bump), tolerances 1e-2 and 1e-3");
  e->add_option("--output,-o", tim->output, "write the tables to this CSV file");
  e->add_option("--plot", tim->plot, "write Figure 5 (PNG; .svg or .pdf)");
  tim->study.addTo(*e);

  auto flex = std::make_shared<FlexibleStudyOptions>();
  CLI::App* x = study->add_subcommand(
      "flexible",
      "Zhang et al. 2022 sections 5.2-5.5: every method of the three groups on the flexible-beam "
      "benchmarks at the paper's "
      "Delta t / n (Figs 14-16 four-bar, 18-20 lateral buckling, 22-24 rotating shaft), the "
      "convergence study "
      "(Figs 25-27) and the Newton iterations per time point (Fig 28); CSV tables and PNG figures");
  x->add_option("parts", flex->parts,
                "four-bar, four-bar-fine, buckling, shaft, convergence, iterations (default: all)");
  x->add_option("--output-dir,-o", flex->outputDir, "directory of the CSV and PNG files")
      ->capture_default_str();
  x->add_option("--convergence-steps", flex->convergenceSteps,
                "Delta t / n of the convergence study, s")
      ->capture_default_str()
      ->delimiter(',');
  x->add_option("--reference-step", flex->referenceStep,
                "Delta t of the convergence study's reference, s")
      ->capture_default_str();
  x->add_flag("--quick", flex->quick, "one method per group (lms2 (0), lms2 (0.6), mssth3)");
  flex->options.addStudyOptionsTo(*x);
  flex->study.addTo(*x, false);
  flex->study.addFigureFormatTo(*x);

  const Command formulations = addStudyFormulationsCommand(*study);
  const Command workPrecision = addStudyWorkPrecisionCommand(*study);

  return {study, [tol, tim, flex, t, x, formulations, workPrecision] {
            if (formulations.subcommand->parsed()) return formulations.run();
            if (workPrecision.subcommand->parsed()) return workPrecision.run();
            if (x->parsed()) return runFlexibleStudy(*flex);
            return t->parsed() ? runToleranceStudy(*tol) : runTimingStudy(*tim);
          }};
}

}  // namespace mbw::cli
