"""Summer Pavilion as a PettingZoo AEC environment (`pip install 'pavilion[rl]'`).

>>> from pavilion.learn.env import env
>>> e = env(players=2)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) == len(e.game.legal_actions())
((1338,), True)

Agents are `player_0` … `player_{n-1}`, one per seat. An observation is a
dict: `observation`, the seat's `Game.observation` (`float32`, laid out as
`pavilion.OBSERVATION_LAYOUT` says: everything that seat can see, never the
order of the bag), and `action_mask` (`int8` over the `NUM_ACTIONS` action
ids; all zeros for a seat not to move). An action is an action id
(`Move.action`). The reward comes at the end: each winner gets 1/k for a
k-way shared win, everyone else 0 (the search's win value). The same seed
gives the same game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pavilion._engine import NUM_ACTIONS, OBSERVATION_LEN, SIDES, Game


class SummerPavilionEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "name": "pavilion_summer_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, players: int = 2, side: str = SIDES[0], render_mode: str | None = None) -> None:
        super().__init__()
        # Checks the options now, with the engine's message; reset() deals the game played.
        self.game = Game(players=players, side=side, seed=0)
        self.players, self.side = players, side
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(OBSERVATION_LEN,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(NUM_ACTIONS)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = Game(players=self.players, side=self.side, seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        moving = not self.game.is_over and seat == self.game.current_player
        mask = self.game.legal_actions_mask() if moving else np.zeros(NUM_ACTIONS, dtype=bool)
        return {"observation": self.game.observation(seat), "action_mask": mask.astype(np.int8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action id")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_action(int(action))
        if self.game.is_over:
            winners = self.game.winners
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = 1 / len(winners) if seat in winners else 0.0
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.game.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return str(self.game)

    def close(self) -> None:
        pass


def env(players: int = 2, side: str = SIDES[0], render_mode: str | None = None) -> SummerPavilionEnv:
    """A Summer Pavilion AEC environment (see the module's docstring)."""
    return SummerPavilionEnv(players=players, side=side, render_mode=render_mode)
