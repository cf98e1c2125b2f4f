"""docs/RULES.md (Summer Pavilion) and docs/AKROPOLIS.md name a test for every
ruling: each name must exist, and every rules test must be named there (so a new
ruling gets its line)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
RUST_RULES = ROOT / "rust" / "summer" / "src" / "rules_tests"
AKROPOLIS = (ROOT / "docs" / "AKROPOLIS.md").read_text(encoding="utf-8")
AKROPOLIS_RULES = [ROOT / "rust" / "akropolis" / "src" / f"{name}.rs" for name in ("rules_tests", "variant_tests")]


def rust_tests() -> set[str]:
    names = set()
    for f in RUST_RULES.glob("*.rs"):
        for name in re.findall(r"#\[test\]\s*fn (\w+)", f.read_text()):
            names.add(f"{f.stem}::{name}")
    return names


def python_tests() -> set[str]:
    text = (ROOT / "tests" / "test_rules.py").read_text()
    return set(re.findall(r"^def (test_\w+)", text, re.M))


def test_every_named_test_exists():
    rust = rust_tests()
    named_rust = set(re.findall(r"`(\w+::\w+)`", RULES))
    assert named_rust <= rust, sorted(named_rust - rust)
    named_py = set(re.findall(r"test_rules\.py::(test_\w+)|…::(test_\w+)", RULES))
    named_py_flat = {a or b for a, b in named_py}
    assert named_py_flat <= python_tests(), sorted(named_py_flat - python_tests())


def test_every_rules_test_is_named():
    named = set(re.findall(r"`(\w+::\w+)`", RULES))
    missing = rust_tests() - named
    # The file-format tests in setup.rs guard the position file, not a rule of the game.
    missing -= {"setup::unreachable_scores_are_refused", "setup::errors_quote_file_text_escaped_and_short"}
    assert not missing, sorted(missing)
    assert python_tests() <= {a or b for a, b in re.findall(r"test_rules\.py::(test_\w+)|…::(test_\w+)", RULES)}


def akropolis_test_exists(name: str) -> bool:
    """`rules_tests::f` and `mod::tests::f` are unit tests in src/; `random_games::f`,
    `perft::f` are test files in tests/."""
    parts = name.split("::")
    crate = ROOT / "rust" / "akropolis"
    for path in (crate / "src" / f"{parts[0]}.rs", crate / "tests" / f"{parts[0]}.rs"):
        if path.exists() and re.search(rf"#\[test\]\s*fn {parts[-1]}\b", path.read_text()):
            return True
    return False


def test_every_akropolis_ruling_names_a_real_test_and_every_rules_test_is_named():
    named = set(re.findall(r"`(\w+(?:::\w+)+)`", AKROPOLIS))
    assert len(named) >= 30
    missing = sorted(n for n in named if not akropolis_test_exists(n))
    assert not missing, missing
    rules = {
        f"{path.stem}::{n}" for path in AKROPOLIS_RULES for n in re.findall(r"#\[test\]\s*fn (\w+)", path.read_text())
    }
    assert rules <= named, sorted(rules - named)
