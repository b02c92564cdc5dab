#!/usr/bin/env bash
# The full test suite, on a fresh machine too: installs HiGHS's build tools if missing, then runs
# every test (unit, integration, property and corpus tests) in the release profile, the one the
# main job uses, so HiGHS is compiled once.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --release --locked "$@"
