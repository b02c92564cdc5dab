#!/bin/sh
# Claims there is no solution and writes a "proof" ($2, the {proof} file) that proves nothing.
echo "1 2 0" > "$2"
echo "s UNSATISFIABLE"
exit 20
