"""Reading a callgrind profile and the inlining of its addresses, shared
by .ci/profile-lines.py and .ci/profile-time.py."""
import collections
import re
import subprocess


def own_costs(profile, wanted="", pick=lambda values: values[0]):
    """Each address's own cost in `profile` (made with --dump-instr=yes),
    in the functions whose names hold `wanted`; each call's cost line is
    the callee's, and is left out. `pick` makes a cost of the events of a
    line (with --branch-sim=yes: Ir Bc Bcm Bi Bim)."""
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
        values = [int(x) for x in m.group(3).split()] + [0] * 5
        cost[address] += pick(values)
    return cost


def inline_chains(binary, addresses):
    """For each address, the file:line of each function inlined there,
    the innermost first, as addr2line gives them."""
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
        elif at is not None:
            chains[at].append(line.split("/")[-1].split(" ")[0])
    return chains
