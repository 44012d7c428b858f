"""Time and instruction shares by source line (see .ci/profile-time).

Reads perf's samples of the clock and a callgrind profile made with
--dump-instr=yes of the same binary, maps each address to the chain of
inlined lines addr2line gives (the outermost first, `depth` of them), and
prints each row's share of the samples and of the instructions.
"""
import collections
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_costs import inline_chains, own_costs  # noqa: E402

samples_file, profile, binary, depth, order = sys.argv[1:6]
depth = int(depth)

# Samples: the address of each, made an address of the file by the
# mapping perf recorded and the executable segment's place in the file.
script = subprocess.run(
    ["perf", "script", "-i", samples_file, "--show-mmap-events", "-F", "ip"],
    capture_output=True,
    text=True,
).stdout
mapping = re.search(
    r"\[0x([0-9a-f]+)\(0x[0-9a-f]+\) @ 0x([0-9a-f]+) [^\]]*\]: r-xp " + re.escape(binary),
    script,
)
if not mapping:
    sys.exit("no mapping of the binary among the samples")
base, offset = int(mapping.group(1), 16), int(mapping.group(2), 16)
for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if f and f[0] == "LOAD" and "E" in f[6:-1]:
        offset += int(f[2], 16) - int(f[1], 16)
time, all_samples = collections.Counter(), 0
for line in script.splitlines():
    f = line.split()
    if len(f) != 1:
        continue
    try:
        ip = int(f[0], 16)
    except ValueError:
        continue
    all_samples += 1
    if ip >= base:
        time[ip - base + offset] += 1

# Instructions: each address's own, a call's cost line left out.
instructions = own_costs(profile)
all_instructions = sum(instructions.values())

addresses = sorted(set(time) | {a for a, c in instructions.items() if c > 0})
chains = inline_chains(binary, addresses)
rows_time, rows_instructions = collections.Counter(), collections.Counter()
for a in addresses:
    row = " > ".join(reversed(chains.get(a, ["?"])[-depth:]))
    rows_time[row] += time.get(a, 0)
    rows_instructions[row] += instructions.get(a, 0)


def shares(row):
    return (
        100 * rows_time[row] / max(all_samples, 1),
        100 * rows_instructions[row] / max(all_instructions, 1),
    )


rows = list(rows_time)
if order == "excess":
    rows.sort(key=lambda r: shares(r)[1] - shares(r)[0])
else:
    rows.sort(key=lambda r: -rows_time[r])
print(f"{all_samples} samples of the clock, {all_instructions} instructions")
print(f"{'time':>7} {'instr':>7} {'ratio':>6}  line")
for row in rows[:40]:
    t, i = shares(row)
    print(f"{t:6.2f}% {i:6.2f}% {t / max(i, 0.01):6.1f}  {row}")
