#!/usr/bin/env bash
# Installs the peers, the field's solvers that experiments run beside ours through the external
# solver definitions of peers/solvers.toml: Debian's command-line solvers (MiniSat,
# CryptoMiniSat, CaDiCaL, PicoSAT, COIN-OR CBC, GLPK, and MiniZinc with Gecode's FlatZinc
# interpreter, `fzn-gecode` from libgecodeflatzinc49) with apt-get, and a Python virtualenv in
# peers/.venv with OR-tools (CP-SAT and the origin study's BOP), PySCIPOpt (SCIP) and highspy
# (HiGHS) from PyPI, at the versions pinned below. As root it uses apt-get; otherwise it prints the
# exact command and stops, as scripts/setup.sh does. Neither the build nor the test suite needs
# the peers (the tests use fake solvers); the peers-* experiments do. Re-running installs only
# what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

ORTOOLS=${ORTOOLS:-ortools==9.15.6755}
PYSCIPOPT=${PYSCIPOPT:-pyscipopt==6.3.0}
HIGHSPY=${HIGHSPY:-highspy==1.16.0}

missing=()
command -v minisat >/dev/null 2>&1 || missing+=(minisat)
command -v cryptominisat5 >/dev/null 2>&1 || missing+=(cryptominisat)
command -v cadical >/dev/null 2>&1 || missing+=(cadical)
command -v picosat >/dev/null 2>&1 || missing+=(picosat)
command -v cbc >/dev/null 2>&1 || missing+=(coinor-cbc)
command -v glpsol >/dev/null 2>&1 || missing+=(glpk-utils)
command -v minizinc >/dev/null 2>&1 || missing+=(minizinc)
command -v fzn-gecode >/dev/null 2>&1 || missing+=(libgecodeflatzinc49)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)

log="${SETUP_LOG:-${TMPDIR:-/tmp}/sudoku-lab-setup-peers.log}"
: > "$log"
who=setup-peers
# shellcheck source=scripts/setup-step.sh
source "$(dirname "$0")/setup-step.sh"

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    step "updating the package lists" apt-get update -q
    step "installing ${missing[*]} (the command-line peers)" \
      apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    echo "setup-peers: missing ${missing[*]} (the command-line peers). Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

venv=peers/.venv
if ! "$venv/bin/python" -c 'import ortools, pyscipopt, highspy' >/dev/null 2>&1; then
  step "creating the Python virtualenv $venv" python3 -m venv "$venv"
  step "installing $ORTOOLS $PYSCIPOPT $HIGHSPY into $venv" \
    "$venv/bin/pip" install --quiet "$ORTOOLS" "$PYSCIPOPT" "$HIGHSPY"
fi
echo "setup-peers: done; the line-up:" >&2
for tool in minisat cryptominisat5 cadical picosat cbc glpsol minizinc fzn-gecode; do
  printf '  %-15s %s\n' "$tool" "$(command -v "$tool")" >&2
done
"$venv/bin/python" -c 'import ortools, pyscipopt, highspy; print("  ortools", ortools.__version__, "| pyscipopt", pyscipopt.__version__, "| highspy", highspy.__version__ if hasattr(highspy, "__version__") else "")' >&2
