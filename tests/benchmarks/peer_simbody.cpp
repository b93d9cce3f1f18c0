// Simbody's Runge-Kutta-Merson integrator on the two-bar pendulum (peer_solvers.h): two pin
// mobilizers in the (x, y) plane of Simbody's ground with gravity along -y, each bar's frame at
// its centre (the pendulum's (y, z) plane of the scene maps to Simbody's (x, y)).

#include <Simbody.h>

#include "peer_solvers.h"

namespace mbw::peers {

PeerRun simbodyMerson(const TwoBarPendulum& p, double phi1, double phi2, double accuracy,
                      const std::vector<double>& times) {
  using namespace SimTK;
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, -p.g, 0));
  // centroidal inertias; only the one about the pin axis (z) matters
  const Body::Rigid bar1(MassProperties(p.m1, Vec3(0), Inertia(1e-3, p.J1, p.J1)));
  const Body::Rigid bar2(MassProperties(p.m2, Vec3(0), Inertia(1e-3, p.J2, p.J2)));
  MobilizedBody::Pin pin1(matter.Ground(), Transform(Vec3(0)), bar1, Transform(Vec3(-p.c1, 0, 0)));
  MobilizedBody::Pin pin2(pin1, Transform(Vec3(p.c1, 0, 0)), bar2, Transform(Vec3(-p.c2, 0, 0)));
  // both pins' angles from the problem's initial angles, at rest
  State state = system.realizeTopology();
  pin1.setAngle(state, phi1);
  pin2.setAngle(state, phi2 - phi1);  // relative to bar 1

  // Simbody's accuracy, the one tolerance it takes, is the ladder's tolerance
  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(accuracy);
  integrator.initialize(state);
  PeerRun run;
  for (double t : times) {
    // stepTo returns at events too (the first call at the start of the interval): repeat until
    // the integrator's (interpolated) state is at t
    Integrator::SuccessfulStepStatus status = Integrator::ReachedReportTime;
    do status = integrator.stepTo(t);
    while (integrator.getTime() < t && status != Integrator::EndOfSimulation);
    if (integrator.getTime() < t) {
      run.failure = "Simbody stopped before t = " + std::to_string(t);
      break;
    }
    const State& s = integrator.getState();
    system.realize(s, Stage::Position);
    const Vec3 centre = pin2.getBodyOriginLocation(s);
    run.samples.push_back({centre[0], centre[1]});
  }
  // the steps over the whole span, the counter compared with the engine's
  run.steps = integrator.getNumStepsTaken();
  return run;
}

}  // namespace mbw::peers
