#!/usr/bin/env bash
# The full test suite, on a fresh machine too: installs HiGHS's build tools and Slurm (slurm-wlm
# and munge, for tests/it/slurm.rs, which starts a private single-node cluster through
# scripts/slurm-local.sh) if missing, then runs every test (unit, integration, property, corpus and
# Slurm tests) in the release profile, the one the main job uses, so HiGHS is compiled once; then
# builds the Python package into python/.venv (scripts/setup-python.sh: same target folder, so
# HiGHS is not compiled again), runs its tests and executes the notebook on a reduced grid.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/setup-slurm.sh
cargo test --release --locked "$@"
scripts/setup-python.sh
python/.venv/bin/pytest -q
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd notebooks && SEED004_QUICK=1 ../python/.venv/bin/jupyter nbconvert --to notebook --execute \
  --ExecutePreprocessor.timeout=600 --output-dir "$scratch" seed004.ipynb)
