// The arguments of one generation (template_values.cpp): every parameter read from its argument
// or its default, by kind (a whole number, a number, "a,b,c", a flag, a choice, free text); each
// value refused with its parameter named when it is unknown, unreadable, of the wrong count or out
// of its range (the bounds inclusive or not as declared). On a template of the test's own, then
// on the declarations of the real ones (the ranges a user meets).

#include "scene/templates/template_values.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace mbw {
namespace {

// a template with a parameter of every kind
SceneTemplate valuesTemplate() {
  auto declare = [](std::string name, ParameterKind kind, std::string value) {
    TemplateParameter p;
    p.name = std::move(name);
    p.kind = kind;
    p.defaultValue = std::move(value);
    return p;
  };
  TemplateParameter count = declare("count", ParameterKind::Integer, "3");
  count.minimum = 1.0;
  count.maximum = 10.0;
  // (0, 2): both bounds excluded
  TemplateParameter size = declare("size", ParameterKind::Number, "0.5");
  size.unit = "m";
  size.maximum = 2.0;
  size.minimumExcluded = size.maximumExcluded = true;
  // [-90, 90] each
  TemplateParameter angles = declare("angles", ParameterKind::Numbers, "10,-20");
  angles.unit = "deg";
  angles.minimum = -90.0;
  angles.maximum = 90.0;
  angles.count = 2;
  angles.elementNames = {"upper", "lower"};
  TemplateParameter up = declare("up", ParameterKind::Choice, "z");
  up.choices = {"z", "y"};
  return {"test",
          "a parameter of each kind",
          {count, size, angles, up, declare("driven", ParameterKind::Flag, "false"),
           declare("name", ParameterKind::Text, "")}};
}

// the TemplateError of reading `arguments`: its parameter, then its message ("" when read)
std::pair<std::string, std::string> valuesRefusal(const SceneTemplate& t,
                                                  const TemplateArguments& arguments) {
  try {
    TemplateValues values(t, arguments);
  } catch (const TemplateError& e) {
    return {e.parameter(), e.what()};
  }
  return {"", ""};
}

// each kind of parameter is read from its argument, or its default when none is given
TEST(TemplateValues, ReadsEveryKindFromItsArgumentOrItsDefault) {
  const SceneTemplate t = valuesTemplate();
  // the defaults
  const TemplateValues defaults(t, {});
  EXPECT_EQ(defaults.integer("count"), 3);
  EXPECT_EQ(defaults.number("size"), 0.5);
  EXPECT_EQ(defaults.numbers("angles"), (std::vector<double>{10.0, -20.0}));
  EXPECT_EQ(defaults.choice("up"), "z");
  EXPECT_FALSE(defaults.flag("driven"));
  EXPECT_EQ(defaults.text("name"), "");
  // the arguments given, blanks around a number allowed, text taken as it is
  const TemplateValues given(t, {{"count", " 7 "},
                                 {"size", "1.5e-1"},
                                 {"angles", " -90, 90"},
                                 {"up", "y"},
                                 {"driven", "true"},
                                 {"name", " my, linkage "}});
  EXPECT_EQ(given.integer("count"), 7);
  EXPECT_EQ(given.number("size"), 0.15);
  EXPECT_EQ(given.numbers("angles"), (std::vector<double>{-90.0, 90.0}));
  EXPECT_EQ(given.number("angles"), -90.0);  // the first of them
  EXPECT_EQ(given.choice("up"), "y");
  EXPECT_TRUE(given.flag("driven"));
  EXPECT_EQ(given.text("name"), " my, linkage ");
}

// ranges are checked with the declared open or closed ends, and the refusal states the interval
TEST(TemplateValues, BoundsAreInclusiveOrNotAsDeclared) {
  const SceneTemplate t = valuesTemplate();
  // [1, 10]: both ends taken, beyond them refused with the interval
  EXPECT_EQ(TemplateValues(t, {{"count", "1"}}).integer("count"), 1);
  EXPECT_EQ(TemplateValues(t, {{"count", "10"}}).integer("count"), 10);
  EXPECT_EQ(valuesRefusal(t, {{"count", "11"}}).second, "the value must be in [1, 10], got 11");
  EXPECT_EQ(valuesRefusal(t, {{"count", "0"}}).second, "the value must be in [1, 10], got 0");
  // (0, 2): neither end; below an excluded zero is "positive", with the unit
  EXPECT_EQ(valuesRefusal(t, {{"size", "0"}}).second, "the value must be positive, got 0 m");
  EXPECT_EQ(valuesRefusal(t, {{"size", "-1"}}).second, "the value must be positive, got -1 m");
  EXPECT_EQ(valuesRefusal(t, {{"size", "2"}}).second, "the value must be in (0, 2) m, got 2 m");
  EXPECT_EQ(TemplateValues(t, {{"size", "1.999"}}).number("size"), 1.999);
  // each of several numbers is named by its element
  EXPECT_EQ(valuesRefusal(t, {{"angles", "0,91"}}),
            std::make_pair(std::string("angles"),
                           std::string("lower must be in [-90, 90] deg, got 91 deg")));
}

// unreadable values (text, inf, nan, a wrong count, an unknown choice) are refused quoting the
// value; an unknown parameter lists the template's own
TEST(TemplateValues, RefusesWhatItCannotReadNamingTheParameter) {
  const SceneTemplate t = valuesTemplate();
  const struct {
    const char* name;
    const char* value;
    const char* message;
  } cases[] = {
      {"count", "2.5", "must be a whole number, got '2.5'"},
      {"count", "", "must be a whole number, got ''"},
      {"size", "1 m", "must be a number, got '1 m'"},
      {"size", "inf", "must be a number, got 'inf'"},
      {"size", "nan", "must be a number, got 'nan'"},
      {"angles", "1", "needs 2 numbers separated by commas, got 1 ('1')"},
      {"angles", "1,2,3", "needs 2 numbers separated by commas, got 3 ('1,2,3')"},
      {"angles", "1,x", "'x' is not a number (in '1,x')"},
      {"up", "x", "must be one of z | y, got 'x'"},
      {"driven", "1", "must be true or false, got '1'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.name) + " = '" + c.value + "'");
    EXPECT_EQ(valuesRefusal(t, {{c.name, c.value}}),
              std::make_pair(std::string(c.name), std::string(c.message)));
  }
  // an unknown name is no parameter's fault: the template's are listed
  EXPECT_EQ(valuesRefusal(t, {{"colour", "red"}}),
            std::make_pair(std::string(""),
                           std::string("the template 'test' has no parameter 'colour' (it has "
                                       "count, size, angles, up, driven, name)")));
}

// the real templates' declarations refuse what a user may mistype, naming the parameter
TEST(TemplateValues, TheTemplatesDeclaredRangesAreThoseAUserMeets) {
  // the declarations of scene_templates.cpp, read by TemplateValues
  const struct {
    const char* name;
    TemplateArguments arguments;
    const char* parameter;
    const char* says;
  } cases[] = {
      {"chain", {{"links", "0"}}, "links", "must be in [1, 100000], got 0"},
      {"chain", {{"links", "2.5"}}, "links", "whole number"},
      {"chain", {{"length", "0"}}, "length", "must be positive, got 0 m"},
      {"chain", {{"mass", "heavy"}}, "mass", "must be a number"},
      {"chain", {{"up", "x"}}, "up", "one of z | y"},
      {"double-pendulum", {{"lengths", "1"}}, "lengths", "needs 2 numbers"},
      {"four-bar",
       {{"lengths", "0.2,-0.5,0.4,0.5"}},
       "lengths",
       "coupler must be positive, got -0.5 m"},
      {"four-bar", {{"driven", "maybe"}}, "driven", "true or false"},
      {"n-four-bar", {{"windows", "0"}}, "windows", "must be in [1, 10000]"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto [named, message] = valuesRefusal(*findSceneTemplate(c.name), c.arguments);
    EXPECT_EQ(named, c.parameter) << message;
    EXPECT_NE(message.find(c.says), std::string::npos) << message;
  }
  EXPECT_NE(valuesRefusal(*findSceneTemplate("chain"), {{"colour", "red"}})
                .second.find("has no parameter 'colour'"),
            std::string::npos);
}

}  // namespace
}  // namespace mbw
