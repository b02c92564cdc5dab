#!/usr/bin/env bash
# Installs what the native solvers need when it is missing: cmake, a C++ compiler and libclang (for
# bindgen) to build HiGHS and CaDiCaL from source, and COIN-OR CBC (Debian's coinor-libcbc-dev,
# found through pkg-config) for ilp-clique-cbc. As root it uses apt-get; otherwise it prints the
# exact command and stops, so nothing is ever assumed to be present. Then the proof checker `rate`
# (crates.io, MIT; Debian has no DRAT checker), which certifies every "no solution" and "unique":
# `cargo install` into Cargo's binary folder, where sudoku-lab looks for it (no root needed).
set -euo pipefail

# The proof checker, pinned so every machine checks with the same program.
RATE_VERSION=0.3.0
install_rate() {
  local bin="${CARGO_HOME:-$HOME/.cargo}/bin/rate"
  if [ -n "${SUDOKU_LAB_PROOF_CHECKER:-}" ] || command -v rate >/dev/null 2>&1 || [ -x "$bin" ]; then
    return 0
  fi
  if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: the proof checker rate is missing and cargo is not on the PATH. Install it with:" >&2
    echo "  cargo install rate --locked --version $RATE_VERSION" >&2
    exit 1
  fi
  local log="${SETUP_LOG:-${TMPDIR:-/tmp}/sudoku-lab-setup.log}"
  who=setup
  # shellcheck source=scripts/setup-step.sh
  source "$(dirname "$0")/setup-step.sh"
  step "installing the proof checker rate $RATE_VERSION (cargo install)" \
    cargo install rate --locked --version "$RATE_VERSION"
}

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
# bindgen loads libclang.so at build time; libclang-dev provides the unversioned symlink it looks for.
if ! ls /usr/lib/llvm-*/lib/libclang.so >/dev/null 2>&1 && ! ls /usr/lib/x86_64-linux-gnu/libclang.so >/dev/null 2>&1 \
   && ! ls /usr/lib/*/libclang.so >/dev/null 2>&1; then
  missing+=(libclang-dev)
fi

command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
ls /usr/lib/*/libCbcSolver.so >/dev/null 2>&1 || missing+=(coinor-libcbc-dev)

if [ ${#missing[@]} -eq 0 ]; then
  install_rate
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  # One line per step on the terminal; apt's own output goes to a log file, shown only on failure.
  log="${SETUP_LOG:-${TMPDIR:-/tmp}/sudoku-lab-setup.log}"
  : > "$log"
  export DEBIAN_FRONTEND=noninteractive
  who=setup
  # shellcheck source=scripts/setup-step.sh
  source "$(dirname "$0")/setup-step.sh"
  step "updating the package lists" apt-get update -q
  step "installing ${missing[*]} (needed to build HiGHS, CaDiCaL and the CBC binding)" \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  install_rate
  echo "setup: done" >&2
else
  echo "setup: missing ${missing[*]} (needed to build HiGHS, CaDiCaL and the CBC binding). Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
