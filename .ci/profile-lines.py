"""Costs of one function of a callgrind profile by source line (see .ci/profile).

Reads a profile made with --dump-instr=yes --branch-sim=yes, keeps the
function's own costs (each call's cost line is the callee's, and is left
out), and groups them by the chain of inlined lines addr2line gives for
each address, the outermost first.
"""
import collections
import re
import subprocess
import sys

profile, wanted, binary, event, depth, games = sys.argv[1:7]
depth, games = int(depth), int(games)
cost = collections.Counter()
names, last, after_call, current = {}, 0, False, ""
for line in open(profile):
    line = line.rstrip("\n")
    m = re.match(r"^(c?)fn=\((\d+)\)(?: (.*))?$", line)
    if m:
        if m.group(3):
            names[m.group(2)] = m.group(3)
        if not m.group(1):
            current = names.get(m.group(2), "")
        continue
    if line.startswith("calls="):
        after_call = True
        continue
    if re.match(r"^[a-z]+=", line):
        continue
    m = re.match(r"^(0x[0-9a-f]+|\+\d+|-\d+|\*)\s+(\S+)(.*)$", line)
    if not m:
        continue
    a = m.group(1)
    if a.startswith("0x"):
        address = int(a, 16)
    elif a.startswith("+"):
        address = last + int(a[1:])
    elif a.startswith("-"):
        address = last - int(a[1:])
    else:
        address = last
    last = address
    if after_call:
        after_call = False
        continue
    if wanted not in current:
        continue
    # Events: Ir Bc Bcm Bi Bim, after the line number.
    values = [int(x) for x in m.group(3).split()] + [0] * 5
    cost[address] += values[0] if event == "instructions" else values[2] + values[4]
addresses = [a for a in cost if cost[a] > 0]
lines = subprocess.run(
    ["addr2line", "-e", binary, "-i", "-a"] + [hex(a) for a in addresses],
    capture_output=True,
    text=True,
).stdout
chains, at = {}, None
for line in lines.splitlines():
    if line.startswith("0x"):
        at = int(line, 16)
        chains[at] = []
    else:
        chains[at].append(line.split("/")[-1])
rows = collections.Counter()
for a in addresses:
    chain = chains.get(a, ["?"])
    rows[" > ".join(reversed(chain[-depth:]))] += cost[a]
total = sum(rows.values())
print(f"{event} a game in {wanted}: {total / games:.0f}")
for row, c in rows.most_common(40):
    print(f"{c / games:12.1f}  {row}")
