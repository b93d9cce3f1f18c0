// makeFormulation: each name makes its formulation; an unknown name is refused with the list of
// the names it knows.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"

namespace mbw {
namespace {

// the names the factory knows, each on the double pendulum
TEST(MakeFormulation, MakesEachNamedFormulation) {
  const Model model = loadScene("double-pendulum");
  for (const char* name : {"rA", "rp", "rE"}) {
    SCOPED_TRACE(name);
    const std::unique_ptr<Formulation> f = makeFormulation(name, model);
    // made, with coordinates for the model's bodies
    ASSERT_NE(f, nullptr);
    EXPECT_GT(f->positionSize(), 0);
  }
}

TEST(MakeFormulation, RefusesAnUnknownNameListingTheKnownOnes) {
  const Model model = loadScene("double-pendulum");
  try {
    makeFormulation("rQ", model);
    FAIL() << "rQ was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string m = e.what();
    // the message names the unknown one and lists every known name
    EXPECT_NE(m.find("unknown formulation 'rQ' (available: "), std::string::npos) << m;
    for (const char* name : {"rA", "rp", "rE"}) EXPECT_NE(m.find(name), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace mbw
