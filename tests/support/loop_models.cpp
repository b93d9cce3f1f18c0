// Closed-loop scenes made up for the tests (loop_models.h): the N-four-bar of IFToMM A02 with
// revolute pins or with planar joints and in-plane pins, Bricard's overconstrained loop, and the
// parallelogram's one-freedom motion in closed form.

#include "loop_models.h"

#include <cmath>
#include <sstream>

#include "test_models.h"

namespace mbw::test {
namespace {

// a number with all its digits
std::string number(double x) {
  std::ostringstream os;
  os.precision(17);
  os << x;
  return os.str();
}

// a JSON array of three numbers with all their digits
std::string vec(double x, double y, double z) {
  return "[" + number(x) + ", " + number(y) + ", " + number(z) + "]";
}

// a slender uniform bar of 1 m and 1 kg along a body axis (0, 1, 2), of square section `side`
std::string bar(const std::string& name, int axis, double x, double y, double z, double side,
                const std::string& extra = "") {
  const double along = (side * side + side * side) / 12.0, across = (1.0 + side * side) / 12.0;
  double inertia[3] = {across, across, across};
  inertia[axis] = along;
  return R"({"name": ")" + name + R"(", "mass": 1, "inertia": )" +
         vec(inertia[0], inertia[1], inertia[2]) + R"(, "position": )" + vec(x, y, z) + extra + "}";
}

// a revolute joint about the same axis on both bodies
std::string revolute(const std::string& name, const std::string& bi, const std::string& pi,
                     const std::string& bj, const std::string& pj, const std::string& axis) {
  return R"({"name": ")" + name + R"(", "type": "revolute", "body_i": ")" + bi +
         R"(", "body_j": ")" + bj + R"(", "point_i": )" + pi + R"(, "point_j": )" + pj +
         R"(, "axis_i": )" + axis + R"(, "axis_j": )" + axis + "}";
}

// a pin that only holds the point in the plane z = 0
std::string inPlanePin(const std::string& name, const std::string& bi, const std::string& pi,
                       const std::string& bj, const std::string& pj) {
  return R"({"name": ")" + name + R"(", "type": "planar-revolute", "body_i": ")" + bi +
         R"(", "body_j": ")" + bj + R"(", "point_i": )" + pi + R"(, "point_j": )" + pj +
         R"(, "axis_i": [0, 0, 1]})";
}

// a body held in the plane z = 0
std::string inPlane(const std::string& body) {
  return R"({"name": "plane-)" + body + R"(", "type": "planar", "body_i": "ground", "body_j": ")" +
         body +
         R"(", "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]})";
}

}  // namespace

// n windows: n + 1 cranks of 1 m pinned to the ground 1 m apart, upright, and n couplers joining
// their tips
std::string nFourBarScene(int n, bool revolutes) {
  const std::string z = "[0, 0, 1]";
  std::string bodies, joints;
  auto add = [](std::string& list, const std::string& item) {
    list += (list.empty() ? "" : ", ") + item;
  };
  auto pin = [&](const std::string& name, const std::string& bi, const std::string& pi,
                 const std::string& bj, const std::string& pj) {
    add(joints, revolutes ? revolute(name, bi, pi, bj, pj, z) : inPlanePin(name, bi, pi, bj, pj));
  };
  for (int i = 0; i <= n; ++i) {
    const std::string c = "crank" + std::to_string(i);
    // turning at -1 rad/s about its pivot: its centre moves at 0.5 m/s along +x
    add(bodies, bar(c, 1, i, 0.5, 0.0, 0.02,
                    R"(, "velocity": [0.5, 0, 0], "angular_velocity": [0, 0, -1])"));
    pin("pin" + std::to_string(i), "ground", vec(i, 0, 0), c, "[0, -0.5, 0]");
    if (!revolutes) add(joints, inPlane(c));
  }
  // each coupler moves with the cranks' tips: at 1 m/s along +x
  for (int i = 0; i < n; ++i) {
    const std::string c = "coupler" + std::to_string(i), x = std::to_string(i);
    add(bodies, bar(c, 0, i + 0.5, 1.0, 0.0, 0.02, R"(, "velocity": [1, 0, 0])"));
    pin("left" + x, "crank" + x, "[0, 0.5, 0]", c, "[-0.5, 0, 0]");
    pin("right" + x, c, "[0.5, 0, 0]", "crank" + std::to_string(i + 1), "[0, 0.5, 0]");
    if (!revolutes) add(joints, inPlane(c));
  }
  // gravity along -y, and the tip of the first crank as outputs (b0_x, b0_y)
  const std::string outputs =
      R"(, "gravity": [0, -9.81, 0], "outputs": [{"name": "b0_x", "type": "coordinate", "body": "crank0", "point": [0, 0.5, 0], "axis": "x"}, {"name": "b0_y", "type": "coordinate", "body": "crank0", "point": [0, 0.5, 0], "axis": "y"}])";
  return sceneJson("[" + bodies + "]", "[" + joints + "]", "[]", outputs);
}

std::string bricardScene() {
  // five rods along the cube's edges from corner to corner, closed to the ground by six revolutes
  // whose axes turn from y to z to x in turn
  const double corner[6][3] = {{0, 0, 0}, {1, 0, 0}, {1, -1, 0}, {1, -1, 1}, {0, -1, 1}, {0, 0, 1}};
  const int axis[6] = {1, 2, 0, 1, 2, 0};  // y, z, x, y, z, x
  std::string bodies, joints;
  double centre[5][3];
  for (int k = 0; k < 5; ++k) {
    int along = 0;
    for (int c = 0; c < 3; ++c) {
      // rod k + 1 from corner k to corner k + 1: its centre halfway, its length along the axis
      // on which they differ
      centre[k][c] = 0.5 * (corner[k][c] + corner[k + 1][c]);
      if (corner[k][c] != corner[k + 1][c]) along = c;
    }
    bodies += (k ? ", " : "") + bar("rod" + std::to_string(k + 1), along, centre[k][0],
                                    centre[k][1], centre[k][2], 0.1);
  }
  // joint k + 1 at corner k, between the rods meeting there (the ground before rod1 and after rod5)
  for (int k = 0; k < 6; ++k) {
    const std::string bi = k == 0 ? "ground" : "rod" + std::to_string(k);
    const std::string bj = k == 5 ? "ground" : "rod" + std::to_string(k + 1);
    auto local = [&](int body) {  // the corner in a rod's frame (its centre), or in the world
      if (body < 0) return vec(corner[k][0], corner[k][1], corner[k][2]);
      return vec(corner[k][0] - centre[body][0], corner[k][1] - centre[body][1],
                 corner[k][2] - centre[body][2]);
    };
    const std::string a = vec(axis[k] == 0, axis[k] == 1, axis[k] == 2);
    joints += (k ? ", " : "") + revolute("R" + std::to_string(k + 1), bi, local(k - 1), bj,
                                         local(k == 5 ? -1 : k), a);
  }
  // gravity along -y, and the coordinates of rod3's centre as outputs
  const std::string outputs =
      R"(, "gravity": [0, -9.81, 0], "outputs": [{"name": "p3_x", "type": "coordinate", "body": "rod3", "point": [0, 0, 0], "axis": "x"}, {"name": "p3_y", "type": "coordinate", "body": "rod3", "point": [0, 0, 0], "axis": "y"}, {"name": "p3_z", "type": "coordinate", "body": "rod3", "point": [0, 0, 0], "axis": "z"}])";
  return sceneJson("[" + bodies + "]", "[" + joints + "]", "[]", outputs);
}

// the first crank's tip from its angle (the crank is 1 m long)
double ParallelogramState::x() const { return std::cos(phi); }
double ParallelogramState::y() const { return std::sin(phi); }

// the parallelogram turns as one crank of inertia J about its pivot: n + 1 cranks (1/3 kg m^2
// each) and n couplers translating with the tips (1 kg at 1 m each); gravity's moment c g cos phi
// from the cranks' centres at 0.5 m and the couplers at 1 m. From upright, turning at -1 rad/s.
ParallelogramState parallelogramMotion(int n, double t) {
  const double g = 9.81, J = (n + 1) / 3.0 + n, c = (n + 1) / 2.0 + n;
  auto acceleration = [&](double phi) { return -g * c * std::cos(phi) / J; };
  ParallelogramState s{M_PI / 2.0, -1.0};
  const int steps = std::max(1, static_cast<int>(std::ceil(t / 1e-4)));
  const double h = t / steps;
  for (int k = 0; k < steps; ++k) {
    // classical RK4 on (phi, rate)
    const double k1p = s.rate, k1r = acceleration(s.phi);
    const double k2p = s.rate + 0.5 * h * k1r, k2r = acceleration(s.phi + 0.5 * h * k1p);
    const double k3p = s.rate + 0.5 * h * k2r, k3r = acceleration(s.phi + 0.5 * h * k2p);
    const double k4p = s.rate + h * k3r, k4r = acceleration(s.phi + h * k3p);
    s.phi += h / 6.0 * (k1p + 2 * k2p + 2 * k3p + k4p);
    s.rate += h / 6.0 * (k1r + 2 * k2r + 2 * k3r + k4r);
  }
  return s;
}

}  // namespace mbw::test
