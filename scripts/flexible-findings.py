#!/usr/bin/env python3
"""Numbers behind the findings of Zhang et al. 2022 on the flexible benchmarks, from the time
histories that `mbw-cli study flexible` writes (<part>_series.csv): per method, how far the run
got, the RMS of a channel over a window and its ratio to a reference method's, the mean shift of
its zero crossings against the reference's (phase), and the RMS of its high-frequency part (the
signal minus its moving average over --smooth seconds: the oscillations Figs 15-16 are about).

  scripts/flexible-findings.py out/buckling_series.csv theta_mid --window 0.4 0.8 --reference "lms3 (0.6)"
"""
import argparse
import csv
import math
import sys


def read_series(path, channel):
    runs = {}
    with open(path) as f:
        rows = (line for line in f if not line.startswith("#"))
        reader = csv.reader(rows)
        header = next(reader)
        if channel not in header:
            sys.exit(f"{path}: no channel '{channel}' (have {', '.join(header[2:])})")
        c = header.index(channel)
        for row in reader:
            runs.setdefault(row[0], ([], []))
            runs[row[0]][0].append(float(row[1]))
            runs[row[0]][1].append(float(row[c]))
    return runs


def window(t, x, t0, t1):
    return [(a, b) for a, b in zip(t, x) if t0 <= a <= t1 and math.isfinite(b)]


def rms(values):
    return math.sqrt(sum(v * v for v in values) / len(values)) if values else float("nan")


def crossings(points, mean):
    out = []
    for (ta, xa), (tb, xb) in zip(points, points[1:]):
        if xa < mean <= xb:
            out.append(ta + (mean - xa) / (xb - xa) * (tb - ta))
    return out


def high_frequency(points, smooth):
    # the signal minus its centred moving average over `smooth` seconds
    residual = []
    lo = hi = 0
    total = 0.0
    for i, (t, x) in enumerate(points):
        while hi < len(points) and points[hi][0] <= t + smooth / 2:
            total += points[hi][1]
            hi += 1
        while points[lo][0] < t - smooth / 2:
            total -= points[lo][1]
            lo += 1
        if points[0][0] + smooth / 2 <= t <= points[-1][0] - smooth / 2:
            residual.append(x - total / (hi - lo))
    return rms(residual)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("series")
    p.add_argument("channel")
    p.add_argument("--window", nargs=2, type=float, default=[-math.inf, math.inf], metavar=("T0", "T1"))
    p.add_argument("--reference", default="lms3 (0.6)", help="the method the others are compared with")
    p.add_argument("--smooth", type=float, default=0.05, help="moving-average window of the high-frequency part, s")
    a = p.parse_args()
    runs = read_series(a.series, a.channel)
    if a.reference not in runs:
        sys.exit(f"no method '{a.reference}' in {a.series}")
    ref = window(*runs[a.reference], *a.window)
    ref_mean = sum(x for _, x in ref) / len(ref)
    ref_rms = rms([x - ref_mean for _, x in ref])
    ref_cross = crossings(ref, ref_mean)
    print(f"{a.channel} over [{a.window[0]}, {a.window[1]}] s; reference {a.reference}, smoothing {a.smooth} s")
    print(f"{'method':18} {'last t':>7} {'RMS':>10} {'RMS/ref':>8} {'shift [s]':>10} {'HF RMS':>10}")
    for method, (t, x) in runs.items():
        pts = window(t, x, *a.window)
        complete = bool(pts) and pts[-1][0] >= min(a.window[1], ref[-1][0]) - 1e-9
        amplitude = rms([v - ref_mean for _, v in pts])
        shifts = []
        for c in crossings(pts, ref_mean):
            nearest = min(ref_cross, key=lambda r: abs(r - c), default=None)
            if nearest is not None:
                shifts.append(c - nearest)
        shift = sum(shifts) / len(shifts) if shifts and complete else float("nan")
        hf = high_frequency(pts, a.smooth) if complete else float("nan")
        ratio = amplitude / ref_rms if complete else float("nan")
        print(f"{method:18} {t[-1]:7.3f} {amplitude:10.4g} {ratio:8.3f} {shift:10.2e} {hf:10.3g}")


if __name__ == "__main__":
    main()
