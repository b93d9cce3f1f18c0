"""Ctrl-C during a long run stops it through the engine's cancel mechanism: KeyboardInterrupt is
raised, carrying the rows computed until then. Ctrl-C during a sweep stops its runs under way (its
reference run as well) and raises KeyboardInterrupt with the table of the runs finished."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import mbw
from conftest import SOURCE_DIR

# about two minutes uninterrupted (13 us per step)
LONG_RUN = dict(integrator="bathe", step=1e-3, t_end=1e4)


def test_ctrl_c_stops_a_long_run_and_keeps_its_rows():
    started = time.monotonic()
    # a watchdog: a run that Ctrl-C did not stop ends after 30 s, without KeyboardInterrupt
    watchdog = lambda t, fraction: time.monotonic() - started < 30.0
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt) as stop:
        mbw.run("double-pendulum", progress=watchdog, progress_interval=0.05, **LONG_RUN)
    timer.join()
    r = stop.value.result
    assert r.status == "cancelled" and r.message.startswith("cancelled at t = ")
    assert 0.0 < r.t[-1] < 1e4 and len(r.t) == r.stats["steps"] + 1
    assert time.monotonic() - started < 10.0


def test_ctrl_c_from_the_terminal_ends_a_script():
    script = ("import mbw, sys\nprint('running', flush=True)\n"
              "mbw.run('double-pendulum', integrator='bathe', step=1e-3, t_end=1e4)\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=os.environ)
    assert child.stdout.readline() == "running\n"
    time.sleep(0.3)
    child.send_signal(signal.SIGINT)
    try:
        _, stderr = child.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail("Ctrl-C did not stop the run")
    # Python ends on an uncaught KeyboardInterrupt by the signal itself, as a shell expects
    assert child.returncode == -signal.SIGINT and "KeyboardInterrupt" in stderr


def test_a_progress_callback_returning_false_stops_a_sweep():
    study = SOURCE_DIR / "tests" / "python" / "data" / "pendulum-sweep.json"
    table = mbw.sweep(study, workers=1, progress=lambda finished, total: False)
    assert table.interrupted and 1 <= len(table) < 4


# a study of runs of about two minutes each (as LONG_RUN), four of them on two threads
LONG_STUDY = {
    "format": "mbw-study", "version": 1, "name": "long runs, to be stopped",
    "scenes": [{"scene": "double-pendulum", "t_end": 1e4}],
    "integrators": [{"name": "bathe", "steps": [1e-3, 5e-4]}, {"name": "lms2", "steps": [1e-3, 5e-4]}],
}

# a script given a study (JSON): its sweep on two threads, Ctrl-C after 0.5 s; prints the seconds
# from Ctrl-C to KeyboardInterrupt, the process's CPU seconds in the half second after it (the
# workers stopped: nothing computes any more) and the table it carries
INTERRUPTED_SWEEP = """
import json, os, signal, sys, threading, time, mbw
sent = []
def ctrl_c():
    sent.append(time.monotonic())
    os.kill(os.getpid(), signal.SIGINT)
threading.Timer(0.5, ctrl_c).start()
try:
    mbw.sweep(json.loads(sys.argv[1]), workers=2)
except KeyboardInterrupt as stop:
    latency = time.monotonic() - sent[0]
    cpu = time.process_time()
    time.sleep(0.5)
    print(json.dumps({"latency": latency, "cpu_after": time.process_time() - cpu,
                      "interrupted": stop.result.interrupted, "rows": len(stop.result)}))
"""


def interrupted_sweep(study):
    """The sweep of INTERRUPTED_SWEEP in a child process, killed if it has not ended after 10 s (a
    sweep that Ctrl-C does not stop would run for minutes and take gigabytes)."""
    try:
        done = subprocess.run([sys.executable, "-c", INTERRUPTED_SWEEP, json.dumps(study)], capture_output=True,
                              text=True, timeout=10, env=os.environ)
    except subprocess.TimeoutExpired:
        pytest.fail("Ctrl-C did not stop the sweep")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_ctrl_c_stops_a_sweeps_runs_under_way():
    stopped = interrupted_sweep(LONG_STUDY)
    assert stopped["interrupted"] and stopped["rows"] == 0
    # the runs poll the stop at every step, the sweep Python's signals about ten times a second
    assert stopped["latency"] < 2.0 and stopped["cpu_after"] < 0.1, stopped


def test_ctrl_c_stops_a_sweeps_reference_run():
    # outputs compared: the reference run (rn4 at 1e-9 over the 1e4 s: about 20 minutes) is made
    # before the runs
    stopped = interrupted_sweep(dict(LONG_STUDY, outputs=["body_2.y"], reference={"integrator": "rn4", "tolerance": 1e-9}))
    assert stopped["interrupted"] and stopped["rows"] == 0
    assert stopped["latency"] < 2.0 and stopped["cpu_after"] < 0.1, stopped
