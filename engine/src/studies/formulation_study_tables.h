#pragma once
// The tables of Kissel et al. 2021's comparison of rA, rp and rE (formulation_study.h), built from
// the study's measurements: Table 8 (kinematics) and Table 10 (index-3 backward Euler dynamics),
// CPU time per step and speedup relative to rp, mean and best; Table 9 and its dynamics
// counterpart, Newton iterations per step; the order analysis's errors at t_end and their
// observed orders, the least-squares slope of log error against log h over the errors above
// 10 Theta h^2 (smaller ones are the Newton tolerance's, not the step's), eq 46; and the
// state-space comparison of joint coordinates with rp (formulation_state_space.h), a row per
// scene: CPU time per step, speedup, spread and end errors, or the refusal in a word.

#include <string>
#include <utility>
#include <vector>

#include "studies/formulation_study.h"
#include "studies/study_table.h"

namespace mbw {

// Each table with the file name it is saved under (table8_kinematics_speedup.csv, ...).
std::vector<std::pair<std::string, StudyTable>> formulationStudyTables(
    const FormulationStudy& study);

// The observed order of one error of an order series, over the completed points whose error is
// above floor; NaN when fewer than two are.
double resolvedOrder(const std::vector<OrderPoint>& points, double OrderPoint::*error,
                     double floor);

}  // namespace mbw
