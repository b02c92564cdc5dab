#!/usr/bin/env bash
# SCIP as a peer of HiGHS and CBC on the clique model (issue 17's "also", results/ilp/README.md):
# the instances of results/ilp (planted 36×36, α 0.2–0.45, 3 each) exported with
# `export --to mps --model clique` and solved by SCIP 10 from the PyPI wheel of PySCIPOpt (which
# bundles the library), one thread, 60 s each. The project's build never depends on it: the
# wheel lives in a throw-away virtualenv. Every solution SCIP returns is checked here, against the
# givens and the Sudoku rules, before it counts. Writes a Markdown table to stdout. About 12
# minutes on the 2-core machine when nothing is solved.
#
#   scripts/bench-scip.sh [INSTANCES] [TIME_LIMIT]    (default: results/ilp/instances.txt 60)
source "$(dirname "$0")/bench-common.sh"
INSTANCES=${1:-results/ilp/instances.txt}
LIMIT=${2:-60}
PYSCIPOPT=${PYSCIPOPT:-pyscipopt==6.3.0}

python3 -m venv "$T/venv"
"$T/venv/bin/pip" install --quiet "$PYSCIPOPT" >&2
"$B" export "$INSTANCES" --to mps --model clique --out "$T/mps" >&2
grep -v '^#' "$INSTANCES" > "$T/puzzles.txt"
"$T/venv/bin/python" - "$T/mps" "$T/puzzles.txt" "$LIMIT" <<'PY'
import math, re, sys, time
from pathlib import Path
import pyscipopt

mps_dir, puzzles, limit = Path(sys.argv[1]), Path(sys.argv[2]).read_text().split("\n"), float(sys.argv[3])
puzzles = [p.split(":")[0].split() for p in puzzles if p.strip()]

def verified(givens, values):
    """The completed grid keeps the givens and has every digit once per row, column and box."""
    n = math.isqrt(len(givens)); r = math.isqrt(n); c = n // r
    grid = [int(g) for g in givens]
    for (row, col, digit) in values:
        cell = (row - 1) * n + col - 1
        if grid[cell] not in (0, digit):
            return False
        grid[cell] = digit
    houses = [[i * n + j for j in range(n)] for i in range(n)] + [[j * n + i for j in range(n)] for i in range(n)]
    houses += [[(br * r + i) * n + bc * c + j for i in range(r) for j in range(c)] for br in range(n // r) for bc in range(n // c)]
    return all(sorted(grid[k] for k in h) == list(range(1, n + 1)) for h in houses)

print(f"SCIP {pyscipopt.Model().version()} (PySCIPOpt {pyscipopt.__version__}), one thread, {limit:g} s per instance\n")
print("| instance | givens | status | seconds | B&B nodes | LP iterations | verified |")
print("|---:|---:|---|---:|---:|---:|---|")
files = sorted(mps_dir.glob("*.mps"), key=lambda f: int(re.search(r"-(\d+)\.mps$", f.name).group(1)))
for f in files:
    k = int(re.search(r"-(\d+)\.mps$", f.name).group(1))
    m = pyscipopt.Model()
    m.hideOutput()
    m.readProblem(str(f))
    m.setParam("limits/time", limit)
    m.setParam("lp/threads", 1)
    m.setParam("parallel/maxnthreads", 1)
    start = time.perf_counter()
    m.optimize()
    seconds = time.perf_counter() - start
    status, ok = m.getStatus(), ""
    if m.getNSols() > 0:
        sol = m.getBestSol()
        values = []
        for v in m.getVars():
            hit = re.fullmatch(r"x_r(\d+)c(\d+)_(\d+)", v.name)
            if hit and m.getSolVal(sol, v) > 0.5:
                values.append(tuple(int(g) for g in hit.groups()))
        ok = "yes" if verified(puzzles[k - 1], values) else "NO"
    givens = sum(1 for g in puzzles[k - 1] if g != "0")
    print(f"| {k} | {givens} | {status} | {seconds:.2f} | {m.getNNodes()} | {m.getNLPIterations()} | {ok} |", flush=True)
PY
