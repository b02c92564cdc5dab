#!/bin/sh
# Stops at its own time limit ($2 seconds) without a word, as `cadical -q -t` does: no status
# line, exit 0.
sleep "$2"
exit 0
