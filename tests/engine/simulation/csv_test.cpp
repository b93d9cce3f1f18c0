// The CSV file of a run (simulation/csv.h): the documented columns in their order under comment
// lines holding the run's settings, an exact round trip of every number, the status and the events,
// and a bad value reported with its line.

#include "simulation/csv.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// ten steps of 10 ms of the slider-crank with the default integrator and formulation
Results shortRun() {
  RunSettings s;
  s.integratorSettings.step = 1e-2;
  s.tEnd = 0.1;
  Simulation sim(loadScene("slider-crank"), s);
  return sim.run();
}

// the CSV header follows the documented column order, below comment lines holding the scene, the
// settings, the program and the status: a file reproducible from its own header
TEST(Csv, HeaderHasTheDocumentedColumnsInOrder) {
  // the comment lines, then the header: each body's position, Euler parameters, velocity and
  // angular velocity, then the step, the iterations, the energy terms and the violations
  std::ostringstream out;
  writeCsv(shortRun(), out);
  std::istringstream in(out.str());
  std::string line, header;
  std::vector<std::string> comments;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) == 0) {
      comments.push_back(line);
      continue;
    }
    header = line;
    break;
  }
  const std::string expectedStart =
      "t,crank.x,crank.y,crank.z,crank.e0,crank.e1,crank.e2,crank.e3,crank.vx,crank.vy,crank.vz,"
      "crank.wx,crank.wy,crank.wz,connecting-rod.x";
  EXPECT_EQ(header.substr(0, expectedStart.size()), expectedStart);
  EXPECT_NE(header.find(",slider.wz,h,newton_iterations,energy.kinetic,energy.potential,"
                        "energy.work_in,energy.dissipated,energy.balance,violation.position,"
                        "violation.velocity"),
            std::string::npos)
      << header;
  // the comments carry the scene, the settings, the program and the status
  auto hasComment = [&](const std::string& text) {
    for (const auto& c : comments)
      if (c.find(text) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(hasComment("# scene: slider-crank"));
  EXPECT_TRUE(hasComment("# formulation: rp"));
  EXPECT_TRUE(hasComment("# integrator: backward-euler"));
  EXPECT_TRUE(hasComment("# step: 0.01"));
  EXPECT_TRUE(hasComment("# multibody-workbench "));
  EXPECT_TRUE(hasComment("# status: completed"));
}

// every number written reads back to the bit, with the status and the events
TEST(Csv, RoundTripsExactly) {
  // an event (a repartition of the joint coordinates) among the results, then written and read
  Results r = shortRun();
  r.events.push_back({0.0125, "repartition: new independent coordinates: a.x"});
  const std::string path = ::testing::TempDir() + "/roundtrip.csv";
  writeCsv(r, path);
  const Results back = readCsv(path);
  ASSERT_EQ(back.rowCount(), r.rowCount());
  ASSERT_EQ(back.columnCount(), r.columnCount());
  // every number read back to the bit
  for (size_t i = 0; i < r.rowCount(); ++i)
    for (int c = 0; c < r.columnCount(); ++c) ASSERT_EQ(back.at(i, c), r.at(i, c));
  EXPECT_EQ(back.metadataValue("integrator"), "backward-euler");
  EXPECT_EQ(back.status, RunStatus::Completed);
  ASSERT_EQ(back.events.size(), 1u);
  EXPECT_EQ(back.events[0].t, 0.0125);
  EXPECT_EQ(back.events[0].description, r.events[0].description);
  std::remove(path.c_str());
}

// a value that is no number is reported with its line number in the file
TEST(Csv, ReadingReportsTheLineOfABadValue) {
  // line 4 holds a word where a number belongs
  const std::string path = ::testing::TempDir() + "/bad.csv";
  std::ofstream(path) << "# x: y\nt,a\n0,1\n0.1,oops\n";
  try {
    readCsv(path);
    FAIL();
  } catch (const CsvError& e) {
    EXPECT_NE(std::string(e.what()).find(":4:"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace mbw
