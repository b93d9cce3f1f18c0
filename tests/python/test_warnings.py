"""What the engine's model check finds worth a look in a scene is warned of as mbw.SceneWarning
(a UserWarning): equations left out as redundant (a note), a body joined to nothing, inertias no
body has (warnings), on loading a scene and for the new findings of an edit."""

import json
import warnings

import pytest

import mbw
from conftest import run_cli


def test_a_loop_closed_twice_is_a_note_naming_the_joint():
    with pytest.warns(mbw.SceneWarning) as record:
        scene = mbw.Scene.load("iftomm-a04-bricard")
    assert len(record) == 1
    note = record[0].message
    assert note.kind == "note" and note.path == "/joints/5" and note.element == "joint 'R6'"
    assert str(note).startswith("builtin:iftomm-a04-bricard: /joints/5: joint 'R6': 1 of its 5 equations repeats")
    assert "left out as redundant" in str(note)
    assert issubclass(mbw.SceneWarning, UserWarning)
    # the warning points at the line that loaded the scene
    assert record[0].filename == __file__
    # the same as the model check and mbw-cli validate say
    check = scene.check()
    assert check["redundant"] == 1 and check["degrees_of_freedom"] == 1
    assert [f["path"] for f in check["findings"]] == ["/joints/5"]
    notes = [line for line in run_cli("validate", "iftomm-a04-bricard")[1].splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and notes[0].startswith("note: /joints/5: joint 'R6': 1 of its 5 equations")


def test_many_redundant_joints_are_one_note():
    with pytest.warns(mbw.SceneWarning, match="equations left out as redundant: 120 left out: joint 'pin_1_end'") as record:
        scene = mbw.Scene.load("iftomm-a02-four-bar-40")
    assert len(record) == 1 and record[0].message.kind == "note"
    assert len(scene.check()["findings"]) == 40


def test_a_scene_without_findings_loads_silently():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scene = mbw.Scene.load("double-pendulum")
        mbw.run(scene, integrator="lms2", step=1e-2, t_end=0.1)
        # a built-in scene's odd inertias are the project's: mbw-cli says nothing of them either
        vehicle = mbw.Scene.load("hmmwv-bump")
    assert scene.check()["findings"] == []
    assert len(vehicle.warnings) == 8 and "warning:" not in run_cli("validate", "hmmwv-bump")[2]


def test_a_file_with_inertias_no_body_has_warns_on_load_and_run(tmp_path):
    document = mbw.Scene.load("double-pendulum").to_dict()
    document["bodies"][1]["inertia"] = [0.01, 0.01, 13.0]
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(document))
    with pytest.warns(mbw.SceneWarning, match=r"odd\.json: /bodies/1/inertia: no rigid body has these moments") as record:
        mbw.Scene.load(path)
    assert record[0].message.kind == "warning" and record[0].message.path == "/bodies/1/inertia"
    # mbw-cli says it too
    assert f"warning: {record[0].message}" in run_cli("validate", path)[2]
    with pytest.warns(mbw.SceneWarning, match="/bodies/1/inertia"):
        mbw.run(path, integrator="lms2", step=1e-2, t_end=0.1)
    # a filter makes it an error
    with warnings.catch_warnings():
        warnings.simplefilter("error", mbw.SceneWarning)
        with pytest.raises(mbw.SceneWarning):
            mbw.Scene.load(path)


def test_a_body_joined_to_nothing_warns_from_a_dict():
    document = mbw.Scene.load("double-pendulum").to_dict()
    document["joints"] = [j for j in document["joints"] if "body_2" not in (j.get("body_i"), j.get("body_j"))]
    with pytest.warns(mbw.SceneWarning, match=r"^<dict>: /bodies/1: body 'body_2': No joint or force element names it"):
        mbw.Scene.from_dict(document)


def test_an_edit_warns_of_what_it_makes_new():
    scene = mbw.Scene.load("double-pendulum")
    with pytest.warns(mbw.SceneWarning, match="/bodies/1/inertia") as record:
        scene.bodies["body_2"].inertia = [0.01, 0.01, 13.0]
    assert len(record) == 1
    # a later edit does not say it again
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scene.bodies["body_2"].mass = 3.0
        scene.copy()
