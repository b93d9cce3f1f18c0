#!/usr/bin/env python3
"""The energy balance E - E0 - W_in + D of every integrator on driven mechanisms: each fixed-step
integrator at h = 1e-3 s and each variable-step one at rtol = atol = 1e-8 (or the settings given),
on each scene, with the largest |balance| over the run against the largest |W_in| (the work the
drivers and loads did) and the run's steps. Prints the table of docs/integrators.md ("The energy
balance").

  scripts/energy-balance.py                        # four-link 5 s, slider-crank 20 s
  scripts/energy-balance.py --scene stiff-double-pendulum:2 --variable=--variable-step
"""
import argparse
import csv
import os
import re
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FIXED = ["backward-euler", "hht", "lms2", "lms3", "lms4", "ss2", "ss3", "ss4", "bathe", "msstc3", "msstc4",
         "msstc5", "mssth3", "mssth4", "mssth5", "esdirk3-4l2sa", "esdirk3-5l2sa", "esdirk4-6l2sa2"]
VARIABLE = ["lms2", "esdirk3-4l2sa", "esdirk3-5l2sa", "esdirk4-6l2sa2", "rn4", "w2", "adams", "bdf", "ida"]


def run(cli, scene, t_end, integrator, settings, csv_path):
    """(W_in at the end, largest |balance|, largest |W_in|, largest kinetic energy, steps) or the status"""
    p = subprocess.run([cli, "run", scene, "--integrator", integrator, "--t-end", t_end, "-o", csv_path] + settings,
                       capture_output=True, text=True)
    if p.returncode != 0:
        status = re.search(r"status\s+(.*)", p.stdout)
        # its first clause: what failed, without the solver's figures
        return status.group(1).split(" (")[0] if status else p.stderr.strip()
    with open(csv_path) as f:
        rows = csv.reader(line for line in f if not line.startswith("#"))
        header = next(rows)
        b, w, k = (header.index(c) for c in ("energy.balance", "energy.work_in", "energy.kinetic"))
        values = [(float(r[b]), float(r[w]), float(r[k])) for r in rows]
    steps = int(re.search(r"steps\s+(\d+)", p.stdout).group(1))
    return (values[-1][1], max(abs(v[0]) for v in values), max(abs(v[1]) for v in values),
            max(v[2] for v in values), steps)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "cli", "mbw-cli"),
                        help="the mbw-cli to run (default: build/app/cli/mbw-cli of this tree)")
    parser.add_argument("--scene", action="append", help="SCENE:T_END (repeatable)")
    parser.add_argument("--fixed", default="--step 1e-3", help="settings of the fixed-step runs")
    parser.add_argument("--variable", default="--rtol 1e-8 --atol 1e-8", help="settings of the variable-step runs")
    parser.add_argument("--only", help="integrators to run, comma-separated")
    args = parser.parse_args()
    scenes = [s.rsplit(":", 1) for s in (args.scene or ["four-link:5", "slider-crank:20"])]
    runs = [(i, args.fixed.split()) for i in FIXED] + [(i, args.variable.split()) for i in VARIABLE]
    if args.only:
        runs = [r for r in runs if r[0] in args.only.split(",")]

    header = ["integrator", "settings"]
    for scene, t_end in scenes:
        header += [f"{scene} {t_end} s: W_in (J)", "max abs balance / max abs W_in", "/ max kinetic", "steps"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for integrator, settings in runs:
            cells = [f"`{integrator}`", " ".join(settings)]
            for scene, t_end in scenes:
                r = run(args.cli, scene, t_end, integrator, settings, os.path.join(tmp, "run.csv"))
                if isinstance(r, str):
                    cells += [r, "", "", ""]
                    continue
                work, balance, largest_work, kinetic, steps = r
                ratio = f"{balance / largest_work:.2g}" if largest_work > 0 else "no work"
                cells += [f"{work:.6g}", ratio, f"{balance / kinetic:.2g}", str(steps)]
            print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
