"""A run releases the GIL, so that runs in several Python threads go on at once.

Checked by a fact that does not depend on how busy the machine is: with the interpreter's switch
interval made longer than the runs, a thread that held the GIL through its run would let no other
thread run Python until it ended, so the other run's progress reports could not fall between its
own. They must interleave, several times. (The module's first run in the process is made before,
so that no thread imports anything while the others wait.)"""

import sys
import threading
import time

import mbw

RUN = dict(integrator="rn4", t_end=4.0, rtol=1e-10, atol=1e-10, progress_interval=0.01)


def test_two_runs_in_two_threads_go_on_at_once():
    reports = {0: [], 1: []}
    results = {}

    def work(k):
        results[k] = mbw.run("double-pendulum", progress=lambda t, f: reports[k].append(time.perf_counter()), **RUN)

    alone = mbw.run("double-pendulum", **RUN)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert results[0].status == results[1].status == "completed"
    a, b = reports[0], reports[1]
    assert len(a) > 5 and len(b) > 5
    # the reports in time order: which run made each; the runs take turns several times
    order = [k for _, k in sorted([(t, 0) for t in a] + [(t, 1) for t in b])]
    turns = sum(1 for x, y in zip(order, order[1:]) if x != y)
    assert turns >= 4, order
    # the same numbers as a run alone
    assert (results[0]["body_2.y"] == alone["body_2.y"]).all()
