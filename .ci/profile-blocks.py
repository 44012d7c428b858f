"""One function's instructions as runs of machine code (see .ci/profile-blocks).

Consecutive addresses that ran equally often (within half a run a game)
and have the same innermost two lines of their inlining chain make one
run; each run is printed with its addresses, how often it ran a game,
its length in instructions and its cost a game.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_costs import inline_chains, own_costs  # noqa: E402

profile, wanted, binary, games, least = sys.argv[1:6]
games, least = int(games), float(least)
cost = own_costs(profile, wanted)
addresses = sorted(a for a in cost if cost[a] > 0)
chains = inline_chains(binary, addresses)
runs = []
for a in addresses:
    times = cost[a] / games
    line = " > ".join(reversed(chains.get(a, ["?"])[-2:]))
    if runs and abs(runs[-1]["times"] - times) < 0.5 and runs[-1]["line"] == line:
        runs[-1]["last"] = a
        runs[-1]["length"] += 1
    else:
        runs.append({"first": a, "last": a, "times": times, "line": line, "length": 1})
print(f"instructions a game in {wanted}: {sum(cost.values()) / games:.0f}")
print(f"{'addresses':>15} {'runs':>8} {'long':>5} {'cost':>8}  line")
for r in runs:
    c = r["times"] * r["length"]
    if c >= least:
        span = f"{r['first']:x}-{r['last']:x}"
        print(f"{span:>15} {r['times']:8.1f} {r['length']:5d} {c:8.0f}  {r['line']}")
