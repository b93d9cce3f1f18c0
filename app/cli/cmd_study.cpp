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

  // the tolerance study
  auto tol = std::make_shared<ToleranceStudyCommand>();
  CLI::App* t = study->add_subcommand(
      "tolerance",
      "Sandu et al. 2001 Tables 1-2: errors of a channel and its rate against a reference run "
      "for rtol = atol = 1e-2 .. 1e-5");
  addCommandOptions(*t, toleranceStudyOptions(*tol));
  addCommandOptions(*t, studyRunOptions(tol->study));

  // the explicit-versus-implicit study
  auto tim = std::make_shared<TimingStudyCommand>();
  CLI::App* e = study->add_subcommand(
      "explicit-vs-implicit",
      "Sandu et al. 2001 Tables 3-4 and Figure 5: CPU time of an explicit and an implicit "
      "integrator over "
      "1..4 s for rtol = atol = 1e-2 .. 1e-5, and the implicit step-size history");
  addCommandOptions(*e, timingStudyOptions(*tim));
  addCommandOptions(*e, studyRunOptions(tim->study));

  // the flexible-benchmark study, with the run options, --jobs and its figures' format
  auto flex = std::make_shared<FlexibleStudyOptions>();
  CLI::App* x = study->add_subcommand(
      "flexible",
      "Zhang et al. 2022 sections 5.2-5.5: every method of the three groups on the flexible-beam "
      "benchmarks at the paper's "
      "Delta t / n (Figs 14-16 four-bar, 18-20 lateral buckling, 22-24 rotating shaft), the "
      "convergence study "
      "(Figs 25-27) and the Newton iterations per time point (Fig 28); CSV tables and PNG figures");
  addCommandOptions(*x, flexibleStudyOptions(*flex));
  flex->options.addStudyOptionsTo(*x);
  addCommandOptions(*x, studyRunOptions(flex->study, kOfferFigureFormat));

  // the formulation and the work-precision studies, each in its own file
  const Command formulations = addStudyFormulationsCommand(*study);
  const Command workPrecision = addStudyWorkPrecisionCommand(*study);

  // the study parsed runs
  return {study, [tol, tim, flex, t, x, formulations, workPrecision] {
            if (formulations.subcommand->parsed()) return formulations.run();
            if (workPrecision.subcommand->parsed()) return workPrecision.run();
            if (x->parsed()) return runFlexibleStudy(*flex);
            return t->parsed() ? runToleranceStudy(*tol) : runTimingStudy(*tim);
          }};
}

}  // namespace mbw::cli
