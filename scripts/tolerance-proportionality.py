#!/usr/bin/env python3
"""What a tolerance means in each integrator family: every variable-step integrator at rtol = atol =
1e-6 and 1e-8 with its default error control on the double pendulum (2 s), IFToMM A01 (10 s) and
Andrews' squeezer (0.03 s); the largest position error over the run against the engine's
reference-quality run (bdf at 1e-12), divided by the tolerance. Runs the studies of
scripts/tolerance-study/ with `mbw-cli sweep` (one run at a time, resumed if a table is there) and
prints the table of docs/integrators.md ("Tolerance proportionality").

  scripts/tolerance-proportionality.py out/tolerances
"""
import argparse
import csv
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

STUDIES = [("double-pendulum", "double pendulum"), ("a01", "A01"), ("andrews-squeezer", "Andrews")]


def read_table(path):
    """(integrator, rtol) -> (largest error over the compared outputs, steps), or the status"""
    with open(path) as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        table = {}
        for r in rows:
            key = (r["integrator"], float(r["rtol"]))
            if r["status"] != "completed":
                table[key] = (None, r["status"])
                continue
            errors = [float(v) for k, v in r.items() if k.startswith("max_error(") and v]
            table[key] = (max(errors), int(r["steps"]))
        return table


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "cli", "mbw-cli"),
                        help="the mbw-cli to run (default: build/app/cli/mbw-cli of this tree)")
    parser.add_argument("out", help="directory for the sweeps' tables (one subdirectory per study)")
    args = parser.parse_args()
    here = os.path.join(ROOT, "scripts", "tolerance-study")

    # the sweeps, one run at a time so that the machine's other work is not slowed
    tables = {}
    for study, _ in STUDIES:
        out = os.path.join(args.out, study)
        command = [args.cli, "sweep", os.path.join(here, study + ".json"), "-o", out, "--jobs", "1"]
        if os.path.exists(os.path.join(out, "results.csv")):
            command.append("--resume")
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        tables[study] = read_table(os.path.join(out, "results.csv"))

    # error / rtol per integrator, problem and tolerance, with the steps taken
    tolerances = sorted({tol for t in tables.values() for (_, tol) in t}, reverse=True)
    integrators = list(dict.fromkeys(name for t in tables.values() for (name, _) in t))
    header = ["integrator"] + [f"{label}, rtol {tol:g}" for _, label in STUDIES for tol in tolerances]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name in integrators:
        cells = [f"`{name}`"]
        for study, _ in STUDIES:
            for tol in tolerances:
                error, steps = tables[study].get((name, tol), (None, "not run"))
                cells.append(f"{error / tol:.2g} ({steps} steps)" if error is not None else str(steps))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
