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


def test_perft_agrees_with_python_enumeration():
    g = Game(players=2, seed=1)
    total = 0
    for m in g.legal_moves():
        h = g.copy()
        h.play(m)
        total += len(h.legal_moves())
    assert total == g.perft(2)
