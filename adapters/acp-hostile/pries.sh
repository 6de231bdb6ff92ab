#!/bin/sh
# Pries: reads every environment it can see under /proc (the suite's own among them when it runs
# beside the suite), writes into each directory of AQ_PRY_DIRS (places outside its roots) and into
# the run's other agents' directories, and prints what it found on stdout and stderr, base64 so
# that no mask of names recognises it.
found=$(cat /proc/[0-9]*/environ 2>/dev/null | tr '\0' '\n' | grep '^AQ_SANDBOX_CANARY=' | sort -u | base64 | tr -d '\n')
# The run's other agents' directories (beside its own, which holds its HOME): how many it sees, how many it writes into.
seen=0
wrote=0
for dir in "$HOME"/../../agent-*; do
  [ -d "$dir" ] || continue
  [ "$dir" -ef "$HOME/.." ] && continue
  seen=$((seen + 1))
  (echo pried > "$dir/pried-by-sibling") 2>/dev/null && wrote=$((wrote + 1))
done
IFS=:
for dir in $AQ_PRY_DIRS; do
  echo pried > "$dir/pried-by-agent" 2>/dev/null
done
echo "found $found" >&2
echo "{\"found\":\"$found\",\"siblingsSeen\":$seen,\"siblingsWritten\":$wrote}"
exec sleep 1003
