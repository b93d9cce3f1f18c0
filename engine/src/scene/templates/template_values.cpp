#include "scene/templates/template_values.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "math/number_text.h"

namespace mbw {
namespace {

// a value in a message, to six significant digits
std::string text(double x) { return formatNumber(x, 6); }

// --- numbers and ranges --------------------------------------------------------------------------

// a whole-text number, or false
bool readNumber(const std::string& s, double& x) {
  // leading and trailing blanks allowed, nothing else after the number
  const char* begin = s.c_str();
  while (*begin == ' ') ++begin;
  char* end = nullptr;
  x = std::strtod(begin, &end);
  if (end == begin) return false;
  while (*end == ' ') ++end;
  return *end == '\0' && std::isfinite(x);
}

// a value out of its range, said for one value ("crank must be positive, got -1 m")
void checkRange(const TemplateParameter& p, double x, const std::string& what) {
  // the bounds, each inclusive or not as declared
  const bool low = p.minimumExcluded ? x <= p.minimum : x < p.minimum;
  const bool high = p.maximumExcluded ? x >= p.maximum : x > p.maximum;
  if (!low && !high) return;
  // "positive" for the common (0, max] case, else the interval
  const std::string unit = p.unit.empty() ? "" : " " + p.unit;
  const std::string range =
      low && p.minimumExcluded && p.minimum == 0.0 ? "positive" : "in " + p.rangeText() + unit;
  throw TemplateError(p.name, what + " must be " + range + ", got " + text(x) + unit);
}

}  // namespace

// --- the values of a template --------------------------------------------------------------------

TemplateValues::TemplateValues(const SceneTemplate& t, const TemplateArguments& arguments) {
  // every given name must be one of the template's parameters
  for (const auto& [name, value] : arguments) {
    bool known = false;
    for (const TemplateParameter& p : t.parameters) known = known || p.name == name;
    // an unknown name is refused, the known ones listed
    if (!known) {
      std::string names;
      for (const TemplateParameter& p : t.parameters) names += (names.empty() ? "" : ", ") + p.name;
      throw TemplateError("", "the template '" + t.name + "' has no parameter '" + name +
                                  "' (it has " + names + ")");
    }
  }
  // each parameter from its argument, or its default
  for (const TemplateParameter& p : t.parameters) {
    const auto given = arguments.find(p.name);
    parse(p, given == arguments.end() ? p.defaultValue : given->second);
  }
}

void TemplateValues::parse(const TemplateParameter& p, const std::string& value) {
  switch (p.kind) {
    // text: taken as given
    case ParameterKind::Text:
      texts_[p.name] = value;
      return;
    // a choice: one of the declared ones
    case ParameterKind::Choice:
      for (const std::string& c : p.choices)
        if (c == value) {
          texts_[p.name] = value;
          return;
        }
      throw TemplateError(p.name, "must be one of " + p.rangeText() + ", got '" + value + "'");
    // a flag: "true" or "false", kept as 1 or 0
    case ParameterKind::Flag:
      if (value != "true" && value != "false")
        throw TemplateError(p.name, "must be true or false, got '" + value + "'");
      numbers_[p.name] = {value == "true" ? 1.0 : 0.0};
      return;
    // an integer: a whole number within the range
    case ParameterKind::Integer: {
      double x = 0.0;
      if (!readNumber(value, x) || x != std::floor(x))
        throw TemplateError(p.name, "must be a whole number, got '" + value + "'");
      checkRange(p, x, "the value");
      numbers_[p.name] = {x};
      return;
    }
    // a number within the range
    case ParameterKind::Number: {
      double x = 0.0;
      if (!readNumber(value, x))
        throw TemplateError(p.name, "must be a number, got '" + value + "'");
      checkRange(p, x, "the value");
      numbers_[p.name] = {x};
      return;
    }
    case ParameterKind::Numbers: {
      // "a,b,c": exactly count numbers, each in range
      std::vector<double> xs;
      std::stringstream in(value);
      std::string item;
      while (std::getline(in, item, ',')) {
        double x = 0.0;
        if (!readNumber(item, x))
          throw TemplateError(p.name, "'" + item + "' is not a number (in '" + value + "')");
        xs.push_back(x);
      }
      // exactly count of them
      if (static_cast<int>(xs.size()) != p.count)
        throw TemplateError(p.name, "needs " + std::to_string(p.count) +
                                        " numbers separated by commas, got " +
                                        std::to_string(xs.size()) + " ('" + value + "')");
      // each in range, named by its element's name where it has one
      for (size_t k = 0; k < xs.size(); ++k)
        checkRange(
            p, xs[k],
            k < p.elementNames.size() ? p.elementNames[k] : "value " + std::to_string(k + 1));
      numbers_[p.name] = xs;
      return;
    }
  }
}

}  // namespace mbw
