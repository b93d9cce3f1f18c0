#!/usr/bin/env python3
"""A work-precision diagram of the double pendulum: the error of each run against a reference run
versus the CPU time it took, for integrators of four families at several tolerances or steps.

Each run records the lower bar's position on one output grid; its error is the largest distance
from the reference's over the grid. The CPU times are the engine's own (the thread's CPU time of
the run, the least of three repetitions).

usage: work_precision.py [--output-dir DIR]   (writes DIR/double-pendulum-work-precision.png)
"""

import argparse
from pathlib import Path

import numpy as np

import mbw

T_END, GRID = 2.0, 0.01
METHODS = {
    # integrator: (the keyword varied, its values)
    "rn4": ("rtol", [1e-4, 1e-5, 1e-6, 1e-7, 1e-8]),
    "esdirk4-6l2sa2": ("rtol", [1e-4, 1e-5, 1e-6, 1e-7]),
    "bdf": ("rtol", [1e-5, 1e-6, 1e-7, 1e-8]),
    "bathe": ("step", [1e-2, 5e-3, 2e-3, 1e-3]),
    "hht": ("step", [1e-2, 5e-3, 2e-3, 1e-3]),
}


def position_error(run, reference):
    """The largest distance of body_2 from the reference's position over the grid, m."""
    return max(np.hypot(run["body_2.y"] - reference["body_2.y"], run["body_2.z"] - reference["body_2.z"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=Path("."))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    scene = mbw.Scene.load("double-pendulum")
    reference = mbw.run(scene, integrator="rn4", t_end=T_END, rtol=1e-12, atol=1e-12, output_step=GRID)

    curves = {}
    print(f"{'integrator':16} {'setting':>14} {'steps':>7} {'error [m]':>10} {'CPU [s]':>9}")
    for integrator, (keyword, values) in METHODS.items():
        points = []
        for value in values:
            settings = {keyword: value, "t_end": T_END, "output_step": GRID}
            if keyword == "rtol":
                settings["atol"] = value
            runs = [mbw.run(scene, integrator=integrator, **settings) for _ in range(args.repeat)]
            cpu = min(r.stats["cpu_seconds"] for r in runs)
            error = position_error(runs[0], reference)
            points.append((cpu, error))
            print(f"{integrator:16} {keyword + ' ' + format(value, 'g'):>14} {runs[0].stats['steps']:7d} "
                  f"{error:10.2e} {cpu:9.2e}")
        curves[integrator] = np.array(points)
        # a tighter setting gives a smaller error (the diagram's lines go one way)
        assert curves[integrator][-1, 1] < curves[integrator][0, 1], integrator

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 5))
    for integrator, points in curves.items():
        ax.loglog(points[:, 0], points[:, 1], "o-", label=integrator)
    ax.set_xlabel("CPU time of the run [s]")
    ax.set_ylabel("largest position error of body_2 [m]")
    ax.set_title(f"Double pendulum, {T_END:g} s: work against precision")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    path = args.output_dir / "double-pendulum-work-precision.png"
    fig.savefig(path, dpi=100)
    print(f"figure {path}")


if __name__ == "__main__":
    main()
