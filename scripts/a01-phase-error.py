#!/usr/bin/env python3
"""Where the position error of a run of IFToMM A01 (the point mass on a 1 m link released horizontally,
scripts/tolerance-study/a01-pendulum-scene.json) comes from, against the exact solution (Jacobi's
elliptic functions, mpmath):

  global CSV    a run's CSV (columns t, P1.x, P1.y, P1.vx, P1.vy; e.g. `mbw-cli run ... --output-step
                0.01`): the position error split into its normal (radial) part and its tangential
                (phase) part, the energy error, and the phase error that the energy error alone
                explains, the integral of 1/T(E(t)) - 1/T(E0) with T(E) the period at energy E

  local INTEGRATOR T0 H...   one fixed step H from the exact state at T0 (`mbw-cli run` of a scene
                starting there): the true local errors of the position and the velocity, tangent
                and normal to the circle, and of the energy

  scripts/a01-phase-error.py global out/a01-esdirk4.csv
  scripts/a01-phase-error.py local esdirk4-6l2sa2 0.3 0.005 0.0025
"""
import argparse
import csv
import json
import math
import os
import subprocess
import tempfile

import mpmath as mp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
G = 9.81
W0 = math.sqrt(G)  # L = 1 m
SCENE = os.path.join(ROOT, "scripts", "tolerance-study", "a01-pendulum-scene.json")


def exact(t):
    """angle from the downward vertical and its rate at t (released at pi/2 from rest)"""
    m = 0.5  # sin^2(psi0 / 2)
    k = math.sqrt(m)
    u = float(mp.ellipk(m)) - W0 * t
    sn, cn, dn = (float(mp.ellipfun(f, u, m=m)) for f in ("sn", "cn", "dn"))
    psi = 2 * math.asin(k * sn)
    return psi, -2 * k * W0 * cn * dn / math.cos(psi / 2)


def energy(psi, psid):
    return 0.5 * psid**2 - G * math.cos(psi)  # per unit mass


def period(e):
    return 4 * float(mp.ellipk((1 + e / G) / 2)) / W0


def phase(psi, psid):
    """the state's time along the exact orbit of its own energy, in periods"""
    m = (1 + energy(psi, psid) / G) / 2
    big_k = float(mp.ellipk(m))
    f = float(mp.ellipf(math.asin(max(-1.0, min(1.0, math.sin(psi / 2) / math.sqrt(m)))), m))
    tau = -f if psid < 0 else 2 * big_k + f
    return (tau % (4 * big_k)) / (4 * big_k)


def global_errors(path):
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    t0_period = period(-0.0)
    drift, previous, worst = 0.0, None, (0.0, 0.0)
    print(f"{'t':>6} {'|dq|':>9} {'normal':>9} {'phase':>11} {'by energy':>11} {'dE':>9}")
    for i, r in enumerate(rows):
        t, x, y, vx, vy = (float(r[k]) for k in ("t", "P1.x", "P1.y", "P1.vx", "P1.vy"))
        psi, psid = math.atan2(x, -y), (x * vy - y * vx) / (x * x + y * y)
        pe, pde = exact(t)
        dq = math.hypot(x - math.sin(pe), y + math.cos(pe))
        dphase = (phase(psi, psid) - phase(pe, pde) + 0.5) % 1.0 - 0.5
        e = 0.5 * (vx * vx + vy * vy) + G * y
        rate = 1.0 / period(e) - 1.0 / t0_period
        if previous:
            drift += 0.5 * (rate + previous[1]) * (t - previous[0])
        previous = (t, rate)
        worst = max(worst, (dq, t))
        if i % max(1, len(rows) // 8) == 0 or i == len(rows) - 1:
            print(f"{t:6.2f} {dq:9.2e} {math.hypot(x, y) - 1:9.2e} {dphase:11.3e} {drift:11.3e} "
                  f"{e:9.2e}")  # E0 = 0
    print(f"largest |dq| {worst[0]:.3e} m at t = {worst[1]:.2f} s (phase and its energy part in periods)")


def local_errors(cli, integrator, t0, steps):
    with open(SCENE) as f:
        scene = json.load(f)
    psi, psid = exact(t0)
    body = scene["bodies"][0]
    body["position"] = [math.sin(psi), -math.cos(psi), 0.0]
    body["velocity"] = [psid * math.cos(psi), psid * math.sin(psi), 0.0]
    print(f"{'t0':>5} {'h':>8} {'dq_t':>10} {'dq_n':>10} {'dv_t':>10} {'dv_n':>10} {'dE':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        path, out = os.path.join(tmp, "scene.json"), os.path.join(tmp, "run.csv")
        with open(path, "w") as f:
            json.dump(scene, f)
        for h in steps:
            subprocess.run([cli, "run", path, "--integrator", integrator, "--fixed-step", "--step",
                            repr(h), "--t-end", repr(h), "--newton-tol", "1e-15", "-o", out],
                           check=True, stdout=subprocess.DEVNULL)
            with open(out) as f:
                r = list(csv.DictReader(line for line in f if not line.startswith("#")))[-1]
            x, y, vx, vy = (float(r[k]) for k in ("P1.x", "P1.y", "P1.vx", "P1.vy"))
            pe, pde = exact(t0 + h)
            tx, ty, nx, ny = math.cos(pe), math.sin(pe), math.sin(pe), -math.cos(pe)
            dx, dy = x - nx, y - ny
            dvx, dvy = vx - pde * tx, vy - pde * ty
            de = 0.5 * (vx * vx + vy * vy) + G * y - energy(pe, pde)
            print(f"{t0:5g} {h:8g} {dx * tx + dy * ty:10.2e} {dx * nx + dy * ny:10.2e} "
                  f"{dvx * tx + dvy * ty:10.2e} {dvx * nx + dvy * ny:10.2e} {de:10.2e}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "cli", "mbw-cli"))
    sub = parser.add_subparsers(dest="what", required=True)
    g = sub.add_parser("global")
    g.add_argument("csv")
    loc = sub.add_parser("local")
    loc.add_argument("integrator")
    loc.add_argument("t0", type=float)
    loc.add_argument("h", type=float, nargs="+")
    args = parser.parse_args()
    if args.what == "global":
        global_errors(args.csv)
    else:
        local_errors(args.cli, args.integrator, args.t0, args.h)


if __name__ == "__main__":
    main()
