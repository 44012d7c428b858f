"""Random games from Python on one core, and simulate beside the command line.

Two loops, as an OpenSpiel user writes them:

- ``choice``: ``random.choice(state.legal_actions())`` at every step, the
  throws included (at a chance node the legal actions are the outcomes of
  the throw; drawn uniformly, which is exact where they are equally
  likely, as the six faces of Mensch's die);
- ``chances``: at a chance node, ``random.choices`` over
  ``chance_outcomes()`` by their probabilities; at a decision,
  ``random.choice(state.legal_actions())``.

With ``--openspiel``, OpenSpiel's ``maedn`` (pip install open_spiel) is
driven by the same loops at the same table, for a figure from the same
machine. ``pachisi.simulate`` is timed beside ``pachisi simulate --json``
(``--cli PATH``), both on one thread.

    python benches/random_games.py [--games N] [--variant mensch] [--cli PATH] [--openspiel]
"""

import argparse
import json
import random
import subprocess
import time

import pachisi


def choice_loop(new_state, games, seed):
    """``random.choice`` over the legal actions at every step."""
    choice = random.Random(seed).choice
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = new_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            actions += 1
    return time.perf_counter() - started, actions


def chances_loop(new_state, games, seed):
    """Chance by its probabilities, decisions by ``random.choice``."""
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                state.apply_action(choices(ids, probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
    return time.perf_counter() - started, actions


LOOPS = {"choice": choice_loop, "chances": chances_loop}


def best_of(rounds, loop, new_state, games):
    """The fastest of a few rounds, as games a second and actions a game."""
    best, per_game = 0.0, 0.0
    for r in range(rounds):
        seconds, actions = loop(new_state, games, r + 1)
        best = max(best, games / seconds)
        per_game = actions / games
    return best, per_game


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="mensch")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--simulate-games", type=int, default=50000)
    parser.add_argument("--cli", help="the pachisi binary, to time `simulate --json` beside")
    parser.add_argument("--openspiel", action="store_true", help="time OpenSpiel's maedn too")
    args = parser.parse_args()

    game = pachisi.load_game(args.variant, args.players)
    engines = [(f"pachisi {game.name}", game.new_initial_state)]
    if args.openspiel:
        import pyspiel

        maedn = pyspiel.load_game("maedn", {"players": args.players})
        engines.append(("OpenSpiel maedn", maedn.new_initial_state))
    for name, loop in LOOPS.items():
        for engine, new_state in engines:
            rate, per_game = best_of(args.rounds, loop, new_state, args.games)
            print(
                f"{name:<8} {engine:<40} {rate:8,.0f} games a second "
                f"({per_game:,.0f} actions a game, {rate * per_game:,.0f} actions a second)"
            )

    rounds = []
    for _ in range(args.rounds):
        report = pachisi.simulate(
            args.variant, args.simulate_games, 1, args.players, threads=1
        )
        rounds.append(("python", report["games_per_second"]))
        if args.cli:
            out = subprocess.run(
                [args.cli, "simulate", args.variant, "--games", str(args.simulate_games),
                 "--seed", "1", "--players", str(args.players), "--threads", "1", "--json"],
                check=True, capture_output=True, text=True,
            ).stdout
            rounds.append(("cli", json.loads(out)["games_per_second"]))
    for who in ("python", "cli"):
        figures = sorted(g for w, g in rounds if w == who)
        if figures:
            print(
                f"simulate from {who}, one thread: best {figures[-1]:,.0f}, "
                f"median {figures[len(figures) // 2]:,.0f} games a second"
            )


if __name__ == "__main__":
    main()
