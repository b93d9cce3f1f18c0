"""Shared pieces of the Python module's tests: the module built in build/python (PYTHONPATH, set by
CTest), mbw-cli beside it (MBW_CLI) and the source tree (MBW_SOURCE_DIR)."""

import os
import subprocess
from pathlib import Path

import pytest

CLI = os.environ.get("MBW_CLI", "mbw-cli")
SOURCE_DIR = Path(os.environ.get("MBW_SOURCE_DIR", Path(__file__).resolve().parents[2]))


def run_cli(*args, check=True):
    """mbw-cli with these arguments: (exit status, stdout, stderr)."""
    done = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"mbw-cli {' '.join(map(str, args))}: exit {done.returncode}\n{done.stderr}")
    return done.returncode, done.stdout, done.stderr


def read_cli_csv(path):
    """A CSV written by mbw-cli: (column names, {name: list of floats}, {comment key: value})."""
    names, rows, comments = None, [], {}
    for line in Path(path).read_text().splitlines():
        if line.startswith("#"):
            key, _, value = line[2:].partition(": ")
            comments[key] = value.strip()
        elif names is None:
            names = line.split(",")
        else:
            rows.append([float(v) for v in line.split(",")])
    columns = {name: [row[k] for row in rows] for k, name in enumerate(names)}
    return names, columns, comments


@pytest.fixture
def cli():
    return run_cli
