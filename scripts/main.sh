#!/usr/bin/env bash
# The main job, on a fresh machine too: installs HiGHS's build tools if missing, builds, then runs
# the default experiment (experiments/quick.toml: every paradigm — ILP, backtracking, SAT, exact
# cover — on random and planted 4×4 … 16×16 instances) into results/quick/ and draws its figures
# and report there. Re-running starts over.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --locked
bin=target/release/sudoku-lab
"$bin" run experiments/quick.toml --out results/quick --force
"$bin" plot results/quick
"$bin" report results/quick
echo "main: results, figures and REPORT.md are in results/quick/" >&2
