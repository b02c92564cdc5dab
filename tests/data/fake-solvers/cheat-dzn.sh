#!/bin/sh
# A right answer as MiniZinc prints it: reads the MiniZinc data the harness wrote ($1: n, box_rows,
# box_cols, givens with 0 for a hole), solves the puzzle with `$SUDOKU_LAB solve`, and prints the
# grid as rows of numbers then `----------`, or `=====UNSATISFIABLE=====`, or `=====UNKNOWN=====`.
# $2 is `{limit_ms}`: the tests' limit of 20 s must arrive as 20000, else `=====ERROR=====`.
set -eu
[ "$2" = 20000 ] || { echo "=====ERROR====="; echo "cheat-dzn: time limit '$2', not 20000 ms" >&2; exit 4; }
value() { sed -n "s/^$1 = \([0-9]*\);$/\1/p" "$2"; }
n=$(value n "$1")
box="$(value box_rows "$1")x$(value box_cols "$1")"
# The givens, row by row: the lines between `givens = [|` and `|];`, commas and bars dropped.
puzzle=$(sed -n '/^givens = \[|$/,/|\];$/p' "$1" | sed '1d; s/|\];//; s/|//; s/,//g' | tr '\n' ' ')
cells=$(echo "$puzzle" | wc -w)
[ "$cells" -eq $((n * n)) ] || { echo "cheat-dzn: $cells givens for n = $n" >&2; exit 3; }
answer=$(echo "$puzzle" | "$SUDOKU_LAB" solve - --box "$box" --solver backtrack --format json 2>/dev/null) || true
case "$answer" in
  *'"outcome":"none"'*) echo "=====UNSATISFIABLE=====" ;;
  *'"cells"'*)
    # {"box":[r,c],"cells":[[…],…],…}: one row of numbers a line.
    echo "$answer" | sed 's/.*"cells":\[\[//; s/\]\].*//; s/\],\[/\n/g; s/,/ /g'
    echo "----------" ;;
  *) echo "=====UNKNOWN=====" ;;
esac
