"""The positions reachable by playing a whole Backgammon throw, by the
bundled `backgammon` against OpenSpiel's backgammon, at every throw of
random OpenSpiel games (the game's first, the opening throw, left out):
the two sets must be equal. Run by .ci/backgammon-openspiel.

    python backgammon_openspiel.py GAMES SEED [racing]

`racing`: the players mostly make the move that leaves the fewest pips,
so that more games come to bearing off."""
import json
import random
import re
import sys

import pachisi
import pyspiel

OS = pyspiel.load_game("backgammon")
PG = pachisi.load_game("backgammon", 2)


def os_parse(s):
    text = s.to_string()
    dice = [int(c) for c in re.search(r"Dice: (\d*)", text).group(1)]
    bar = re.search(r"Bar: ?([xo]*)", text).group(1)
    sx, so = map(int, re.search(r"Scores, X: (\d+), O: (\d+)", text).groups())
    return dice, bar.count("x"), bar.count("o"), sx, so


def os_key(s):
    _, bx, bo, sx, so = os_parse(s)
    white = [0] * bx + [25] * sx
    black = [0] * bo + [25] * so
    for i in range(24):
        white += [i + 1] * s.board(0, i)
        black += [24 - i] * s.board(1, i)
    return (tuple(sorted(white)), tuple(sorted(black)))


def os_reach(s, player):
    out = set()
    stack = [s]
    while stack:
        t = stack.pop()
        if t.is_terminal() or t.is_chance_node() or t.current_player() != player:
            out.add(os_key(t))
            continue
        for a in t.legal_actions():
            stack.append(t.child(a))
    return out


def pg_state(s):
    dice, bx, bo, sx, so = os_parse(s)
    white, black = os_key(s)
    a, b = dice
    values = [a] * 4 if a == b else [a, b]
    state = {
        "pieces": [list(white), list(black)],
        "mover": s.current_player(),
        "phase": "move",
        "pool": [{"value": v, "again": False, "bonus": False} for v in values],
        "extra": 0,
        "entered": [True, True],
        "turns": 1,
        "finished": [],
        "at_limit": False,
        "doubles": a == b,
    }
    return PG.state_from_json(json.dumps(state))


def pg_key(state):
    d = json.loads(state.to_json())
    return (tuple(d["pieces"][0]), tuple(d["pieces"][1]))


def pg_reach(state, player):
    out = set()
    seen = set()
    stack = [state]
    while stack:
        t = stack.pop()
        d = json.loads(t.to_json())
        if t.is_terminal() or d["phase"] != "move" or d["mover"] != player:
            out.add(pg_key(t))
            continue
        k = t.to_json()
        if k in seen:
            continue
        seen.add(k)
        for a in t.legal_actions():
            stack.append(t.child(a))
    return out


def pips(s, player):
    white, black = os_key(s)
    steps = white if player == 0 else black
    return sum(25 - x for x in steps)


def pick(s, rng, racing):
    actions = s.legal_actions()
    if racing and rng.random() < 0.8:
        player = s.current_player()
        return min(actions, key=lambda a: (pips(s.child(a), player), rng.random()))
    return rng.choice(actions)


def main(games, seed, racing=False):
    rng = random.Random(seed)
    checked = differ = 0
    for g in range(games):
        s = OS.new_initial_state()
        first = True
        while not s.is_terminal():
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(actions, probs)[0])
                continue
            player = s.current_player()
            if not first:
                ours = pg_reach(pg_state(s), player)
                theirs = os_reach(s, player)
                checked += 1
                if ours != theirs:
                    differ += 1
                    if differ <= 5:
                        print("DIFFER", s.to_string())
                        print(" only pachisi:", sorted(ours - theirs)[:3])
                        print(" only openspiel:", sorted(theirs - ours)[:3])
            first = False
            # play one whole throw at random in OpenSpiel
            while not s.is_terminal() and not s.is_chance_node() and s.current_player() == player:
                s.apply_action(pick(s, rng, racing))
    print(f"{checked} throws checked, {differ} differ")
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), len(sys.argv) > 3)
