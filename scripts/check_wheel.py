"""Checks what `make wheel` built in dist/ as a person without Rust would use it.

1. The abi3 wheel goes into a fresh virtual environment whose PATH has no
   cargo or rustc; there `pavilion --version`, `pavilion demo` and
   `pavilion akropolis new` run, and every public module imports.
2. The sdist goes into another fresh environment, built from source (that one
   may use Rust; it builds unoptimised, which is enough to show the sdist holds
   everything a build needs), and `pavilion akropolis new` runs there.

Run from the repository's top folder: `python scripts/check_wheel.py` (make wheel-check).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
RUST_TOOLS = ("cargo", "rustc", "rustup")
#: Imports every module of the package, as a user would (`__main__` is `python -m pavilion` itself).
IMPORT_ALL = """
import importlib, pkgutil, pavilion
names = [m.name for m in pkgutil.walk_packages(pavilion.__path__, 'pavilion.') if m.name != 'pavilion.__main__']
for name in names:
    importlib.import_module(name)
assert len(names) > 30, names
from pavilion.web.app import STATIC  # the web board's page ships in the wheel
assert all((STATIC / f).is_file() for f in ('index.html', 'app.js', 'board.css')), STATIC
print(len(names), 'modules import')
"""


def only(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    if len(found) != 1:
        sys.exit(f"check_wheel: want one {pattern} in dist/ (make wheel), found {[f.name for f in found]}")
    return found[0]


def path_without_rust() -> str:
    """The current PATH less every folder that holds a Rust tool."""
    kept = [
        d for d in os.environ.get("PATH", "").split(os.pathsep) if not any((Path(d) / t).exists() for t in RUST_TOOLS)
    ]
    return os.pathsep.join(kept)


def run(args: list[str], env: dict[str, str], cwd: Path) -> str:
    print("+", " ".join(args), flush=True)
    r = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=1800)
    if r.returncode != 0:
        sys.exit(f"check_wheel: {' '.join(args)} failed ({r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return r.stdout


def venv(where: Path, path: str) -> tuple[Path, dict[str, str]]:
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    bin_dir = where / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "CARGO_HOME", "RUSTUP_HOME")}
    env["PATH"] = os.pathsep.join([str(bin_dir), path])
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return bin_dir, env


def main() -> None:
    wheel, sdist = only("pavilion-*-abi3-*.whl"), only("pavilion-*.tar.gz")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        # 1. The wheel, with no Rust anywhere on PATH.
        bin_dir, env = venv(work / "wheel-env", path_without_rust())
        for tool in RUST_TOOLS:
            assert shutil.which(tool, path=env["PATH"]) is None, f"{tool} is still on PATH"
        run([str(bin_dir / "pip"), "install", "-q", f"{wheel}[rl,web]"], env, work)
        print(run([str(bin_dir / "pavilion"), "--version"], env, work).strip())
        demo = run([str(bin_dir / "pavilion"), "demo", "--seed", "1"], env, work)
        assert "Final scores" in demo, demo[-2000:]
        new = run([str(bin_dir / "pavilion"), "akropolis", "new", "--seed", "1"], env, work)
        assert new.strip(), "akropolis new printed nothing"
        imported = run([str(bin_dir / "python"), "-c", IMPORT_ALL], env, work).strip()
        assert imported.endswith("modules import"), imported
        print(imported)
        # 2. The sdist, built from source (Rust allowed); the repository's target folder
        # lends its compiled dependencies, and an unoptimised build is enough here.
        bin_dir, env = venv(work / "sdist-env", os.environ.get("PATH", ""))
        env["CARGO_TARGET_DIR"] = str(ROOT / "target")
        env["MATURIN_PEP517_ARGS"] = "--profile dev"
        # The sdist's files keep old times, so cargo takes an engine crate compiled
        # there before as up to date whatever it was built from (a stale one was
        # linked): the engine's own crates are compiled afresh, the rest is lent.
        engine = ["-p", "pavilion-core", "-p", "pavilion-summer", "-p", "pavilion-akropolis", "-p", "pavilion-py"]
        run(["cargo", "clean", "-q", "--profile", "dev", *engine], env, ROOT)
        run([str(bin_dir / "pip"), "install", "-q", str(sdist)], env, work)
        print(run([str(bin_dir / "pavilion"), "--version"], env, work).strip())
        new = run([str(bin_dir / "pavilion"), "akropolis", "new", "--seed", "1"], env, work)
        assert new.strip(), "akropolis new printed nothing"
    print(f"check_wheel: {wheel.name} and {sdist.name} install and run")


if __name__ == "__main__":
    main()
