"""The Python the documentation shows runs: every ```python block of README.md and docs/python.md
(but the one waiting for a Ctrl-C), and the numbers a block's comments give are the module's."""

import contextlib
import io
import re

import pytest

from conftest import SOURCE_DIR


def python_blocks():
    for name in ("README.md", "docs/python.md"):
        text = (SOURCE_DIR / name).read_text()
        for number, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.DOTALL)):
            if "KeyboardInterrupt" not in block:
                yield pytest.param(block, id=f"{name}:{number}")


@pytest.mark.parametrize("block", python_blocks())
def test_documented_python_runs(block):
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "<doc>", "exec"), {})
    # a comment after print(...) gives what it prints
    shown = re.search(r"^print\(.*#\s*(.+)$", block, re.MULTILINE)
    if shown and not shown.group(1).startswith("r."):
        assert printed.getvalue().startswith(shown.group(1).rstrip(".")), printed.getvalue()
