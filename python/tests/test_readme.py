"""The examples of python/README.md run as written."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize(
    "block", re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
)
def test_a_readme_example_runs(block):
    pytest.importorskip("gymnasium")
    exec(compile(block, str(README), "exec"), {})
