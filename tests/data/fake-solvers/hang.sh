#!/bin/sh
# Never answers: starts a child, records both pids in $PIDS, and sleeps.
sleep 1000 &
echo $! >> "$PIDS"
echo $$ >> "$PIDS"
sleep 1000
