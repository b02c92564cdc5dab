#!/usr/bin/env bash
# The Python package `sudoku_lab` in a virtualenv (python/.venv, or $SUDOKU_LAB_VENV): installs
# what the native build needs (scripts/setup.sh: cmake, g++, libclang-dev for HiGHS) and Python's
# venv module (python3-venv) with apt-get when root, else prints the exact command and stops;
# then creates the venv, installs the pinned tools of python/requirements.txt (maturin, numpy,
# pandas, networkx, matplotlib, pytest, nbconvert) and builds and installs the package from this
# checkout (`pip install .`, which also installs the `sudoku-lab` command into the venv). Re-running
# rebuilds the package (cargo recompiles only what changed). Then:
#   python/.venv/bin/python -c 'import sudoku_lab; print(sudoku_lab.solvers())'
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

log="${SETUP_LOG:-${TMPDIR:-/tmp}/sudoku-lab-setup-python.log}"
: > "$log"
who=setup-python
# shellcheck source=scripts/setup-step.sh
source "$(dirname "$0")/setup-step.sh"

missing=()
command -v python3 >/dev/null 2>&1 || missing+=(python3)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    step "updating the package lists" apt-get update -q
    step "installing ${missing[*]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    echo "setup-python: missing ${missing[*]}. Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

venv=${SUDOKU_LAB_VENV:-python/.venv}
if [ ! -x "$venv/bin/python" ]; then
  step "creating the Python virtualenv $venv" python3 -m venv "$venv"
fi
# Quick and offline when every pin is installed already.
step "installing python/requirements.txt into $venv" "$venv/bin/pip" install --quiet -r python/requirements.txt
# The build backend runs the venv's maturin: the venv's bin/ goes first on PATH.
case $venv in /*) PATH="$venv/bin:$PATH" ;; *) PATH="$PWD/$venv/bin:$PATH" ;; esac
step "building and installing the sudoku_lab package into $venv (pip install .)" \
  "$venv/bin/pip" install --quiet --no-build-isolation --no-deps --force-reinstall .
"$venv/bin/python" -c 'import sudoku_lab, os; print("setup-python: sudoku_lab", sudoku_lab.__version__, "in", os.path.dirname(sudoku_lab.__file__))'
