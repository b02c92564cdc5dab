#!/bin/sh
# Never answers and will not die: ignores SIGTERM and forks two children that ignore it too, one
# in its process group and one in a session of its own (setsid); records its pid in $PIDS.
trap '' TERM
sleep 1000 &
setsid sh -c "trap '' TERM; sleep 1000" &
echo $$ >> "$PIDS"
echo "$PWD" >> "$PIDS.dirs"
while :; do sleep 1; done
