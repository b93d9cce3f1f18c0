#pragma once
// The figures of the formulation study (Kissel et al. 2021 Figs. 4-7), as `mbw-cli study
// formulations` and any front end draw them, with the file names they are saved under (the tables
// are the engine's, studies/formulation_study_tables.h).

#include <string>
#include <utility>
#include <vector>

#include "chart.h"
#include "studies/formulation_study.h"
#include "studies/study_table.h"

namespace mbw::plot {

// Fig. 4 (Newton iterations per step of the four-link dynamics against h), Fig. 5 (the rA single
// pendulum's position, velocity and acceleration errors against h, with an order-1 line) and
// Figs. 6-7 (velocity and acceleration errors of every formulation on the slider crank and the four
// link), each with its PNG file name.
std::vector<std::pair<std::string, plot::Figure>> formulationStudyFigures(
    const FormulationStudy& study);

}  // namespace mbw::plot
