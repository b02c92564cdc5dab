#!/bin/sh
# A right answer after a delay drawn from the puzzle: $3 × (100 + h mod 200) ms, h the checksum of
# the salt $2 and the grid file $1, so one salt and factor give one run-time distribution and two
# salts two independent draws from it.
h=$( (printf '%s' "$2"; cat "$1") | cksum | cut -d' ' -f1)
ms=$(( $3 * (100 + h % 200) ))
sleep "$(awk "BEGIN { print $ms / 1000 }")"
exec "$SUDOKU_LAB" solve "$1" --solver backtrack --format line
