# Dev commands. `make test` is exactly the README's test command.
.PHONY: help demo test rust-test py-test bench playouts perft-seeds

help:
	@echo "make demo | test | rust-test | py-test | bench | playouts | perft-seeds"

demo:
	pip install . && pavilion demo

test:
	pip install '.[test]' && cargo test -p pavilion-engine && python -m pytest

rust-test:
	cargo test -p pavilion-engine

py-test:
	pip install '.[test]' && python -m pytest

bench:
	pip install . && pavilion bench

playouts:
	cargo run --release --example playouts -- 300000 2

perft-seeds:
	cargo run --release --example make_perft > seeds/perft.json
