"""`pavilion.selfplay.read` and `selfplay`, where the manual has always imported
them from; their home is `pavilion.learn.selfplay`."""

from pavilion.learn.selfplay import AKROPOLIS_COLUMNS, COLUMNS, MANIFEST, read, selfplay, shard_files

__all__ = ["AKROPOLIS_COLUMNS", "COLUMNS", "MANIFEST", "read", "selfplay", "shard_files"]
