#include "studies/study.h"

#include <sstream>

#include "integrators/registry.h"

namespace mbw {

std::string methodLabel(const RunSettings& settings) {
  // methods with a high-frequency damping parameter carry its effective value in their label
  const IntegratorInfo* info = findIntegrator(settings.integrator);
  if (!info || !info->capabilities.hasRhoInf) return settings.integrator;
  std::ostringstream os;
  os << settings.integrator << " (" << effectiveRhoInf(*info, settings.integratorSettings) << ")";
  return os.str();
}

int implicitStages(const RunSpec& spec) {
  // kinematics solves one position system per time point; a dynamic run costs its method's stages
  if (spec.analysis == RunAnalysis::Kinematics) return 1;
  const IntegratorInfo* info = findIntegrator(spec.settings.integrator);
  return info ? info->capabilities.implicitStages : 1;
}

double endTime(const RunSpec& spec) {
  // kinematic runs end at their own end time, dynamic runs at the run settings'
  return spec.analysis == RunAnalysis::Kinematics ? spec.kinematics.tEnd : spec.settings.tEnd;
}

std::string variantLabel(const SceneVariant& variant) {
  // the scene name, then each overridden field as "pointer = value"
  std::string label = variant.scene;
  for (const auto& [pointer, value] : variant.fields) label += " " + pointer + " = " + value;
  return label;
}

}  // namespace mbw
