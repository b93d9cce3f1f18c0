"""Every call of the module's minimal contract (docs/python.md), checked against the engine's own
answers: mbw-cli's version, list and runs."""

import re

import numpy as np
import pytest

import mbw
from conftest import SOURCE_DIR, run_cli


def test_version_is_the_projects():
    assert run_cli("--version")[1].strip() == f"mbw-cli {mbw.__version__}"


def test_integrators_are_those_mbw_cli_lists():
    listing = run_cli("list")[1]
    section = listing.split("Integrators:\n")[1].split("\n\n")[0]
    # the first line of each integrator: "  NAME[, ALIAS]   order N..."
    names = re.findall(r"^  (\S+?)(?:, \S+)?\s+order \d", section, re.MULTILINE)
    assert names and mbw.integrators() == names


def test_describe_gives_the_capabilities():
    rn4 = mbw.describe("rn4")
    assert rn4["order"] == 4
    assert rn4["variable_step"]
    assert "state-space" in rn4["family"]
    assert set(rn4["options"]) == {"jacobian", "linear_solver", "jacobian_update", "error_control", "index3_form"}
    assert rn4["formulations"]
    hht = mbw.describe("hht")
    assert hht["alpha"] and hht["rho_inf"]["min"] <= hht["rho_inf"]["default"] <= hht["rho_inf"]["max"]
    with pytest.raises(mbw.InputError, match="unknown integrator 'no-such'"):
        mbw.describe("no-such")


def test_scene_loads_by_name_and_path_and_round_trips_as_a_dict():
    by_name = mbw.Scene.load("double-pendulum")
    by_path = mbw.Scene.load(SOURCE_DIR / "scenes" / "double-pendulum.json")
    assert by_name.source == "builtin:double-pendulum"
    assert by_path.source.endswith("double-pendulum.json")
    assert by_name.to_dict() == by_path.to_dict()
    again = mbw.Scene.from_dict(by_name.to_dict())
    assert again.to_dict() == by_name.to_dict() and again.name == "double-pendulum"
    assert "double-pendulum" in mbw.scenes()


def test_editing_a_body_changes_the_scene_and_the_run():
    scene = mbw.Scene.load("double-pendulum")
    before = mbw.run(scene, integrator="rn4", t_end=0.5, rtol=1e-8, atol=1e-8)
    scene.bodies["body_2"].mass = 3.0
    assert scene.bodies["body_2"].mass == 3.0
    assert scene.to_dict()["bodies"][1]["mass"] == 3.0
    after = mbw.run(scene, integrator="rn4", t_end=0.5, rtol=1e-8, atol=1e-8)
    # the lighter lower bar swings otherwise
    assert abs(after["body_2.z"][-1] - before["body_2.z"][-1]) > 1e-3
    # the dict way: the same scene
    d = mbw.Scene.load("double-pendulum").to_dict()
    d["bodies"][1]["mass"] = 3.0
    assert mbw.Scene.from_dict(d).to_dict() == scene.to_dict()


def test_run_gives_numpy_arrays_under_the_clis_column_names(tmp_path):
    r = mbw.run("double-pendulum", integrator="rn4", t_end=3.0, rtol=1e-8, atol=1e-8)
    assert r.status == "completed"
    assert isinstance(r.t, np.ndarray) and r.t.dtype == np.float64
    assert r.t[0] == 0.0 and r.t[-1] == 3.0
    assert len(r["body_2.x"]) == len(r.t) == len(r)
    csv = tmp_path / "run.csv"
    run_cli("run", "double-pendulum", "--integrator", "rn4", "--t-end", "0.1", "-o", csv)
    assert r.columns == csv.read_text().split("\n# status")[1].splitlines()[1].split(",")
    assert r.units["t"] == "s"
    with pytest.raises(KeyError, match="body_2.x"):
        r["body_2.w"]


def test_stats_give_steps_rejections_newton_cpu_and_phases():
    r = mbw.run("double-pendulum", integrator="rn4", t_end=1.0, rtol=1e-6, atol=1e-6)
    s = r.stats
    assert s["steps"] > 10
    assert s["rejected_steps"] == sum(s["rejections"].values())
    assert s["newton_iterations"] >= s["steps"]
    assert s["cpu_seconds"] > 0.0
    assert s["phase_seconds"] and sum(s["phase_seconds"].values()) <= s["cpu_seconds"] * 1.001
    assert r.metadata["integrator"] == "rn4"


def test_to_pandas_gives_a_data_frame():
    pandas = pytest.importorskip("pandas")
    r = mbw.run("single-pendulum", t_end=0.2)
    frame = r.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == r.columns and len(frame) == len(r)
    assert np.array_equal(frame["t"].to_numpy(), r.t)
    assert frame.attrs["scene"] == "single-pendulum"


def test_output_step_gives_the_grid():
    r = mbw.run("double-pendulum", integrator="rn4", t_end=1.0, rtol=1e-8, atol=1e-8, output_step=0.01)
    assert len(r.t) == 101
    assert np.allclose(r.t, np.arange(101) * 0.01, rtol=0, atol=1e-12)


def test_progress_is_called_and_can_stop_the_run():
    calls = []
    r = mbw.run("double-pendulum", integrator="bathe", step=1e-3, t_end=2.0, progress_interval=0.0,
                progress=lambda t, fraction: calls.append((t, fraction)))
    assert r.status == "completed"
    times = [t for t, _ in calls]
    assert len(calls) > 10 and times == sorted(times) and calls[-1] == (2.0, 1.0)
    # returning False stops it: cancelled, with what it computed
    stopped = mbw.run("double-pendulum", integrator="bathe", step=1e-3, t_end=2.0, progress_interval=0.0,
                      progress=lambda t, fraction: t < 0.5)
    assert stopped.status == "cancelled" and "cancelled at t = " in stopped.message
    assert 0.5 <= stopped.t[-1] < 0.6


def test_sweep_runs_a_study_file(tmp_path):
    study = SOURCE_DIR / "tests" / "python" / "data" / "pendulum-sweep.json"
    table = mbw.sweep(study, workers=2)
    assert len(table) == 4 and table.failed == 0 and not table.interrupted
    assert list(table["integrator"]) == ["bathe", "bathe", "lms2", "lms2"]
    assert table["steps"].dtype == np.float64 and (table["steps"] > 0).all()
    # the table mbw-cli sweep writes for the study: the same columns, the same counts and errors
    run_cli("sweep", study, "-o", tmp_path, "-j", "2")
    lines = [line for line in (tmp_path / "results.csv").read_text().splitlines() if not line.startswith("#")]
    assert lines[0].split(",") == table.columns
    rows = [line.split(",") for line in lines[1:]]
    for name in ("steps", "newton_iterations", "max_error(body_2.y)"):
        column = table.columns.index(name)
        assert [float(row[column]) for row in rows] == list(table[name]), name
    pandas = pytest.importorskip("pandas")
    assert list(table.to_pandas().columns) == table.columns
