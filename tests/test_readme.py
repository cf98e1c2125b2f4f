"""Every example in the README works: shell blocks are run in order in one
folder (as a reader would type them), `console` blocks must print what they
show, and the Python block is a doctest."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SKIP = "<!-- readme-test: not run"
BLOCK = re.compile(r"(<!-- readme-test: not run[^>]*-->\n)?```(\w+)\n(.*?)```", re.S)


def blocks(kind: str) -> list[str]:
    return [body for skip, lang, body in BLOCK.findall(README) if lang == kind and not skip]


def run(line: str, cwd: Path) -> subprocess.CompletedProcess:
    # `pavilion` is this interpreter's package, whatever PATH holds; input is closed, as in a script.
    command = re.sub(r"(^|\| *)pavilion ", lambda m: f"{m.group(1)}{shlex.quote(sys.executable)} -m pavilion ", line)
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300
    )


def test_every_shell_and_console_example_runs(tmp_path):
    # A reader runs the examples in a clone: the golden data is at hand as seeds/.
    (tmp_path / "seeds").symlink_to(ROOT / "seeds")
    ran = 0
    for kind, body in (
        (lang, body) for skip, lang, body in BLOCK.findall(README) if not skip and lang in ("sh", "console")
    ):
        if kind == "sh":
            for line in (ln for ln in body.splitlines() if ln.strip()):
                r = run(line, tmp_path)
                assert r.returncode == 0, f"{line}\n{r.stdout[-1000:]}\n{r.stderr[-1000:]}"
                assert "Traceback" not in r.stderr and "Error:" not in r.stderr, f"{line}\n{r.stderr}"
                ran += 1
        else:
            lines = body.splitlines()
            for i, line in enumerate(lines):
                if line.startswith("$ "):
                    expected = lines[i + 1]
                    r = run(line[2:], tmp_path)
                    printed = (r.stdout + r.stderr).strip().splitlines()
                    assert printed[0] == expected, f"{line}: printed {printed}"
                    ran += 1
    assert ran >= 17, f"only {ran} README commands found"


def test_the_python_examples_are_doctests():
    summer, akropolis = blocks("pycon")
    for body, least in ((summer, 20), (akropolis, 8)):
        test = doctest.DocTestParser().get_doctest(body, {}, "README", "README.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0 and runner.tries >= least


def test_skipped_blocks_are_only_the_six_marked_ones():
    # The set-up commands themselves, the training runs (PyTorch; tests/test_train.py runs their steps)
    # and the full-screen board (tests/test_board.py drives it; test_board_cli.py parses these lines).
    reasons = re.findall(r"<!-- readme-test: not run \(([^)]*)\)", README)
    assert len(reasons) == README.count(SKIP) == 6, reasons
    assert sum("tests/test_train.py" in r for r in reasons) == 1, reasons
    assert sum("tests/test_board.py" in r for r in reasons) == 1, reasons


def test_the_readme_quotes_the_engines_agent_vocabulary():
    from pavilion._engine import AGENT_OPTIONS

    assert f"    {AGENT_OPTIONS['summary']}\n" in README


@pytest.mark.parametrize(
    "command",
    ["pip install . && pavilion demo", "pip install '.[test]' && cargo test && python -m pytest"],
)
def test_the_two_first_commands_are_the_readme_s_first_lines(command):
    first_block = README.split("```sh\n", 1)[1].split("```", 1)[0]
    assert command in first_block.splitlines()
    makefile = (ROOT / "Makefile").read_text()
    assert command in makefile, "make demo / make test run exactly these"
