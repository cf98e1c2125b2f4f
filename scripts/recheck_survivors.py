"""Re-runs each mutant mutmut reports as survived against its module's whole test files.

Why: mutmut runs only the tests it saw calling a function, and in this project
that selection missed tests (and a test a mutant makes hang can come back as
"survived"). A survivor is only a survivor if these tests still pass with it.
Run from build/mutmut after `mutmut run` (`make mutants-py` does); prints one
line per survivor, then the count.
"""

from __future__ import annotations

import os
import subprocess
import sys

# The test files that hold each module's logic tests (see docs/TESTING.md).
TESTS = {
    "akropolis.record": ["tests/test_akropolis_play.py"],
    "analysis": ["tests/test_analysis.py", "tests/test_search.py"],
    "env": ["tests/test_env.py"],
    "files": ["tests/test_files.py", "tests/test_hardening.py"],
    "ladder": ["tests/test_ladder.py"],
    "record": ["tests/test_record.py", "tests/test_play.py"],
    "review": ["tests/test_review.py"],
    "scale": ["tests/test_scale_unit.py"],
    "selfplay": ["tests/test_selfplay.py"],
    "session": [
        "tests/test_session.py",
        "tests/test_play.py",
        "tests/test_akropolis_play.py",
        "tests/test_hardening.py",
    ],
    "scorepad": ["tests/test_scorepad.py", "tests/test_play.py"],
}


def main() -> int:
    results = subprocess.run(["mutmut", "results"], capture_output=True, text=True, check=True).stdout
    names = [line.split(":")[0].strip() for line in results.splitlines() if line.strip().endswith("survived")]
    os.chdir("mutants")
    survivors = []
    for name in names:
        env = dict(os.environ, PYTHONPATH="src", MUTANT_UNDER_TEST=name)
        module = name.rsplit(".", 1)[0].removeprefix("pavilion.")  # pavilion.akropolis.record.x_f__mutmut_1
        tests = TESTS[module]
        try:
            run = subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                env=env,
                capture_output=True,
                timeout=120,
            )
        except subprocess.TimeoutExpired:
            continue  # the mutant hangs the tests: caught
        if run.returncode == 0:
            survivors.append(name)
            print("survived:", name, flush=True)
    print(f"{len(survivors)} of {len(names)} reported survivors survive the module's tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
