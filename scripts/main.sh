#!/usr/bin/env bash
# The main job, on a fresh machine too: installs HiGHS's build tools if missing, builds, then
# generates planted and random instances, checks them and solves them with all four solvers.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --locked
bin=target/release/sudoku-lab
mkdir -p results/main
"$bin" generate --size 9 --alpha 0.4 --mode planted --seed 7 --count 10 --with-solution > results/main/planted-9x9.txt
"$bin" generate --size 9 --alpha 0.4 --mode random --seed 7 --count 10 > results/main/random-9x9.txt
"$bin" check results/main/planted-9x9.txt
"$bin" solve results/main/random-9x9.txt --solver all --time-limit 10 --stats results/main/stats.csv > results/main/solutions.txt
echo "wrote results/main/ (instances, solutions.txt, stats.csv)" >&2
