#!/bin/sh
# Kills its own worker: forks two children that ignore SIGTERM (one in a session of its own), then
# sends SIGKILL to its parent, the worker; records its pid in $PIDS first.
trap '' TERM
sleep 1000 &
setsid sh -c "trap '' TERM; sleep 1000" &
echo $$ >> "$PIDS"
sleep 0.2
kill -9 $PPID
while :; do sleep 1; done
