"""Errors raise Python exceptions that carry mbw-cli's message and exit category: bad input (2)
names the file and the JSON path, or the keyword as the CLI names its option; a numerical failure
(3) keeps what the run computed."""

import json

import pytest

import mbw
from conftest import run_cli


def test_a_bad_edit_names_the_json_path_and_is_undone():
    scene = mbw.Scene.load("double-pendulum")
    with pytest.raises(mbw.InputError) as error:
        scene.bodies["body_2"].mass = -3.0
    assert "builtin:double-pendulum: /bodies/1/mass: " in str(error.value)
    assert error.value.exit_code == 2 and error.value.category == "bad input"
    assert isinstance(error.value, ValueError)
    assert scene.bodies["body_2"].mass == 39.0


def test_a_bad_scene_file_raises_the_clis_message(tmp_path):
    document = mbw.Scene.load("double-pendulum").to_dict()
    document["joints"][7]["body_j"] = "body_9"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    status, _, stderr = run_cli("validate", path, check=False)
    assert status == 2
    with pytest.raises(mbw.InputError) as error:
        mbw.Scene.load(path)
    assert "/joints/7/body_j" in str(error.value)
    assert f"error: {error.value}" in stderr
    with pytest.raises(mbw.InputError, match="<dict>: /joints/7/body_j"):
        mbw.Scene.from_dict(document)


def test_a_value_json_cannot_hold_is_a_type_error_naming_its_type():
    scene = mbw.Scene.load("double-pendulum")
    with pytest.raises(TypeError, match="a complex cannot go into a scene"):
        scene.bodies["body_2"].mass = 1j
    assert scene.bodies["body_2"].mass == 39.0


def test_a_missing_scene_raises():
    with pytest.raises(mbw.InputError, match="no-such-scene.json"):
        mbw.Scene.load("no-such-scene.json")


def test_a_bad_setting_names_the_keyword_as_the_cli_names_its_option():
    status, _, stderr = run_cli("run", "double-pendulum", "--t-end", "-1", check=False)
    assert status == 2
    with pytest.raises(mbw.InputError) as error:
        mbw.run("double-pendulum", t_end=-1.0)
    message = str(error.value)
    assert message.startswith("t_end: ")
    assert f"error: --t-end: {message[len('t_end: '):]}" in stderr


def test_a_setting_of_the_scene_names_its_json_path():
    scene = mbw.Scene.load("double-pendulum")
    with pytest.raises(mbw.InputError, match=r"^builtin:double-pendulum: /settings/t_end: t_end must be after"):
        scene.settings.t_end = -1.0
    assert scene.settings.t_end == 5.0


def test_keywords_are_checked():
    with pytest.raises(TypeError, match="unexpected keyword argument 't_final'"):
        mbw.run("double-pendulum", t_final=1.0)
    with pytest.raises(mbw.InputError, match="every: expected an integer"):
        mbw.run("double-pendulum", every=2.5)
    with pytest.raises(mbw.InputError, match="every: 1099511627776 is out of range"):
        mbw.run("double-pendulum", every=2**40)
    with pytest.raises(mbw.InputError, match="unknown integrator|integrator"):
        mbw.run("double-pendulum", integrator="no-such")
    assert "t_end" in mbw.run_keywords() and "newton_tol" in mbw.run_keywords()


def test_a_scene_that_cannot_be_saved_raises_an_output_error(tmp_path):
    # a directory where the file should be: the write fails, as on a full disk
    target = tmp_path / "taken"
    target.mkdir()
    with pytest.raises(mbw.OutputError, match="cannot write"):
        mbw.Scene.load("double-pendulum").save(target)


def test_a_numerical_failure_raises_with_the_rows_computed():
    options = ["--integrator", "backward-euler", "--step", "0.5", "--max-newton", "1"]
    status, stdout, _ = run_cli("run", "double-pendulum", *options, check=False)
    assert status == 3
    with pytest.raises(mbw.NumericalFailure) as error:
        mbw.run("double-pendulum", integrator="backward-euler", step=0.5, max_newton=1)
    failure = error.value
    assert failure.exit_code == 3 and failure.category == "numerical failure"
    assert f"status           failed: {failure}" in stdout
    assert failure.result.status == "failed" and len(failure.result) == 1
    # check=False returns it
    r = mbw.run("double-pendulum", integrator="backward-euler", step=0.5, max_newton=1, check=False)
    assert r.status == "failed" and r.message == str(failure)
