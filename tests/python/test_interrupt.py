"""Ctrl-C during a long run stops it through the engine's cancel mechanism: KeyboardInterrupt is
raised, carrying the rows computed until then."""

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


def test_a_sweep_stops_after_the_runs_under_way():
    study = SOURCE_DIR / "tests" / "python" / "data" / "pendulum-sweep.json"
    table = mbw.sweep(study, workers=1, progress=lambda finished, total: False)
    assert table.interrupted and 1 <= len(table) < 4
