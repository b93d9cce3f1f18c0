#pragma once
// The tables (Kissel et al. 2021 Tables 8, 9, 10, dynamics iterations, orders, order-analysis errors) and the
// figures (Figs. 4-7) of `mbw-cli study formulations`, with the file names they are saved under.

#include <string>
#include <utility>
#include <vector>

#include "chart.h"
#include "studies/formulation_study.h"
#include "study_table.h"

namespace mbw::cli {

std::vector<std::pair<std::string, StudyTable>> studyTables(const FormulationStudy& study);
std::vector<std::pair<std::string, plot::Figure>> studyFigures(const FormulationStudy& study);

}  // namespace mbw::cli
