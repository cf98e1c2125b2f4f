"""What pavilion does with games of either kind, above the games: a game at
the table as the front-ends play it (`table`), reviewing records (`review`),
rating agents on a ladder (`ladder`) and the benchmarks (`bench`)."""
