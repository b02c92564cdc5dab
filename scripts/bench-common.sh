# Sourced by the bench-*.sh scripts (not run on its own): strict mode, the project root as working
# folder, the binary `B` and the corpora folder `DATA` (both overridable from the environment), a
# scratch folder `T` removed on exit, and `section TITLE` for a Markdown heading.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
B=${B:-target/release/sudoku-lab}
DATA=${DATA:-../shared/data}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

section() { printf '\n## %s\n\n' "$1"; }
