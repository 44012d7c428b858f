"""Costs of one function of a callgrind profile by source line (see .ci/profile).

Reads a profile made with --dump-instr=yes --branch-sim=yes, keeps the
function's own costs (each call's cost line is the callee's, and is left
out), and groups them by the chain of inlined lines addr2line gives for
each address, the outermost first.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_costs import inline_chains, own_costs  # noqa: E402

profile, wanted, binary, event, depth, games = sys.argv[1:7]
depth, games = int(depth), int(games)
# Events: Ir Bc Bcm Bi Bim.
pick = (lambda v: v[0]) if event == "instructions" else (lambda v: v[2] + v[4])
cost = own_costs(profile, wanted, pick)
addresses = [a for a in cost if cost[a] > 0]
chains = inline_chains(binary, addresses)
rows = collections.Counter()
for a in addresses:
    chain = chains.get(a, ["?"])
    rows[" > ".join(reversed(chain[-depth:]))] += cost[a]
total = sum(rows.values())
print(f"{event} a game in {wanted}: {total / games:.0f}")
for row, c in rows.most_common(40):
    print(f"{c / games:12.1f}  {row}")
