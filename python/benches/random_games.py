"""Random games from Python, one core: the loop an OpenSpiel user writes
(legal_actions and apply_action at each step, random.choice for a
player, random.choices over chance_outcomes() for the dice), and
pachisi.simulate beside the command line's `simulate --json`.

    python benches/random_games.py [--games N] [--variant mensch] [--cli PATH]
"""

import argparse
import json
import random
import subprocess
import time

import pachisi


def python_loop(game, games, seed):
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                action = choices(ids, probs)[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    seconds = time.perf_counter() - started
    return games / seconds, actions / seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="mensch")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--simulate-games", type=int, default=50000)
    parser.add_argument("--cli", help="the pachisi binary, to time `simulate --json` beside")
    args = parser.parse_args()
    game = pachisi.load_game(args.variant, args.players)
    games_per_second, actions_per_second = python_loop(game, args.games, 1)
    print(
        f"Python loop, {game.name} with {args.players} players: "
        f"{games_per_second:,.0f} games a second ({actions_per_second:,.0f} actions a second)"
    )
    rounds = []
    for _ in range(3):
        report = pachisi.simulate(args.variant, args.simulate_games, 1, args.players)
        rounds.append(("python", report["games_per_second"]))
        if args.cli:
            out = subprocess.run(
                [args.cli, "simulate", args.variant, "--games", str(args.simulate_games),
                 "--seed", "1", "--players", str(args.players), "--json"],
                check=True, capture_output=True, text=True,
            ).stdout
            rounds.append(("cli", json.loads(out)["games_per_second"]))
    for who in ("python", "cli"):
        figures = sorted(g for w, g in rounds if w == who)
        if figures:
            print(f"simulate from {who}: best {figures[-1]:,.0f}, median {figures[len(figures) // 2]:,.0f} games a second")


if __name__ == "__main__":
    main()
