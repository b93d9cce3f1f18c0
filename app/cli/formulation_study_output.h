#pragma once
// The figures (Kissel et al. 2021 Figs. 4-7) of `mbw-cli study formulations`, with the file names
// they are saved under (the tables are the engine's, studies/formulation_study_tables.h).

#include <string>
#include <utility>
#include <vector>

#include "chart.h"
#include "studies/formulation_study.h"
#include "studies/study_table.h"

namespace mbw::cli {

std::vector<std::pair<std::string, plot::Figure>> studyFigures(const FormulationStudy& study);

}  // namespace mbw::cli
