#!/bin/sh
# Leaves a child behind (in its own session) and exits: the classic wrapper.
setsid sleep 1003 < /dev/null > /dev/null 2>&1 &
exit 0
