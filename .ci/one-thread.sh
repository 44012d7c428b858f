# Sourced by the speed tools: `$(one_thread BIN)` asks BIN's `simulate`
# for one thread (it plays on every core by default; builds older than
# that have no --threads, and are asked nothing).
one_thread() { "$1" simulate --help 2>/dev/null | grep -q -- --threads && echo "--threads 1"; }
