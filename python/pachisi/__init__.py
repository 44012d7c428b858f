"""A rules engine for the Pachisi family of race games, with the names of
OpenSpiel's API.

>>> import pachisi, random
>>> game = pachisi.load_game("mensch")
>>> state = game.new_initial_state()
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         actions, probs = zip(*state.chance_outcomes())
...         state.apply_action(random.choices(actions, probs)[0])
...     else:
...         state.apply_action(random.choice(state.legal_actions()))
>>> sum(state.returns())
1.0
"""

from ._pachisi import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Error,
    Game,
    IllegalActionError,
    LoadError,
    State,
    StateError,
    bundled_variants,
    game_from_source,
    load_game,
    simulate,
)

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Error",
    "Game",
    "IllegalActionError",
    "LoadError",
    "State",
    "StateError",
    "bundled_variants",
    "game_from_source",
    "load_game",
    "simulate",
]
