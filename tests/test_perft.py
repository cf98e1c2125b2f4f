"""Golden perft counts shared with `cargo test` (seeds/perft.json)."""

from pavilion import Game


def test_golden_perft(perft_cases):
    assert len(perft_cases) >= 8
    for case in perft_cases:
        g = Game(players=case["players"], seed=case["seed"], side=case["side"])
        for m in case["prefix"]:
            g.play(m)
        assert g.phase == case["phase"]
        got = [g.perft(d) for d in range(1, len(case["counts"]) + 1)]
        assert got == case["counts"], case


# The goldens are also recounted from a move enumeration written from the rules
# alone (not the engine's generator), to depth 3 of the place-phase cases:
# rust/summer/tests/oracle.rs, golden_perft_counts_recounted_by_the_oracle.
