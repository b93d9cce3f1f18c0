"""A study given as a dict (the JSON of a study file) runs as the file does; its errors name the
JSON path as for a file, with "<dict>" (or the source given) for the file."""

import json

import numpy as np
import pytest

import mbw
from conftest import SOURCE_DIR, run_cli

STUDY_FILE = SOURCE_DIR / "tests" / "python" / "data" / "pendulum-sweep.json"


def study_dict():
    return json.loads(STUDY_FILE.read_text())


def test_a_dict_gives_the_table_of_the_file():
    from_file = mbw.sweep(STUDY_FILE, workers=2)
    from_dict = mbw.sweep(study_dict(), workers=2)
    assert from_dict.columns == from_file.columns and len(from_dict) == len(from_file) == 4
    for name in from_file.columns:
        if name.startswith("cpu_s"):
            continue  # timings differ from run to run
        a, b = from_file[name], from_dict[name]
        if a.dtype == object:
            assert list(a) == list(b), name
        else:
            assert np.array_equal(a, b, equal_nan=True), name


def test_a_bad_field_names_its_json_path():
    study = study_dict()
    study["integrators"][1]["name"] = "no-such"
    with pytest.raises(mbw.InputError, match=r"^<dict>: /integrators/1/name: unknown integrator 'no-such'") as error:
        mbw.sweep(study)
    assert error.value.exit_code == 2
    # source names the dict in messages
    with pytest.raises(mbw.InputError, match="my-study: /integrators/1/name: unknown integrator 'no-such'"):
        mbw.sweep(study, source="my-study")


def test_a_schema_error_reads_as_for_the_file(tmp_path):
    study = study_dict()
    study["integrators"][0]["steps"] = [-1e-2]
    study["scenes"][0]["t_end"] = "long"
    path = tmp_path / "bad-study.json"
    path.write_text(json.dumps(study))
    status, _, stderr = run_cli("sweep", path, "-o", tmp_path / "out", check=False)
    assert status == 2
    with pytest.raises(mbw.InputError) as error:
        mbw.sweep(study)
    assert "/scenes/0/t_end" in str(error.value)
    # the file's message, the file's name for "<dict>"
    assert str(error.value).replace("<dict>", str(path)) in stderr


def test_a_scene_path_in_a_dict_is_the_working_directorys(tmp_path, monkeypatch):
    mbw.Scene.load("double-pendulum").save(tmp_path / "pendulum.json")
    study = study_dict()
    study["scenes"][0]["scene"] = "pendulum.json"
    monkeypatch.chdir(tmp_path)
    table = mbw.sweep(study, workers=1)
    assert len(table) == 4 and table.failed == 0


def test_an_output_directory_gets_the_tables_the_cli_writes(tmp_path):
    # a study with thresholds: results.csv and thresholds.md, as mbw-cli sweep -o writes them
    study = study_dict()
    study["thresholds"] = [1e-3, 1e-6]
    path = tmp_path / "study.json"
    path.write_text(json.dumps(study))
    table = mbw.sweep(path, workers=1, output_dir=tmp_path / "py")
    run_cli("sweep", path, "-o", tmp_path / "cli")
    assert (tmp_path / "py" / "results.csv").exists() and len(table) == 4
    ours = (tmp_path / "py" / "thresholds.md").read_text().splitlines()
    theirs = (tmp_path / "cli" / "thresholds.md").read_text().splitlines()
    # the same heading and the same rows, one per method; the CPU times in the cells differ
    assert ours[0] == theirs[0] and len(ours) == len(theirs)
    methods = [line.split("|")[1].strip() for line in ours if line.startswith("|")]
    assert methods == [line.split("|")[1].strip() for line in theirs if line.startswith("|")]
    assert any("bathe" in m for m in methods) and any("lms2" in m for m in methods)
