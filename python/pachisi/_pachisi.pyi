"""Type stubs of the compiled module; see the docstrings at run time too."""

from fractions import Fraction
from typing import Any, Optional

CHANCE_PLAYER: int
"""The player id of a chance node (-1), as OpenSpiel's."""
TERMINAL_PLAYER: int
"""The player id of a finished game (-4), as OpenSpiel's."""

class Error(ValueError):
    """Anything the engine refuses; the message is the engine's own."""

class LoadError(Error):
    """An unknown variant, a file that cannot be read or has errors, or a table of players the game has not."""

class IllegalActionError(Error):
    """An action the rules refuse here; the state is unchanged and the message names the rule."""

class StateError(Error):
    """A saved state that is not JSON of a state, or is impossible under the rules."""

class Game:
    """A compiled variant seated for a number of players."""

    @property
    def name(self) -> str: ...
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """How many action ids the game has: every id is below it."""
    def max_chance_outcomes(self) -> int: ...
    def seat_names(self) -> list[str]:
        """The names of the playing seats, in turn order."""
    def player_of_seat(self, seat: int) -> Optional[int]:
        """The player who plays a seat (index in turn order); None for a dummy."""
    def player_name(self, player: int) -> str: ...
    def new_initial_state(self) -> State: ...
    def state_from_json(self, json: str) -> State:
        """A state saved with State.to_json(), checked against the rules; raises StateError."""
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> Optional[int]:
        """The id of an action written in the game's notation (`0+6`, `pass`, `throw 3`), or None."""
    def observation_tensor_shape(self) -> list[int]:
        """[length] of State.observation_tensor(); raises Error for a game that is not a race."""
    def observation_tensor_size(self) -> int: ...
    def play_random(self, n: int, seed: int = 1) -> list[str]:
        """n random games from seed, as game records (the text `pachisi replay` reads)."""

class State:
    """A game in progress."""

    @property
    def game(self) -> Game: ...
    @property
    def turns(self) -> int: ...
    def current_player(self) -> int:
        """The player to act, CHANCE_PLAYER at a chance node, TERMINAL_PLAYER at the end."""
    def is_chance_node(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def mover(self) -> int:
        """The playing seat (index in turn order) whose turn it is."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs whose probabilities add up to 1; empty where a player acts."""
    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]: ...
    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending; the throws at a chance node; empty at the end."""
    def legal_actions_text(self) -> list[str]:
        """The legal actions in the game's notation, in the order of legal_actions()."""
    def legal_actions_mask(self) -> bytes:
        """One byte for each action id: 1 where legal."""
    def apply_action(self, action: int) -> None:
        """Plays an action id; IllegalActionError (state unchanged) if the rules refuse it."""
    def refusal(self, action: int) -> Optional[str]:
        """The rule that refuses an action id here, or None."""
    def child(self, action: int) -> State: ...
    def action_to_string(self, *args: int) -> str:
        """action_to_string(action) or action_to_string(player, action)."""
    def returns(self) -> list[float]:
        """At the end, 1.0 for each player of the winning side and 0.0 for the others; 0.0 before."""
    def rewards(self) -> list[float]: ...
    def outcome(self) -> Optional[dict[str, Any]]:
        """winner, winners, ranks, reason and scores once the game is over, else None."""
    def pieces(self) -> list[list[int]]:
        """For each playing seat, the steps of its pieces along its own track, ascending."""
    def waiting_values(self) -> list[int]: ...
    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        """A race seen from a player (default: the one to act); see Game.observation_tensor_shape()."""
    def to_json(self) -> str: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def load_game(name_or_path: str, players: Optional[int] = None) -> Game:
    """A bundled variant by name or a variant file by path; raises LoadError."""

def game_from_source(text: str, players: Optional[int] = None, file_name: str = "<source>") -> Game:
    """A variant from its text (a house rule may extend a bundled variant)."""

def bundled_variants() -> list[str]: ...
def simulate(
    variant: str,
    games: int = 1000,
    seed: int = 1,
    players: Optional[int] = None,
    threads: Optional[int] = None,
) -> dict[str, Any]:
    """The report of `pachisi simulate --json`, as a dict: games played on
    `threads` threads (default: every core), the same report for any number."""
