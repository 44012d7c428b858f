"""A Gymnasium environment of a race game, one player learning against
opponents the environment plays.

The agent plays one player of the table (``seat``, an index among the
players). Chance nodes (throws of the dice, the throw for who begins) and
the opponents' moves are played inside ``reset`` and ``step``, so the
agent is asked only where it must choose.

- observation: ``State.observation_tensor(seat)`` as a ``float32`` array of
  ``Game.observation_tensor_shape()`` (each seat's pieces by step along its
  own track from the agent's seat, the values waiting, whose turn it is and
  the phase; see ``State.observation_tensor``).
- action: ``Discrete(Game.num_distinct_actions())``, the game's stable ids.
- mask: ``info["action_mask"]`` (``int8``, 1 where legal) after every reset
  and step, and ``action_masks()`` for libraries that ask for it.
- reward: 0 until the end, then ``State.returns()[seat]`` (1.0 for a win,
  0.0 for a loss, or the forfeit points where the rules count them).
- an illegal action ends the episode with reward -1 and the rule that
  refused it in ``info["illegal_action"]`` (``illegal="lose"``, the
  default), or raises ``pachisi.IllegalActionError`` (``illegal="raise"``).

Only race games have an observation tensor: the wargames (Nightmare
Pachisi, Nieuchess) are refused with a ``pachisi.Error`` that says so.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import Error, Game, IllegalActionError, State, load_game

Opponent = Callable[[State, np.random.Generator], int]


def random_opponent(state: State, rng: np.random.Generator) -> int:
    """Picks uniformly among the legal actions."""
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]


class PachisiEnv(gym.Env):
    """A race game of the Pachisi family as a single-agent environment.

    ``variant`` is a bundled name, a path to a variant file, or a loaded
    ``pachisi.Game``; ``players`` the table (default: the most the game
    allows); ``seat`` the agent's player; ``opponents`` ``"random"`` or a
    function ``(state, rng) -> action id``.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: Union[str, Game] = "mensch",
        seat: int = 0,
        opponents: Union[str, Opponent] = "random",
        players: Optional[int] = None,
        illegal: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        self.game = variant if isinstance(variant, Game) else load_game(variant, players)
        # Refuses a game that is not a race, in the engine's words.
        size = self.game.observation_tensor_size()
        if not 0 <= seat < self.game.num_players():
            raise Error(
                f"{self.game.name} is played by players 0 to {self.game.num_players() - 1}, not {seat}"
            )
        if opponents == "random":
            self.opponent: Opponent = random_opponent
        elif callable(opponents):
            self.opponent = opponents
        else:
            raise Error(f'opponents are "random" or a function (state, rng) -> action, not {opponents!r}')
        if illegal not in ("lose", "raise"):
            raise Error(f'illegal is "lose" or "raise", not {illegal!r}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise Error(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 16.0, shape=(size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: State = self.game.new_initial_state()
        # Whether the episode has ended: by the game's end, or by an
        # illegal action under ``illegal="lose"``, which leaves the game
        # as it was.
        self._over = False

    def _play_others(self) -> None:
        """Plays chance and the opponents until the agent chooses or the game ends."""
        state, rng = self.state, self.np_random
        while True:
            player = state.current_player()
            if player == self.seat or state.is_terminal():
                return
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                u = rng.random()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    u -= p
                    if u < 0:
                        action = a
                        break
            else:
                action = self.opponent(state, rng)
            state.apply_action(action)

    def _episode_over(self) -> bool:
        return self._over or self.state.is_terminal()

    def _observation(self) -> np.ndarray:
        return np.asarray(self.state.observation_tensor(self.seat), dtype=np.float32)

    def action_masks(self) -> np.ndarray:
        """1 for each legal action id of the agent, 0 for the others (all 0
        once the episode has ended)."""
        if self._episode_over():
            return np.zeros(self.action_space.n, dtype=np.int8)
        return np.frombuffer(self.state.legal_actions_mask(), dtype=np.int8).copy()

    def _info(self, **extra: Any) -> dict:
        return {"action_mask": self.action_masks(), **extra}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[np.ndarray, dict]:
        """A new game, played until the agent first chooses.

        ``options={"state": json}`` starts from a saved state instead.
        """
        super().reset(seed=seed)
        if options and "state" in options:
            self.state = self.game.state_from_json(options["state"])
        else:
            self.state = self.game.new_initial_state()
        self._over = False
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Plays the agent's action, then chance and the opponents."""
        if self._episode_over():
            raise Error("the episode is over: call reset()")
        try:
            self.state.apply_action(int(action))
        except (IllegalActionError, Error) as refused:
            if self.illegal == "raise":
                raise
            self._over = True
            return self._observation(), -1.0, True, False, self._info(illegal_action=str(refused))
        self._play_others()
        terminated = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if terminated else 0.0
        return self._observation(), float(reward), terminated, False, self._info()

    def render(self) -> Optional[str]:
        """The text picture of the board (render_mode ``"ansi"``)."""
        if self.render_mode == "ansi":
            return str(self.state)
        return None
