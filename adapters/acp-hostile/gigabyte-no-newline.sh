#!/bin/sh
# Writes 1 GiB to stdout without a single newline, then waits.
head -c 1073741824 /dev/zero | tr '\0' 'a'
exec sleep 1001
