#!/bin/sh
# argv: [--paths-only] <path>...; tries to change each path the suite keeps its evidence or code in (append to a
# file, plant a file in a directory), then every file another process holds open (through
# /proc/<pid>/fd, the way a tracer's log is reached), and every --out it finds in a process's
# command line (not with --paths-only: outside a sandbox those are every process's on the machine).
# Prints one line per success: `wrote <path>`.
paths_only=false
for target in "$@"; do
  case "$target" in submit|observe) continue ;; --paths-only) paths_only=true; continue ;; esac
  if [ -d "$target" ]; then
    (: > "$target/planted-by-candidate") 2>/dev/null && echo "wrote $target/planted-by-candidate"
  elif [ -e "$target" ]; then
    echo tampered >> "$target" 2>/dev/null && echo "wrote $target"
  fi
done
if [ "$paths_only" = true ]; then echo '{"done":true}'; exit 0; fi
for fd in /proc/[0-9]*/fd/*; do
  case "$fd" in /proc/$$/*) continue ;; esac
  file=$(readlink "$fd" 2>/dev/null) || continue
  case "$file" in /*) [ -f "$file" ] && echo tampered >> "$fd" 2>/dev/null && echo "wrote $file" ;; esac
done
for cmdline in /proc/[0-9]*/cmdline; do
  out=$(tr '\0' '\n' < "$cmdline" 2>/dev/null | sed -n '/^--out$/{n;p;}')
  [ -n "$out" ] && [ -d "$out" ] && (: > "$out/planted-by-candidate") 2>/dev/null && echo "wrote $out/planted-by-candidate"
done
echo '{"done":true}'
