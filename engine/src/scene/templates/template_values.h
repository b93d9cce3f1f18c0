#pragma once
// Internal to the scene templates: the arguments of one generation, parsed and checked against
// the template's declared parameters (scene_templates.h), read by the generators by name.

#include <map>
#include <string>
#include <vector>

#include "scene/templates/scene_templates.h"

namespace mbw {

class TemplateValues {
 public:
  // Parses every parameter of `t` from `arguments` (defaults for the missing ones). Throws
  // TemplateError naming the parameter for an unknown name, unreadable text or a value out of
  // range.
  TemplateValues(const SceneTemplate& t, const TemplateArguments& arguments);

  int integer(const std::string& name) const { return static_cast<int>(numbers_.at(name).front()); }
  double number(const std::string& name) const { return numbers_.at(name).front(); }
  const std::vector<double>& numbers(const std::string& name) const { return numbers_.at(name); }
  bool flag(const std::string& name) const { return numbers_.at(name).front() != 0.0; }
  const std::string& text(const std::string& name) const { return texts_.at(name); }
  // Choice parameters read as text too
  const std::string& choice(const std::string& name) const { return texts_.at(name); }

 private:
  void parse(const TemplateParameter& p, const std::string& value);

  std::map<std::string, std::vector<double>> numbers_;
  std::map<std::string, std::string> texts_;
};

}  // namespace mbw
