#include "scene/chain_scene.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace mbw {

std::string chainScene(const ChainOptions& o) {
  if (o.links < 1) throw std::invalid_argument("links must be at least 1, got " + std::to_string(o.links));
  if (!(o.length > 0.0)) throw std::invalid_argument("length must be positive");
  if (!(o.mass > 0.0)) throw std::invalid_argument("mass must be positive");
  using nlohmann::json;
  const double L = o.length, m = o.mass;
  // every bar points along d = (cos a, 0, -sin a): its body x axis turned by a about world y
  const double dx = std::cos(o.angle), dz = -std::sin(o.angle);
  json bodies = json::array(), joints = json::array();
  for (int i = 0; i < o.links; ++i) {
    const std::string name = "link_" + std::to_string(i + 1);
    const double s = (i + 0.5) * L;
    bodies.push_back({{"name", name},
                      {"mass", m},
                      {"inertia", {m * L * L / 1200.0, m * L * L / 12.0, m * L * L / 12.0}},
                      {"position", {s * dx, 0.0, s * dz}},
                      {"orientation", {{"axis", {0, 1, 0}}, {"angle", o.angle}}},
                      {"shape", {{"type", "box"}, {"size", {L, 0.05 * L, 0.05 * L}}}}});
    // the hinge at the bar's near end: to the ground at the origin, else to the previous bar's far end
    const bool first = i == 0;
    joints.push_back({{"name", "hinge_" + std::to_string(i + 1)},
                      {"type", "revolute"},
                      {"body_i", name},
                      {"body_j", first ? std::string("ground") : "link_" + std::to_string(i)},
                      {"point_i", {-0.5 * L, 0.0, 0.0}},
                      {"point_j", first ? json::array({0.0, 0.0, 0.0}) : json::array({0.5 * L, 0.0, 0.0})},
                      {"axis_i", {0, 1, 0}},
                      {"axis_j", {0, 1, 0}}});
  }
  const json scene = {
      {"format", "mbw-scene"},
      {"version", 1},
      {"name", "chain-" + std::to_string(o.links)},
      {"description", std::to_string(o.links) + "-link pendulum chain of " + std::to_string(L) +
                          " m bars (mbw-cli generate chain): a scalable test model"},
      {"gravity", {0, 0, -9.81}},
      {"bodies", bodies},
      {"joints", joints},
      {"settings", {{"formulation", "rp"}, {"integrator", "backward-euler"}, {"step", 1e-3}, {"t_end", 1.0}}}};
  return scene.dump(2) + "\n";
}

}  // namespace mbw
