# Dev commands. `make test` is exactly the README's test command, `make demo` its first.
.PHONY: help demo test test-train golden-net rust-test py-test dev lint docs fmt wheel wheel-check mutants mutants-py bench playouts perft-seeds endgames

# The lint tools, pinned once in pyproject.toml's `lint` extra.
LINT_TOOLS = $(shell python -c "import tomllib; print(' '.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['lint']))")
# The manual's tools, pinned once in pyproject.toml's `docs` extra (the manual reads the source, not an install).
DOCS_TOOLS = $(shell python -c "import tomllib; print(' '.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['docs']))")

help:
	@echo "make demo | test | test-train | golden-net | rust-test | py-test | dev | lint | docs | fmt | wheel | wheel-check | mutants | mutants-py | bench | playouts | perft-seeds | endgames"

demo:
	pip install . && pavilion demo

test:
	pip install '.[test]' && cargo test && python -m pytest

# The PyTorch side of learning (pavilion train), which the test extra leaves out: PyTorch is large.
test-train:
	pip install '.[test,train]' && python -m pytest tests/test_train.py

# The tiny network and PyTorch's outputs the Rust forward pass is checked against (seeds/nets/).
golden-net:
	pip install '.[train]' && python scripts/make_golden_net.py

rust-test:
	cargo test

py-test:
	pip install '.[test]' && python -m pytest

# A quick editable install: an unoptimised build (opt-level 1, no LTO) instead of the fat-LTO release.
dev:
	MATURIN_PEP517_ARGS="--profile dev" pip install -e '.[test,lint]'

# Everything CI checks besides the tests; needs the package installed (make test or make dev).
# lint-imports holds the package's floor plan (pyproject.toml's [tool.importlinter]).
lint:
	pip install -q $(LINT_TOOLS)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	ruff check .
	ruff format --check .
	mypy
	lint-imports
	python -m mypy.stubtest pavilion._engine --allowlist stubtest-allowlist.txt

# The manual in site/, built strictly: a broken link, a missing page or a bad reference fails.
docs:
	pip install -q $(DOCS_TOOLS)
	NO_MKDOCS_2_WARNING=1 mkdocs build --strict

# The abi3 wheel (one wheel for every CPython >= 3.11 on this platform) and the sdist, in dist/.
# The maturin that builds them is the one pyproject.toml's build-system names.
MATURIN = $(shell python -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['build-system']['requires'][0])")
wheel:
	pip install -q '$(MATURIN)'
	rm -rf dist
	maturin build --release --out dist
	maturin sdist --out dist

# Installs dist/'s wheel where no Rust is on PATH and its sdist from source, and runs them (scripts/check_wheel.py).
wheel-check: wheel
	python scripts/check_wheel.py

fmt:
	cargo fmt --all
	ruff format .
	ruff check --fix .

# Mutation testing of the rules (.cargo/mutants.toml says which files); see docs/TESTING.md.
# About 30 s a mutant here: split the ~1,650 over sessions or machines with SHARD=k/n,
# or aim at one file with FILE=rust/summer/src/scoring.rs. Results: mutants.out/.
CARGO_MUTANTS_VERSION = 27.1.0
mutants:
	@cargo mutants --version 2>/dev/null | grep -q "$(CARGO_MUTANTS_VERSION)" || \
		cargo install cargo-mutants --locked --version $(CARGO_MUTANTS_VERSION)
	@cargo nextest --version >/dev/null 2>&1 || cargo install cargo-nextest --locked
	cargo mutants $(if $(FILE),--no-config --file $(FILE)) $(if $(SHARD),--shard $(SHARD))

# Mutation testing of the Python layer (mutmut; pyproject's [tool.mutmut] says which files):
# stages the package as build/mutmut/src/pavilion with the built extension, then re-runs each
# reported survivor against its module's whole test files (scripts/recheck_survivors.py).
mutants-py:
	pip install '.[test,mutation]'
	rm -rf build/mutmut && mkdir -p build/mutmut/src
	cp -r python/pavilion build/mutmut/src/ && rm -rf build/mutmut/src/pavilion/__pycache__
	cp "$$(python -c 'import pavilion._engine as e; print(e.__file__)')" build/mutmut/src/pavilion/_engine.abi3.so
	cp -r tests seeds docs README.md pyproject.toml build/mutmut/
	cd build/mutmut && mutmut run --max-children 2; python ../../scripts/recheck_survivors.py

bench:
	pip install . && pavilion bench

playouts:
	cargo run --release --example playouts -- 300000 2

perft-seeds:
	cargo run --release --example make_perft > seeds/perft.json

# The exact solver's agreement tests at full size (1,000 random endgames, not 40),
# then how early it solves greedy games' last round (the share solved and the times).
endgames:
	PAVILION_ENDGAMES=1000 cargo test --release -p pavilion-summer --lib exact_tests -- --nocapture
	cargo run --release --example endgames -p pavilion-summer -- 100 greedy 2
