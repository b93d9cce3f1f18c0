#!/usr/bin/env python3
"""Andrews' squeezer: the workbench's run against SciPy's solve_ivp (Radau) on the same problem.

The workbench integrates the scene andrews-squeezer (seven rigid bodies in 3-D coordinates, 21 joint
equations); SciPy integrates the mechanism in its seven angles, Hairer and Wanner's formulation
(Solving ODEs II, section VII.7; the IVP test set's problem), written here as an ODE in the angles
and their rates: M(q) q'' = f(q, q') - G(q)^T lambda with G(q) q'' = gamma(q, q'), the second
derivative of the six loop-closure equations g(q) = 0. Both are compared with the test set's
reference value of the crank angle beta at t = 0.03 s (PSIDE at 1e-14).

usage: andrews_squeezer_scipy.py [--output-dir DIR]   (writes DIR/andrews-squeezer-scipy.png)
"""

import argparse
import time
from pathlib import Path

import numpy as np
from scipy.integrate import solve_ivp

import mbw

# the test set's parameters (SI units)
m = [0.04325, 0.00365, 0.02373, 0.00706, 0.0705, 0.00706, 0.05498]
I = [2.194e-6, 4.41e-7, 5.255e-6, 5.667e-7, 1.169e-5, 5.667e-7, 1.912e-5]
xa, ya, xb, yb, xc, yc = -0.06934, -0.00227, -0.03635, 0.03273, 0.014, 0.072
c0, l0, mom = 4530.0, 0.07785, 0.033
d, da, e, ea, rr, ra = 0.028, 0.0115, 0.02, 0.01421, 0.007, 0.00092
ss, sa, sb, sc, sd, ta, tb = 0.035, 0.01874, 0.01043, 0.018, 0.02, 0.02308, 0.00916
u, ua, ub, zf, zt, fa = 0.04, 0.01228, 0.00449, 0.02, 0.04, 0.01421
# the consistent initial angles (beta, theta, gamma, phi, delta, Omega, epsilon), at rest
Q0 = [-0.0617138900142764496, 0.0, 0.455279819163070380, 0.222668390165885885,
      0.487364979543842550, -0.222668390165885885, 1.23054744454982119]
BETA_AT_003 = 15.81077119629904  # the test set's reference, rad

# The six loop-closure equations as sums of terms c * cos(a . q) or c * sin(a . q) (plus a
# constant): g, its Jacobian G and gamma = G q'' - g'' follow from the terms.
A = {k: np.eye(7)[k] for k in range(7)}
BETA, THETA, GAMMA, PHI, DELTA, OMEGA, EPSILON = (A[k] for k in range(7))
CLOSURE = [
    ([(rr, np.cos, BETA), (-d, np.cos, BETA + THETA), (-ss, np.sin, GAMMA)], -xb),
    ([(rr, np.sin, BETA), (-d, np.sin, BETA + THETA), (ss, np.cos, GAMMA)], -yb),
    ([(rr, np.cos, BETA), (-d, np.cos, BETA + THETA), (-e, np.sin, PHI + DELTA), (-zt, np.cos, DELTA)], -xa),
    ([(rr, np.sin, BETA), (-d, np.sin, BETA + THETA), (e, np.cos, PHI + DELTA), (-zt, np.sin, DELTA)], -ya),
    ([(rr, np.cos, BETA), (-d, np.cos, BETA + THETA), (-zf, np.cos, OMEGA + EPSILON), (-u, np.sin, EPSILON)], -xa),
    ([(rr, np.sin, BETA), (-d, np.sin, BETA + THETA), (-zf, np.sin, OMEGA + EPSILON), (u, np.cos, EPSILON)], -ya),
]


def closure_jacobian_and_gamma(q, v):
    """G = dg/dq and gamma, the part of g'' that G q'' leaves (so that g'' = 0 is G q'' = gamma)."""
    G, gamma = np.zeros((6, 7)), np.zeros(6)
    for row, (terms, _) in enumerate(CLOSURE):
        for c, f, a in terms:
            angle, rate = a @ q, a @ v
            if f is np.cos:  # (c cos x)'' = -c sin x x'' - c cos x x'^2
                G[row] -= c * np.sin(angle) * a
                gamma[row] += c * np.cos(angle) * rate**2
            else:  # (c sin x)'' = c cos x x'' - c sin x x'^2
                G[row] += c * np.cos(angle) * a
                gamma[row] += c * np.sin(angle) * rate**2
    return G, gamma


def closure(q):
    return np.array([sum(c * f(a @ q) for c, f, a in terms) + const for terms, const in CLOSURE])


def mass_and_forces(q, v):
    """Hairer and Wanner's mass matrix M(q) and forces f(q, q') (the spring C-D, the drive torque
    and the velocity terms of the relative angles)."""
    be, th, ga, ph, de, om, ep = q
    bep, thp, gap, php, dep, omp, epp = v
    M = np.zeros((7, 7))
    M[0, 0] = m[0] * ra**2 + m[1] * (rr**2 - 2 * da * rr * np.cos(th) + da**2) + I[0] + I[1]
    M[1, 0] = M[0, 1] = m[1] * (da**2 - da * rr * np.cos(th)) + I[1]
    M[1, 1] = m[1] * da**2 + I[1]
    M[2, 2] = m[2] * (sa**2 + sb**2) + I[2]
    M[3, 3] = m[3] * (e - ea)**2 + I[3]
    M[4, 3] = M[3, 4] = m[3] * ((e - ea)**2 + zt * (e - ea) * np.sin(ph)) + I[3]
    M[4, 4] = (m[3] * (zt**2 + 2 * zt * (e - ea) * np.sin(ph) + (e - ea)**2) + m[4] * (ta**2 + tb**2)
               + I[3] + I[4])
    M[5, 5] = m[5] * (zf - fa)**2 + I[5]
    M[6, 5] = M[5, 6] = m[5] * ((zf - fa)**2 - u * (zf - fa) * np.sin(om)) + I[5]
    M[6, 6] = (m[5] * ((zf - fa)**2 - 2 * u * (zf - fa) * np.sin(om) + u**2) + m[6] * (ua**2 + ub**2)
               + I[5] + I[6])
    # the spring between D (on body 3) and C (on the ground)
    xd, yd = sd * np.cos(ga) + sc * np.sin(ga) + xb, sd * np.sin(ga) - sc * np.cos(ga) + yb
    length = np.hypot(xd - xc, yd - yc)
    fx, fy = -c0 * (length - l0) / length * np.array([xd - xc, yd - yc])
    f = np.array([
        mom - m[1] * da * rr * thp * (thp + 2 * bep) * np.sin(th),
        m[1] * da * rr * bep**2 * np.sin(th),
        fx * (sc * np.cos(ga) - sd * np.sin(ga)) + fy * (sd * np.cos(ga) + sc * np.sin(ga)),
        m[3] * zt * (e - ea) * dep**2 * np.cos(ph),
        -m[3] * zt * (e - ea) * php * (php + 2 * dep) * np.cos(ph),
        -m[5] * u * (zf - fa) * epp**2 * np.cos(om),
        m[5] * u * (zf - fa) * omp * (omp + 2 * epp) * np.cos(om),
    ])
    return M, f


def accelerations(q, v):
    """q'' of [M G^T; G 0] [q''; lambda] = [f; gamma]."""
    M, f = mass_and_forces(q, v)
    G, gamma = closure_jacobian_and_gamma(q, v)
    K = np.block([[M, G.T], [G, np.zeros((6, 6))]])
    return np.linalg.solve(K, np.concatenate([f, gamma]))[:7]


def rhs(_, y):
    return np.concatenate([y[7:], accelerations(y[:7], y[7:])])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=Path("."))
    args = parser.parse_args()
    t_end, output_step, tol = 0.03, 1e-4, 1e-8

    # the angles' problem checked against the test set's consistent initial state
    q0 = np.array(Q0)
    assert np.abs(closure(q0)).max() < 1e-12
    a0 = accelerations(q0, np.zeros(7))
    assert abs(a0[0] - 14222.4439199541) < 1e-6 * 14222 and abs(a0[1] + 10666.8329399656) < 1e-6 * 10667

    # the workbench: the scene's crank angle beta at the output times
    r = mbw.run("andrews-squeezer", integrator="adams", t_end=t_end, rtol=tol, atol=tol, output_step=output_step)
    times = r.t

    # SciPy's Radau IIA (order 5) on the angles, at the same times and tolerances
    start = time.process_time()
    radau = solve_ivp(rhs, (0.0, t_end), np.concatenate([q0, np.zeros(7)]), method="Radau", rtol=tol, atol=tol,
                      t_eval=times)
    radau_cpu = time.process_time() - start
    assert radau.success, radau.message
    beta_radau = radau.y[0]
    drift = max(np.abs(closure(radau.y[:7, k])).max() for k in range(len(times)))

    print(f"beta(0.03 s): reference {BETA_AT_003:.12f} rad (IVP test set, PSIDE at 1e-14)")
    print(f"  mbw adams   {r['beta'][-1]:.12f} rad, error {abs(r['beta'][-1] - BETA_AT_003):.2e}, "
          f"{r.stats['steps']} steps, {r.stats['cpu_seconds']:.3f} s CPU")
    print(f"  SciPy Radau {beta_radau[-1]:.12f} rad, error {abs(beta_radau[-1] - BETA_AT_003):.2e}, "
          f"{radau.nfev} evaluations, {radau.njev} Jacobians, {radau_cpu:.3f} s CPU; "
          f"largest |g(q)| {drift:.1e} m")
    difference = np.abs(r["beta"] - beta_radau)
    print(f"  largest |beta_mbw - beta_radau| over the run: {difference.max():.2e} rad")
    assert abs(r["beta"][-1] - BETA_AT_003) < 1e-5 and abs(beta_radau[-1] - BETA_AT_003) < 1e-5

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    top.plot(times * 1e3, r["beta"], label=f"mbw adams, rtol = atol = {tol:g}")
    top.plot(times * 1e3, beta_radau, "--", label=f"SciPy Radau on the 7 angles, {tol:g}")
    top.plot([t_end * 1e3], [BETA_AT_003], "k+", markersize=12, label="IVP test set reference")
    top.set_ylabel("crank angle beta [rad]")
    top.legend()
    bottom.semilogy(times[1:] * 1e3, difference[1:])
    bottom.set_xlabel("t [ms]")
    bottom.set_ylabel("|beta_mbw - beta_Radau| [rad]")
    fig.suptitle("Andrews' squeezer: the workbench against SciPy's Radau")
    fig.tight_layout()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    path = args.output_dir / "andrews-squeezer-scipy.png"
    fig.savefig(path, dpi=100)
    print(f"figure {path}")


if __name__ == "__main__":
    main()
