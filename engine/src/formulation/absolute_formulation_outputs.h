#pragma once
// Member definitions of AbsoluteFormulation<K>, the outputs: each body's pose, velocities and
// accelerations in the world frame, the model's output channels, and the coordinates' singularity
// check. Included by absolute_formulation_impl.h.

#include <cmath>

#include "formulation/absolute_formulation.h"
#include "math/rotation.h"

namespace mbw {

template <class K>
BodyOutput AbsoluteFormulation<K>::bodyOutput(int b, const VectorXd& vdot) const {
  const K& body = bodies_[b];
  const Vec3& c_B = model().bodies[b].com_B;
  // the body frame's origin from the centre of mass the coordinates follow
  const Vec3 com_W = body.rotate(c_B);
  const Vec3 omega = body.omegaWorld();
  const typename K::OrientVec alphaddot = vdot.template segment<N>(V * b + 3);
  BodyOutput out;
  out.position_W = body.r() - com_W;
  out.eulerParameters = body.eulerParameters();
  out.velocity_W = body.rdot() - body.rate(c_B);
  out.omega_W = omega;
  out.acceleration_W =
      vdot.template segment<3>(V * b) - body.partial(c_B) * alphaddot - body.quadratic(c_B);
  out.omegaDot_W = body.rotate(body.angularAccelerationBody(alphaddot));
  return out;
}

template <class K>
void AbsoluteFormulation<K>::outputValues(std::vector<double>& values) const {
  const Model& m = model();
  values.clear();
  // two values (value, rate) per channel, six for a beam section; angles continue their branch
  for (size_t k = 0; k < m.outputs.size(); ++k) {
    const OutputChannel& o = m.outputs[k];
    const BodyEnd<K> ei = end(o.bodyI), ej = end(o.bodyJ);
    double value = 0.0, rate = 0.0;
    switch (o.type) {
      case OutputType::Coordinate:
      case OutputType::Displacement:
        value = o.c_W.dot(ei.point(o.s_I) -
                          (o.type == OutputType::Displacement ? o.initial_W : Vec3::Zero()));
        rate = o.c_W.dot(ei.pointRate(o.s_I));
        break;
      case OutputType::EulerAngle: {
        const K& b = ei.body();
        const Vec3 angles = taitBryanAngles(b.A(), o.sequence);
        value = outputAngle_[k] + std::remainder(angles[o.angle] - outputAngle_[k], 2.0 * M_PI);
        outputAngle_[k] = value;
        rate = taitBryanRates(angles, o.sequence, b.omegaWorld())[o.angle];
        break;
      }
      case OutputType::BeamSection: {
        const BeamElement& be = m.beamElements[o.element];
        const BodyEnd<K> nodes[3] = {end(be.node[0]), end(be.node[1]), end(be.node[2])};
        const BeamStrains actions = beamSectionActions(be, m.beams[be.beam].section, nodes, o.xi);
        values.insert(values.end(), actions.data(), actions.data() + 6);
        continue;
      }
      case OutputType::Distance: {
        const Vec3 d = ej.point(o.s_J) - ei.point(o.s_I);
        value = d.norm();
        rate = value > 0.0 ? d.dot(ej.pointRate(o.s_J) - ei.pointRate(o.s_I)) / value : 0.0;
        break;
      }
      case OutputType::Angle: {
        const DotProduct<K> gu(ei, o.u_I, ej, o.u_J, false),
            gv(ei, o.axis_I.cross(o.u_I), ej, o.u_J, false);
        const double raw = std::atan2(gv.value, gu.value);
        value = outputAngle_[k] + std::remainder(raw - outputAngle_[k], 2.0 * M_PI);
        outputAngle_[k] = value;
        const double rho2 = std::max(gu.value * gu.value + gv.value * gv.value, 1e-300);
        rate = (gu.value * gv.rate() - gv.value * gu.rate()) / rho2;
        break;
      }
    }
    values.push_back(value);
    values.push_back(rate);
  }
}

template <class K>
std::string AbsoluteFormulation<K>::coordinateSingularity() const {
  // the first body whose orientation coordinates near their singularity
  for (int b = 0; b < model().bodyCount(); ++b)
    if (bodies_[b].nearSingularity())
      return "body '" + model().bodies[b].name + "': " + bodies_[b].singularityDescription();
  return {};
}

}  // namespace mbw
