#!/bin/sh
# A right answer, but only after $2 seconds (past the time limit, within the grace).
sleep "$2"
exec "$(dirname "$0")/cheat-grid.sh" "$1"
