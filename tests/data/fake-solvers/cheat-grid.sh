#!/bin/sh
# A right answer in the harness's own format.
exec "$SUDOKU_LAB" solve "$1" --solver backtrack --format line
