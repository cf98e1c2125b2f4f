"""`pavilion.env.env()`, the PettingZoo environment, where it has always been
imported from; its home is `pavilion.learn.env`."""

from pavilion.learn.env import SummerPavilionEnv, env

__all__ = ["SummerPavilionEnv", "env"]
