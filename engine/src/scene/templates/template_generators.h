#pragma once
// Internal to the scene templates: one generator per template (the list that declares them and
// their parameters is scene_templates.cpp). Each returns the scene as JSON text and throws
// TemplateError for values that make no mechanism.

#include <string>

#include "scene/templates/template_values.h"

namespace mbw::templates {

std::string chainScene(const TemplateValues& values);           // chain_templates.cpp
std::string doublePendulumScene(const TemplateValues& values);  // chain_templates.cpp
std::string fourBarScene(const TemplateValues& values);         // four_bar_templates.cpp
std::string nFourBarScene(const TemplateValues& values);        // four_bar_templates.cpp
std::string sliderCrankScene(const TemplateValues& values);     // slider_crank_template.cpp

}  // namespace mbw::templates
