#!/bin/sh
# A slow writer of a huge valid answer: 4 MB of comment lines in 40 slow chunks, then the grid.
line=$(printf '# padding %0100d' 0)
chunk=$(for i in $(seq 1 1000); do echo "$line"; done)
for i in $(seq 1 40); do
  printf '%s\n' "$chunk"
  sleep 0.01
done
exec "$SUDOKU_LAB" solve "$1" --solver backtrack --format line
