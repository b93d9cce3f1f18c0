// mbw-cli study formulations: seed 001's comparison of rA, rp and rE (Tables 8-10, Figs. 4-7).

#include <filesystem>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "formulation_study.h"
#include "run_progress.h"

namespace mbw::cli {
namespace {

struct StudyFormulationsCommand {
  std::string outputDir = "study-formulations";
  int repeats = 10;
  bool quick = false;
};

int run(const StudyFormulationsCommand& cmd) {
  FormulationStudySettings settings = cmd.quick ? FormulationStudySettings::quick() : FormulationStudySettings{};
  if (!cmd.quick) settings.repeats = cmd.repeats;
  if (settings.repeats < 1) throw InputError("--repeats must be at least 1");
  std::error_code ec;
  std::filesystem::create_directories(cmd.outputDir, ec);
  if (ec) throw InputError("cannot create '" + cmd.outputDir + "': " + ec.message());

  TerminalProgress interrupt(1.0);  // Ctrl-C stops the study after the current group of runs
  const FormulationStudy study = runFormulationStudy(settings, [&](const std::string& what) {
    if (interrupt.interrupted()) return false;
    std::cerr << "study: " << what << "\n";
    return true;
  });

  const std::filesystem::path dir(cmd.outputDir);
  for (const auto& [file, table] : studyTables(study)) {
    table.print(std::cout);
    table.writeCsv((dir / file).string());
  }
#ifdef MBW_HAVE_PLOT
  for (const auto& [file, figure] : studyFigures(study)) saveFigure(figure, (dir / file).string());
  std::cout << "tables (CSV) and figures (PNG) in " << cmd.outputDir << "\n";
#else
  std::cout << "tables (CSV) in " << cmd.outputDir
            << "; figures skipped: this build has no plotting (configure with MBW_BUILD_GUI=ON)\n";
#endif

  if (study.interrupted) {
    std::cout << "interrupted (Ctrl-C): the tables hold the runs made until then\n";
    return kInterrupted;
  }
  bool failed = false;
  for (const auto* table : {&study.kinematics, &study.dynamics})
    for (const CostSeries& s : *table) failed = failed || !s.completed();
  for (const OrderSeries& o : study.orders)
    for (const OrderPoint& p : o.points) failed = failed || !p.completed;
  return failed ? kNumericalFailure : kSuccess;
}

}  // namespace

Command addStudyFormulationsCommand(CLI::App& study) {
  auto cmd = std::make_shared<StudyFormulationsCommand>();
  CLI::App* c = study.add_subcommand(
      "formulations",
      "Compare rA, rp and rE as seed 001 does: speedups and Newton iterations for kinematics and "
      "dynamics (Tables 8-10), iterations against the step (Fig. 4), order analysis (Figs. 5-7)");
  c->add_option("--output-dir,-o", cmd->outputDir, "directory for the CSV tables and PNG figures")
      ->capture_default_str();
  c->add_option("--repeats", cmd->repeats, "timed runs of every mechanism and formulation (averaged)")
      ->capture_default_str();
  c->add_flag("--quick", cmd->quick, "a short version: one 0.3 s timed run, three step sizes");
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
