"""mbw.run gives the numbers `mbw-cli run -o` writes for the same run: the CSV holds 17 significant
digits, which read back to the same doubles, so the comparison is bit for bit."""

import numpy as np
import pytest

import mbw
from conftest import read_cli_csv, run_cli

CASES = [
    # (scene, the options of mbw-cli run, the same as keywords)
    ("double-pendulum", ["--integrator", "rn4", "--t-end", "1", "--rtol", "1e-8", "--atol", "1e-8"],
     dict(integrator="rn4", t_end=1.0, rtol=1e-8, atol=1e-8)),
    ("slider-crank", ["--integrator", "bathe", "--step", "2e-3", "--t-end", "0.5", "--multipliers"],
     dict(integrator="bathe", step=2e-3, t_end=0.5, multipliers=True)),
    ("double-pendulum", ["--integrator", "hht", "--t-end", "0.5", "--output-step", "0.01", "--fixed-step"],
     dict(integrator="hht", t_end=0.5, output_step=0.01, fixed_step=True)),
]


@pytest.mark.parametrize("scene,options,keywords", CASES, ids=[c[1][1] for c in CASES])
def test_arrays_equal_the_clis_csv(tmp_path, scene, options, keywords):
    csv = tmp_path / "cli.csv"
    run_cli("run", scene, *options, "-o", csv)
    names, columns, comments = read_cli_csv(csv)
    r = mbw.run(scene, **keywords)
    assert r.columns == names
    assert comments["status"] == r.status == "completed"
    for name in names:
        assert np.array_equal(r[name], np.array(columns[name]), equal_nan=True), name
    # the settings the CSV states, the same (CPU times aside)
    assert {k: v for k, v in r.metadata.items() if k in comments} == {
        k: v for k, v in comments.items() if k in r.metadata}


def test_output_keyword_writes_the_clis_csv(tmp_path):
    cli_csv, module_csv = tmp_path / "cli.csv", tmp_path / "module.csv"
    run_cli("run", "four-link", "--integrator", "esdirk3-4l2sa", "--rtol", "1e-6", "--atol", "1e-6",
            "--t-end", "0.5", "-o", cli_csv)
    r = mbw.run("four-link", integrator="esdirk3-4l2sa", rtol=1e-6, atol=1e-6, t_end=0.5, output=module_csv)

    # every line but the statistics' CPU times
    def lines(path):
        return [line for line in path.read_text().splitlines() if not line.startswith("# statistics")]
    assert lines(module_csv) == lines(cli_csv)
    assert len(r) == len(read_cli_csv(module_csv)[1]["t"])
