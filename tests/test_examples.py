"""Every example of the README and of the manual (docs/*.md) works: each
page's shell blocks are run in order in a folder of its own (as a reader would
type them), `console` blocks must print what they show, and the Python
(`pycon`) blocks are doctests. A block that cannot run here says why in an
`example-test: not run (...)` comment above it."""

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
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = "<!-- example-test: not run"
BLOCK = re.compile(r"(<!-- example-test: not run[^>]*-->\n)?```(\w+)\n(.*?)```", re.S)


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def blocks(page: Path, kind: str) -> list[str]:
    return [body for skip, lang, body in BLOCK.findall(text(page)) if lang == kind and not skip]


def manual(name: str) -> str:
    """The text of a manual page, docs/NAME."""
    return text(ROOT / "docs" / name)


def run(line: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # `pavilion` is this interpreter's package, whatever PATH holds; input is closed, as in a script.
    command = re.sub(r"(^|\| *)pavilion ", lambda m: f"{m.group(1)}{shlex.quote(sys.executable)} -m pavilion ", line)
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300
    )


def run_page(page: Path, folder: Path) -> int:
    """Runs a page's shell and console examples in `folder`; how many commands ran."""
    # A reader runs the examples in a clone: the golden data is at hand as seeds/.
    (folder / "seeds").symlink_to(ROOT / "seeds")
    ran = 0
    for skip, kind, body in BLOCK.findall(text(page)):
        if skip or kind not in ("sh", "console"):
            continue
        if kind == "sh":
            for line in (ln for ln in body.splitlines() if ln.strip()):
                r = run(line, folder)
                assert r.returncode == 0, f"{page.name}: {line}\n{r.stdout[-1000:]}\n{r.stderr[-1000:]}"
                assert "Traceback" not in r.stderr and "Error:" not in r.stderr, f"{page.name}: {line}\n{r.stderr}"
                ran += 1
        else:
            lines = body.splitlines()
            for i, line in enumerate(lines):
                if line.startswith("$ "):
                    expected = lines[i + 1]
                    r = run(line[2:], folder)
                    printed = (r.stdout + r.stderr).strip().splitlines()
                    assert printed[0] == expected, f"{page.name}: {line}: printed {printed}"
                    ran += 1
    return ran


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_shell_and_console_example_runs(page: Path, tmp_path: Path) -> None:
    run_page(page, tmp_path)


def test_the_examples_are_many_and_where_a_reader_looks(tmp_path: Path) -> None:
    # Counted without running them (each page's test runs them).
    counts = {
        p.name: sum(
            len([ln for ln in body.splitlines() if ln.strip()]) if lang == "sh" else body.count("\n$ ")
            for skip, lang, body in BLOCK.findall(text(p))
            if not skip and lang in ("sh", "console")
        )
        for p in PAGES
    }
    assert sum(counts.values()) >= 40, counts
    for name in ("README.md", "getting-started.md", "summer-pavilion.md", "akropolis.md", "analysis.md"):
        assert counts[name] >= 3, counts


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "pycon")], ids=lambda p: p.name)
def test_the_python_examples_are_doctests(page: Path) -> None:
    for body in blocks(page, "pycon"):
        test = doctest.DocTestParser().get_doctest(body, {}, page.name, str(page), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0 and runner.tries >= 4, page.name


def test_the_python_pages_hold_their_doctests() -> None:
    # The Summer Pavilion API tour and the Akropolis one are long doctests, not a line or two.
    for name, least in (("python.md", 20), ("akropolis.md", 8)):
        (body,) = blocks(ROOT / "docs" / name, "pycon")
        assert len(doctest.DocTestParser().get_examples(body)) >= least, name


def test_skipped_blocks_say_why() -> None:
    # The set-up commands themselves, the wheel (make wheel-check installs it), the training runs
    # (PyTorch; tests/test_train.py runs their steps), the games that wait for a player (the
    # full-screen board: tests/test_board.py drives it, test_board_cli.py parses its lines; the
    # terminal game: tests/test_play_pty.py), and the hours of arenas behind the tables.
    reasons = [r for p in PAGES for r in re.findall(r"<!-- example-test: not run \(([^)]*)\)", text(p))]
    assert len(reasons) == sum(text(p).count(SKIP) for p in PAGES), "every skip gives its reason"
    assert sum("tests/test_train.py" in r for r in reasons) == 1, reasons
    assert sum("tests/test_board.py" in r for r in reasons) == 2, "the board page and the README"
    assert sum("make wheel-check" in r for r in reasons) == 1, reasons
    assert sum("install-and-test commands" in r for r in reasons) == 2, "README and getting started"
    # 15: the manual's block that makes the shipped networks again (docs/learning.md) and the
    # experiment log's arenas (docs/experiments.md) stand apart from the log's own blocks, and the
    # web board's server waits for a browser (tests/test_web_browser.py plays it); 16: the 3- and
    # 4-player networks' self-play under way (docs/experiments.md).
    assert sum("tests/test_web_browser.py" in r for r in reasons) == 1, reasons
    assert len(reasons) <= 16, reasons


def test_the_manual_quotes_the_engines_agent_vocabulary() -> None:
    from pavilion._engine import AGENT_OPTIONS

    assert f"    {AGENT_OPTIONS['summary']}\n" in manual("analysis.md")


@pytest.mark.parametrize(
    "command",
    ["pip install . && pavilion demo", "pip install '.[test]' && cargo test && python -m pytest"],
)
def test_the_two_first_commands_are_the_readme_s_first_lines(command: str) -> None:
    readme = text(ROOT / "README.md")
    first_block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    assert command in first_block.splitlines()
    assert readme.index(command) < 200, "the README's first lines"
    makefile = (ROOT / "Makefile").read_text()
    assert command in makefile, "make demo / make test run exactly these"


def test_the_readme_is_a_landing_page_that_links_every_manual_page() -> None:
    readme = text(ROOT / "README.md")
    assert 80 <= len(readme.splitlines()) <= 250
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)", readme))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"index.md", "changelog.md"}
    assert pages <= linked, sorted(pages - linked)
