#pragma once
// The three-node geometrically exact beam (Reissner 1981, Simo 1985: extension, two shears,
// torsion, two bendings; finite rotations of the sections) as a force element on its three node
// bodies, written once for every body kinematics K like the other force elements.
//
// Discretization. A finite element with two-point reduced integration, not the finite-volume
// form of Ghiringhelli, Masarati and Mantegazza (AIAA J 38, 2000) that MBDyn's beam3 uses. Both
// interpolate the nodes parabolically and evaluate the strains at xi = -+1/sqrt(3); they differ in
// how the section actions become nodal forces (Galerkin weights here, the actions at the
// boundaries of the nodes' "volumes" there). Reasons for the choice:
//   - the nodal forces are the gradient of a strain energy, U = sum_g (ds/dxi)_g 1/2 eps_g . C
//   eps_g
//     (two-point Gauss, weights 1). An undamped beam then conserves kinetic + strain energy
//     exactly in continuous time, so the workbench's energy balance shows the integrator's error
//     and nothing else (the finite-volume forces are not conservative: its balance would drift by
//     a discretization error); and the forces and their Jacobian are tested against the energy;
//   - the tangent stiffness is symmetric at equilibrium (the finite-volume one is not), and the
//     two-point rule is the classical cure of shear locking for parabolic elements;
//   - both converge at the same rate; at the benchmarks' 5-16 elements per member the two differ
//     by that discretization error (see docs/scenes.md).
// The section orientations are interpolated through the directors (the columns of the node
// rotation matrices) with the strains of forces/beam_strains.h: Betsch and Steinmann, IJNME 54
// (2002) 1775, eqs 23-24; Romero and Armero, IJNME 54 (2002) 1683. Unlike interpolated rotation
// parameters, this is objective (invariant under rigid motions) and path independent, and every
// strain is a bilinear form of node points and body-fixed vectors, so the element needs from K
// only what the DP1 primitive needs (A e_a, its Jacobian and second variation): it is exact for
// every formulation, Euler parameters off their unit sphere included. The interpolated directors
// are not orthonormal between the nodes; the error is of the order of the discretization's.
//
// Forces. With y the slot vectors (beam_strains.h), stresses s = C (eps + beta eps') (C the
// diagonal section stiffness, beta its damping factor) and g = sum_g J_g sum_k s_k B_k (3 x 12),
// the generalized forces of node body i are
//     Q_i = - sum_c Y_ic^T g_ic,       Y_ic = d y_ic / dq_i  (K's point / vector Jacobian).
// Jacobians (the applied-force sensitivities of the Newton matrix):
//     dQ/dq = - [ sum_g J sum_k C_k (B_k Y)^T (B_k Y + beta (B_k(ydot) Y + B_k Ydot))
//                 + Y^T (S (x) I3) Y + sum_ic curvature_ic(g_ic) ],    S = sum_g J sum_k s_k H_k
//     dQ/dv = - sum_g J sum_k beta C_k (B_k Y)^T (B_k Y)
// with Ydot = d ydot / dq (K's vector-rate Jacobian) and curvature the second variation of the
// slot's point or vector. Energy terms: potential U, dissipation sum_g J beta eps' . C eps'.
//
// Section actions: s at the two points, in the section axes (F1 axial, F2, F3 shear, M1 torsion,
// M2, M3 bending), linear in xi through them (MBDyn's output convention: the mean at xi = 0, the
// linear extrapolation at the ends).

#include <array>

#include "forces/beam_strains.h"
#include "formulation/body_end.h"
#include "model/beam.h"

namespace mbw {

template <class K>
struct BeamForceResult {
  static constexpr int V = K::kVelocitySize;
  using NodeVector = Eigen::Matrix<double, V, 1>;
  std::array<NodeVector, 3> Q{NodeVector::Zero(), NodeVector::Zero(), NodeVector::Zero()};
  double potential = 0.0;    // strain energy, J
  double dissipation = 0.0;  // power of the section dampers, W
};

template <class K>
struct BeamJacobians {
  using Square = typename BodyTerms<K>::Square;
  Square dq[3][3], dv[3][3];  // dQ_i/dq_j, dQ_i/dv_j
};

inline BeamStrains beamStiffness(const BeamSection& c) {
  BeamStrains k;
  k << c.EA, c.GA2, c.GA3, c.GJ, c.EI2, c.EI3;
  return k;
}

// The slot vectors y and their rates for the element's node bodies.
template <class K>
void beamSlots(const BeamElement& e, const BodyEnd<K> (&nodes)[3], BeamSlots& y, BeamSlots& ydot) {
  for (int i = 0; i < 3; ++i) {
    y.col(beamSlot(i, 0)) = nodes[i].point(e.nodePoint_B[i]);
    ydot.col(beamSlot(i, 0)) = nodes[i].pointRate(e.nodePoint_B[i]);
    for (int a = 0; a < 3; ++a) {
      y.col(beamSlot(i, a + 1)) = nodes[i].vector(Vec3::Unit(a));
      ydot.col(beamSlot(i, a + 1)) = nodes[i].vectorRate(Vec3::Unit(a));
    }
  }
}

// Strains, strain rates and gradients at evaluation point g.
struct BeamPointStrains {
  BeamStrains strain, rate;
  std::array<BeamSlots, 6> B;
};

inline BeamPointStrains beamPointStrains(const BeamElement& e, int g, const BeamSlots& y,
                                         const BeamSlots& ydot) {
  const BeamPointInterpolation at(y, beamShape(beamEvaluationXi(g)), e.metric[g]);
  BeamPointStrains p;
  p.strain = at.strains();
  p.strain.head<3>() -= e.strain0[g];
  p.strain.tail<3>() -= e.curvature0[g];
  p.B = at.gradients();
  p.rate = beamStrainRates(p.B, ydot);
  return p;
}

// The section actions (F1, F2, F3, M1, M2, M3) at xi of the element, section axes.
template <class K>
BeamStrains beamSectionActions(const BeamElement& e, const BeamSection& c,
                               const BodyEnd<K> (&nodes)[3], double xi) {
  BeamSlots y, ydot;
  beamSlots(e, nodes, y, ydot);
  const BeamStrains k = beamStiffness(c);
  BeamStrains s[2];
  for (int g = 0; g < 2; ++g) {
    const BeamPointStrains p = beamPointStrains(e, g, y, ydot);
    s[g] = k.cwiseProduct(p.strain + c.damping * p.rate);
  }
  const double x0 = beamEvaluationXi(0), x1 = beamEvaluationXi(1);
  return s[0] + (s[1] - s[0]) * ((xi - x0) / (x1 - x0));
}

// Adds the generalized forces (and their Jacobians, when jac is given) of element e.
template <class K>
void evaluateBeamElement(const BeamElement& e, const BeamSection& c, const BodyEnd<K> (&nodes)[3],
                         BeamForceResult<K>& r, BeamJacobians<K>* jac) {
  constexpr int V = K::kVelocitySize;
  using Slot = Eigen::Matrix<double, 3, V>;
  using Row = Eigen::Matrix<double, 1, 3 * V>;
  BeamSlots y, ydot;
  beamSlots(e, nodes, y, ydot);
  const BeamStrains k = beamStiffness(c);
  const double beta = c.damping;

  // stresses and their weighted gradients at the two points
  BeamSlots g = BeamSlots::Zero();
  std::array<BeamPointStrains, 2> points;
  std::array<BeamStrains, 2> stress;
  for (int p = 0; p < 2; ++p) {
    points[p] = beamPointStrains(e, p, y, ydot);
    const BeamPointStrains& s = points[p];
    stress[p] = k.cwiseProduct(s.strain + beta * s.rate);
    for (int m = 0; m < 6; ++m) g += (e.metric[p] * stress[p][m]) * s.B[m];
    r.potential += 0.5 * e.metric[p] * s.strain.dot(k.cwiseProduct(s.strain));
    r.dissipation += e.metric[p] * beta * s.rate.dot(k.cwiseProduct(s.rate));
  }

  // slot Jacobians Y_ic and the generalized forces
  std::array<Slot, 12> Y;
  for (int i = 0; i < 3; ++i) {
    Y[beamSlot(i, 0)] = nodes[i].pointJacobian(e.nodePoint_B[i]);
    for (int a = 0; a < 3; ++a) Y[beamSlot(i, a + 1)] = nodes[i].vectorJacobian(Vec3::Unit(a));
    for (int a = 0; a < 4; ++a) r.Q[i] -= Y[beamSlot(i, a)].transpose() * g.col(beamSlot(i, a));
  }
  if (!jac) return;

  // a slot-gradient (3 x 12) mapped to the element's coordinates (1 x 3V)
  auto mapped = [&](const BeamSlots& b, const std::array<Slot, 12>& map) {
    Row row;
    for (int i = 0; i < 3; ++i) {
      Eigen::Matrix<double, 1, V> part = Eigen::Matrix<double, 1, V>::Zero();
      for (int a = 0; a < 4; ++a) part += b.col(beamSlot(i, a)).transpose() * map[beamSlot(i, a)];
      row.template segment<V>(V * i) = part;
    }
    return row;
  };
  std::array<Slot, 12> Ydot;
  if (beta != 0.0) {
    for (int i = 0; i < 3; ++i) {
      Ydot[beamSlot(i, 0)] = nodes[i].vectorRateJacobian(e.nodePoint_B[i]);
      for (int a = 0; a < 3; ++a)
        Ydot[beamSlot(i, a + 1)] = nodes[i].vectorRateJacobian(Vec3::Unit(a));
    }
  }

  // material part: sum_g J sum_k C_k (B_k Y)^T (...), and the weighted strain Hessians S
  using Full = Eigen::Matrix<double, 3 * V, 3 * V>;
  Full Kq = Full::Zero(), Cv = Full::Zero();
  Eigen::Matrix<double, 12, 12> S = Eigen::Matrix<double, 12, 12>::Zero();
  for (int p = 0; p < 2; ++p) {
    const BeamPointStrains& s = points[p];
    const double J = e.metric[p];
    const BeamPointInterpolation at(y, beamShape(beamEvaluationXi(p)), J);
    S += at.weightedHessian(J * stress[p]);
    std::array<BeamSlots, 6> Brate;
    if (beta != 0.0)
      Brate = BeamPointInterpolation(ydot, beamShape(beamEvaluationXi(p)), J).gradients();
    for (int m = 0; m < 6; ++m) {
      const Row by = mapped(s.B[m], Y);
      Row dStrain = by;
      if (beta != 0.0) {
        dStrain += beta * (mapped(Brate[m], Y) + mapped(s.B[m], Ydot));
        Cv += (J * beta * k[m]) * by.transpose() * by;
      }
      Kq += (J * k[m]) * by.transpose() * dStrain;
    }
  }

  // geometric part: Y^T (S (x) I) Y and the second variations of the slots
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      Eigen::Matrix<double, V, V> block = Eigen::Matrix<double, V, V>::Zero();
      for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b) {
          const double w = S(beamSlot(i, a), beamSlot(j, b));
          if (w != 0.0) block += w * Y[beamSlot(i, a)].transpose() * Y[beamSlot(j, b)];
        }
      Kq.template block<V, V>(V * i, V * j) += block;
    }
    Kq.template block<V, V>(V * i, V * i) +=
        nodes[i].curvature(e.nodePoint_B[i], g.col(beamSlot(i, 0)));
    for (int a = 0; a < 3; ++a)
      Kq.template block<V, V>(V * i, V * i) +=
          nodes[i].curvature(Vec3::Unit(a), g.col(beamSlot(i, a + 1)));
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      jac->dq[i][j] = -Kq.template block<V, V>(V * i, V * j);
      jac->dv[i][j] = -Cv.template block<V, V>(V * i, V * j);
    }
}

}  // namespace mbw
