#!/usr/bin/env bash
# The full test suite, on a fresh machine too: installs HiGHS's build tools and Slurm (slurm-wlm
# and munge, for tests/slurm.rs, which starts a private single-node cluster through
# scripts/slurm-local.sh) if missing, then runs every test (unit, integration, property, corpus and
# Slurm tests) in the release profile, the one the main job uses, so HiGHS is compiled once; then
# builds the Python package into python/.venv (scripts/setup-python.sh: same target folder, so
# HiGHS is not compiled again), and runs its tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/setup-slurm.sh
cargo test --release --locked "$@"
scripts/setup-python.sh
python/.venv/bin/pytest -q
