#!/bin/sh
# argv: [--only PID] [PID...]; reads the environment of every process it can name (the PIDs given,
# its ancestors up the parent chain, then all of /proc) and prints each in clear, base64 and hex:
# a candidate after the suite's secrets. With --only it reads just that PID (so a test run outside
# a sandbox reads no other process of the machine). Prints `{"seen":N}` last, N the environments it read.
seen=0
dump() {
  if [ -r "$1/environ" ] && tr '\0' '\n' < "$1/environ" > /tmp/aq-environ 2>/dev/null; then
    seen=$((seen + 1))
    cat /tmp/aq-environ
    base64 < /tmp/aq-environ | tr -d '\n'; echo
    od -An -tx1 < /tmp/aq-environ | tr -d ' \n'; echo
  fi
}
if [ "$1" = --only ]; then
  dump "/proc/$2"
  echo "{\"seen\":$seen}"
  exit 0
fi
for pid in "$@"; do
  case "$pid" in *[!0-9]*) ;; *) dump "/proc/$pid" ;; esac
done
p=$PPID
while [ "$p" -gt 1 ] 2>/dev/null; do
  dump "/proc/$p"
  p=$(cut -d' ' -f4 "/proc/$p/stat" 2>/dev/null || echo 0)
done
for d in /proc/[0-9]*; do
  [ "$d" = "/proc/$$" ] || dump "$d"
done
echo "{\"seen\":$seen}"
