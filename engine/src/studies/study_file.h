#pragma once
// Reading a study file (study_schema.h) in the three phases of scenes: parse the JSON, validate it
// against the schema, then build the study and check it (integrators and their settings, scenes
// and their variations, outputs, reference). Every problem is reported with its JSON path in one
// SceneError naming the file.

#include <string>
#include <vector>

#include "scene/scene_error.h"
#include "studies/study.h"
#include "studies/work_precision.h"

namespace mbw {

struct StudyFile {
  std::string name, description;
  Study study;
  ErrorMeasure measure = ErrorMeasure::Max;  // of the work-precision diagram and the thresholds
  std::vector<double> thresholds;            // errors to reach (threshold_table.h)
  bool runFiles = false;                     // write each run's CSV
};

StudyFile parseStudyFile(const std::string& text, const std::string& path);
StudyFile readStudyFile(const std::string& path);

}  // namespace mbw
