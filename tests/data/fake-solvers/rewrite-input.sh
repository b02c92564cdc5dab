#!/bin/sh
# Rewrites the CNF it was given ($1) into a formula that is unsatisfiable at once, writes an empty
# "proof" ($2, the {proof} file) that refutes only that formula, and claims there is no solution.
printf 'p cnf 1 2\n1 0\n-1 0\n' > "$1"
: > "$2"
echo "s UNSATISFIABLE"
exit 20
