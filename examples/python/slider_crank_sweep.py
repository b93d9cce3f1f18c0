#!/usr/bin/env python3
"""A sweep of the slider-crank's crank speed: the torque that drives the crank over one turn, at
speeds from one to eight turns a second, run in parallel threads (a run releases the GIL).

The crank is driven by an angle driver, theta(t) = pi/2 - omega t; its Lagrange multiplier is the
torque the driver applies. At low speed gravity dominates it; at high speed the inertia of the
rod and slider does, and the torque grows as omega^2: the script fits tau_max = a + b omega^2.

usage: slider_crank_sweep.py [--output-dir DIR]   (writes DIR/slider-crank-speed-sweep.png)
"""

import argparse
import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

import mbw

TURNS_PER_SECOND = [1, 2, 3, 4, 6, 8]
TORQUE = "lambda.driver.1"


def one_turn(turns_per_second):
    """The run of one crank turn at this speed."""
    omega = 2 * math.pi * turns_per_second
    scene = mbw.Scene.load("slider-crank")
    scene.joints["driver"].angle = f"pi/2 - {omega!r}*t"
    period = 1.0 / turns_per_second
    return mbw.run(scene, integrator="bathe", step=period / 2000, t_end=period, output_step=period / 200,
                   multipliers=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=Path("."))
    args = parser.parse_args()
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(one_turn, TURNS_PER_SECOND))

    omega = 2 * np.pi * np.array(TURNS_PER_SECOND)
    peaks = np.array([np.abs(r[TORQUE]).max() for r in runs])
    # tau_max = a + b omega^2, least squares
    (a, b), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(omega), omega**2]), peaks, rcond=None)
    print(f"{'turns/s':>8} {'omega [rad/s]':>14} {'steps':>6} {'peak torque [N m]':>18} {'fit':>8}")
    for n, w, p, r in zip(TURNS_PER_SECOND, omega, peaks, runs):
        assert r.status == "completed"
        print(f"{n:8} {w:14.2f} {r.stats['steps']:6d} {p:18.4f} {a + b * w * w:8.4f}")
    print(f"fit: tau_max = {a:.4g} N m + {b:.4g} N m s^2 * omega^2")
    # the inertia term dominates at the highest speed, and the fit follows the peaks there
    assert b * omega[-1]**2 > 2 * abs(a)
    assert abs(a + b * omega[-1]**2 - peaks[-1]) < 0.05 * peaks[-1]

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    for n, r in zip(TURNS_PER_SECOND, runs):
        crank_angle = np.degrees(r.t * n * 2 * np.pi)
        left.plot(crank_angle, r[TORQUE], label=f"{n} turn/s")
    left.set_xlabel("crank angle turned [deg]")
    left.set_ylabel("driver torque (multiplier) [N m]")
    left.legend(fontsize="small")
    speeds = np.linspace(0, omega[-1], 100)
    right.plot(omega, peaks, "o", label="runs")
    right.plot(speeds, a + b * speeds**2, "-", label="a + b omega^2")
    right.set_xlabel("crank speed omega [rad/s]")
    right.set_ylabel("peak |torque| [N m]")
    right.legend()
    fig.suptitle("Slider-crank: the driving torque against the crank speed")
    fig.tight_layout()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    path = args.output_dir / "slider-crank-speed-sweep.png"
    fig.savefig(path, dpi=100)
    print(f"figure {path}")


if __name__ == "__main__":
    main()
