"""Learning: self-play shards (`selfplay`), training networks (`train`), the
generations loop (`generations`) and the PettingZoo environment (`env`)."""
