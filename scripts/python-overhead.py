#!/usr/bin/env python3
"""The overhead of mbw.run against mbw-cli run on a short run (the double pendulum, rn4 at 1e-8
over 3 s): the CPU time of the integration each reports, the CPU time of the whole mbw-cli process
and of the whole mbw.run call, and the wall times, repeated alternately; minimum, median, maximum.

usage: PYTHONPATH=build/python python3 scripts/python-overhead.py build/app/cli/mbw-cli [REPEATS]
"""
import re, subprocess, sys, time, statistics
import mbw
cli = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 15
args = dict(integrator="rn4", t_end=3.0, rtol=1e-8, atol=1e-8)
opts = ["--integrator", "rn4", "--t-end", "3", "--rtol", "1e-8", "--atol", "1e-8"]
import resource
rows = {"cli_cpu": [], "cli_process_cpu": [], "cli_wall": [], "py_cpu": [], "py_call_cpu": [], "py_wall": []}
def children():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime
for k in range(n):
    c0 = children()
    start = time.perf_counter()
    out = subprocess.run([cli, "run", "double-pendulum", *opts], capture_output=True, text=True).stdout
    rows["cli_wall"].append(time.perf_counter() - start)
    rows["cli_process_cpu"].append(children() - c0)
    rows["cli_cpu"].append(float(re.search(r"CPU time +([0-9.e+-]+) s", out).group(1)))
    p0 = time.process_time()
    start = time.perf_counter()
    r = mbw.run("double-pendulum", **args)
    rows["py_wall"].append(time.perf_counter() - start)
    rows["py_call_cpu"].append(time.process_time() - p0)
    rows["py_cpu"].append(r.stats["cpu_seconds"])
print(f"rows {len(r)}, steps {r.stats['steps']}")
for key, v in rows.items():
    print(f"{key:16} min {min(v)*1e3:8.1f} ms  median {statistics.median(v)*1e3:8.1f} ms  max {max(v)*1e3:8.1f} ms")
