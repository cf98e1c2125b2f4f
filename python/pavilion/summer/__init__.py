"""Summer Pavilion's Python side: its game record (`record`), terminal screens
(`play`), rich rendering (`render`), SVG pictures (`svg`) and score pad
(`scorepad`). The game itself is the engine's (`pavilion.Game`)."""
