#!/bin/sh
# Exits before reading anything.
echo 'starting' >&2
exit 3
