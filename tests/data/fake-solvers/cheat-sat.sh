#!/bin/sh
# A "SAT solver" that cheats: it reads the puzzle from the CNF's comments, solves it with
# sudoku-lab, and prints the model through the `c var V rRcC D` comments. With a second argument
# it writes MiniSat's result file there instead of SAT-competition lines on stdout.
cnf=$1
puzzle=$(sed -n 's/^c puzzle //p' "$cnf")
box=$(sed -n 's/^c box //p' "$cnf")
solution=$(printf '%s\n' "$puzzle" | "$SUDOKU_LAB" solve - --box "$box" --format line 2>/dev/null) || exit 3
model=$(printf '%s\n' "$solution" | awk -v cnf="$cnf" '
  NR == 1 {
    if (index($0, " ") > 0) { n = split($0, cell, " ") } else { n = split($0, cell, "") }
    side = int(sqrt(n) + 0.5)
    while ((getline line < cnf) > 0) {
      if (line !~ /^c var /) continue
      split(line, f, " ")
      split(substr(f[4], 2), rc, "c")
      index_ = (rc[1] - 1) * side + rc[2]
      printf "%s ", (cell[index_] == f[5] ? f[3] : -f[3])
    }
    print "0"
  }')
if [ -n "$2" ]; then
  printf 'SAT\n%s\n' "$model" > "$2"
else
  echo "c cheat-sat: solved by sudoku-lab"
  echo "s SATISFIABLE"
  echo "v $model"
fi
