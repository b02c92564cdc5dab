#!/usr/bin/env python3
"""Writes the small, deterministic `runs.csv` + `meta.json` fixture used by tests/plot_report.rs.

It mimics a real sweep (N = 4, 9, 16; α = 0.2 … 0.8; random and planted modes; 3 repeats; the four
solvers) without solving anything. Run it from this directory: `python3 make_fixture.py`.
One cell is pinned by hand so the test can check a median it computes independently:
planted, N = 9, α = 0.4, ilp-clique takes 0.0210, 0.0235 and 0.0300 s (median 0.0235 s).
"""
import csv
import json
import math
import random

COLUMNS = ["experiment", "box_rows", "box_cols", "n", "alpha", "mode", "difficulty", "rep", "seed",
           "givens", "solver", "outcome", "seconds", "build_seconds", "nodes", "guesses", "variables",
           "constraints", "lp_iterations", "peak_rss_mb", "verified", "agree", "note"]
LIMIT = 10.0
SHAPES = [(2, 2), (3, 3), (4, 4)]
ALPHAS = [0.2, 0.4, 0.6, 0.8]
MODES = ["planted", "random"]
SOLVERS = ["ilp-edge", "ilp-clique", "backtrack-naive", "backtrack"]
REPS = 3
PEAK = {4: 0.4, 9: 0.4, 16: 0.6}
# random mode: an instance is solvable iff rep < SOLVABLE[n][alpha]
SOLVABLE = {4: {0.2: 3, 0.4: 3, 0.6: 2, 0.8: 1},
            9: {0.2: 3, 0.4: 2, 0.6: 1, 0.8: 0},
            16: {0.2: 3, 0.4: 2, 0.6: 0, 0.8: 0}}
PINNED = {("planted", 9, 0.4, "ilp-clique"): [0.0210, 0.0235, 0.0300]}


def bump(n, a):
    return 1.0 + 4.0 * math.exp(-(((a - PEAK[n]) / 0.12) ** 2))


def run(rng, n, r, c, a, mode, rep, solver, feasible):
    """(outcome, seconds, nodes, guesses) of one solver on one instance."""
    j = rng.uniform(0.8, 1.25)
    shrink = 1.0 if feasible else 0.3
    b = bump(n, a)
    if solver == "ilp-clique":
        return "ok", 0.003 * (n / 4) ** 2.5 * b * j * shrink, int(3 * b * j), None
    if solver == "ilp-edge":
        if (n, mode, a, rep) == (16, "planted", 0.6, 1):
            return "limit", LIMIT + 0.02, 812, None
        if (n, mode, a, rep) == (16, "random", 0.2, 2):
            return "memory", 4.2, 40, None
        return "ok", 0.0105 * (n / 4) ** 2.5 * b * j * shrink, int(9 * b * j), None
    if solver == "backtrack":
        guesses = int(round(2 ** (n / 2.5) * b * j * shrink))
        nodes = int(n * n * (1 - a)) + guesses * n
        return "ok", 5e-6 * nodes, nodes, guesses
    # backtrack-naive: exponential; hopeless at N = 16 unless the grid is nearly full
    if n == 16 and a < 0.7:
        return "limit", LIMIT + rng.uniform(0.0, 0.05), 9_000_000, 2_000_000
    nodes = int(40 * 4 ** (n / 3) * b * j * shrink)
    return "ok", 2e-6 * nodes, nodes, nodes // 4


def main():
    rng = random.Random(20240611)
    rows = []
    for (r, c) in SHAPES:
        n = r * c
        for mode in MODES:
            for a in ALPHAS:
                for rep in range(REPS):
                    feasible = mode == "planted" or rep < SOLVABLE[n][a]
                    seed = 1_000_003 * n + 1000 * int(round(a * 100)) + rep + (0 if mode == "planted" else 777)
                    inst = []
                    for solver in SOLVERS:
                        kind, secs, nodes, guesses = run(rng, n, r, c, a, mode, rep, solver, feasible)
                        pinned = PINNED.get((mode, n, a, solver))
                        if pinned:
                            secs = pinned[rep]
                        outcome = kind if kind != "ok" else ("solved" if feasible else "infeasible")
                        ilp = solver.startswith("ilp")
                        edges = n * n * (3 * n - r - c - 1) // 2
                        inst.append({
                            "experiment": "fixture", "box_rows": r, "box_cols": c, "n": n, "alpha": a,
                            "mode": mode, "difficulty": "", "rep": rep, "seed": seed,
                            "givens": int(round(a * n * n)), "solver": solver, "outcome": outcome,
                            "seconds": f"{secs:.6g}",
                            "build_seconds": f"{0.001 * (n / 4) ** 3:.4g}" if ilp else "",
                            "nodes": nodes, "guesses": "" if guesses is None else guesses,
                            "variables": n ** 3 if ilp else "",
                            "constraints": (n * edges + n * n if solver == "ilp-edge" else 4 * n * n) if ilp else "",
                            "lp_iterations": nodes * 7 if ilp else "",
                            "peak_rss_mb": f"{(20 + 0.02 * n ** 3) if ilp else 3.5:.1f}",
                            "verified": "true" if outcome == "solved" else "",
                            "agree": "", "note": {"limit": "time limit", "memory": "memory limit"}.get(outcome, ""),
                        })
                    finished = [x for x in inst if x["outcome"] in ("solved", "infeasible")]
                    for x in finished:
                        if len(finished) >= 2:
                            x["agree"] = "true"
                    rows.extend(inst)
    with open("runs.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    # The layout of src/experiment/meta.rs: the time limit lives in the resolved `config`.
    config = {"name": "fixture", "boxes": [f"{r}x{c}" for r, c in SHAPES], "alphas": ALPHAS, "modes": MODES,
              "repeats": REPS, "solvers": SOLVERS, "time_limit": LIMIT, "memory_mb": 2048, "seed": 42,
              "jobs": None}
    instances = len(rows) // len(SOLVERS)
    meta = {"name": "fixture", "config": config, "shard": None, "instances": instances, "runs": len(rows),
            "jobs": 2, "crate_version": "0.1.0", "git_revision": "fixture", "highs_version": "1.11.0",
            "machine": {"cpu": "Fixture CPU @ 3.0 GHz", "cores": 2, "os": "linux"},
            "started": "2025-01-01T00:00:00Z", "resumed": [], "finished": "2025-01-01T00:05:00Z"}
    with open("meta.json", "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
