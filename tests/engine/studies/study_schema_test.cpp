// The study file's schema (study_schema.cpp): a whole schema (every object and variant a field
// refers to is in it), a valid study file passes it and a misspelt field is caught, the closed
// forms it offers are those the engine has. (That docs/study-format.md is its page:
// study_file_test.)

#include "studies/study_schema.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "analysis/iftomm_references.h"
#include "scene/schema_validation.h"

namespace mbw {
namespace {

// every object or array field's type and every variant is itself an object of the schema
TEST(StudySchema, EveryReferencedTypeExists) {
  const std::vector<ObjectSpec>& schema = studySchema();
  ASSERT_NE(findObjectSpec(schema, "study"), nullptr);
  for (const ObjectSpec& o : schema) {
    for (const FieldSpec& f : o.fields)
      if (f.kind == FieldKind::Object || f.kind == FieldKind::Array ||
          f.kind == FieldKind::ValueLists) {
        EXPECT_NE(findObjectSpec(schema, f.type), nullptr) << o.name << "." << f.name;
      }
    for (const std::string& v : o.variants)
      EXPECT_NE(findObjectSpec(schema, o.name + "/" + v), nullptr) << v;
  }
}

// the study schema accepts a valid study and locates a misspelt field at its JSON path
TEST(StudySchema, AStudyFilePassesItAndAMisspeltFieldDoesNot) {
  // a valid study has no issues; a misspelt field is one issue at its JSON path
  const nlohmann::json study = nlohmann::json::parse(
      R"({"format": "mbw-study", "version": 1, "name": "t",
          "scenes": [{"scene": "double-pendulum", "t_end": 0.1}],
          "integrators": [{"name": "rn4", "tolerances": [1e-3]}], "outputs": ["body_2.z"]})");
  std::vector<SceneIssue> issues;
  validateAgainstSchema(study, studySchema(), "study", "", issues);
  EXPECT_TRUE(issues.empty()) << issues[0].path << ": " << issues[0].message;
  nlohmann::json misspelt = study;
  misspelt["integrators"][0]["tolerance"] = {1e-3};
  validateAgainstSchema(misspelt, studySchema(), "study", "", issues);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].path, "/integrators/0/tolerance");
}

// the schema's closed_form choices are exactly the closed-form references the engine can compute
TEST(StudySchema, OffersTheClosedFormsTheEngineHas) {
  // the closed_form field offers exactly the closed-form references the engine knows
  const ObjectSpec* reference = findObjectSpec(studySchema(), "study-reference");
  ASSERT_NE(reference, nullptr);
  const FieldSpec* closedForm = nullptr;
  for (const FieldSpec& f : reference->fields)
    if (f.name == "closed_form") closedForm = &f;
  ASSERT_NE(closedForm, nullptr);
  EXPECT_EQ(closedForm->kind, FieldKind::Enum);
  EXPECT_EQ(closedForm->choices, closedFormReferenceNames());
  EXPECT_FALSE(closedForm->choices.empty());
}

// the generated study format page covers every object of the study schema
TEST(StudySchema, ThePageHasEveryObjectOfTheSchema) {
  // the generated page: its title with the format's version, and a section per object
  const std::string page = studyFormatMarkdown();
  EXPECT_EQ(
      page.rfind("# Study file format (version " + std::to_string(kStudyFormatVersion) + ")", 0),
      0u);
  for (const ObjectSpec& o : studySchema())
    EXPECT_NE(page.find("\n## " + o.name + "\n"), std::string::npos) << o.name;
}

}  // namespace
}  // namespace mbw
