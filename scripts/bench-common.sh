# Sourced by the bench-*.sh scripts (not run on its own): strict mode, the project root as working
# folder, the binary `B` and the corpora folder `DATA` (both overridable from the environment), a
# scratch folder `T` removed on exit, `section TITLE` for a Markdown heading, `pin` (the command
# prefix that pins a process to core 1, where taskset exists) and `isomorphs_of SET`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
B=${B:-target/release/sudoku-lab}
DATA=${DATA:-../shared/data}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

section() { printf '\n## %s\n\n' "$1"; }

pin=(taskset -c 1)
command -v taskset > /dev/null || pin=()

# isomorphs_of SET: writes $T/SET.iso.txt, about ISOMORPHS random isomorphs (seed SEED) of the
# puzzles of $DATA/SET.txt, every puzzle copied equally often.
isomorphs_of() {
  local n
  n=$(grep -cv '^\s*\(#\|$\)' "$DATA/$1.txt")
  "$B" isomorphs "$DATA/$1.txt" --copies $(((ISOMORPHS + n - 1) / n)) --seed "$SEED" > "$T/$1.iso.txt" 2>/dev/null
}
