#!/usr/bin/env python3
"""Writes the small, deterministic `runs.csv` + `meta.json` fixture with SAT rows used by
tests/it/plot_report.rs (the report's per-solver effort peaks, growth at the peak and the fastest
solver). Run it from this directory: `python3 make_fixture.py`.

Planted instances, N = 9, 16, 25; α = 0.2, 0.4, 0.5, 0.6, 0.8; 3 repeats; five solvers (one
backtracker is enough). Nothing
is solved: every number is a formula, so the test can state what the report must find.
- Repeat r multiplies every time and count by JITTER[r] (0.9, 1.0, 1.1), so medians are exact.
- sat: time 1e-4 · N^k, k = 3 at α = 0.5 (the peak), 2 at 0.4 and 0.6, 1 at 0.2 and 0.8;
  conflicts 10 · N^k, so its effort peak is α = 0.5. At the peak t = 1e-4 · N^3; off the peak
  (α at least 0.15 from 0.5, i.e. 0.2 and 0.8) t = 1e-4 · N.
- sat-minimal: twice sat's time, three times its conflicts (the same peak).
- backtrack: time BASE[N] (3× at α = 0.4), dead ends 10 · N (5× at 0.4): its effort peak is α = 0.4.
  It is the fastest solver at N = 9; sat is the fastest from N = 16 on.
- ilp-clique: time 0.5 · (N/9)^2, 3 B&B nodes at α = 0.5 and 1 elsewhere; ilp-edge 3× slower,
  twice the nodes. Neither ever wins.
"""
import csv
import json

COLUMNS = ["experiment", "box_rows", "box_cols", "n", "alpha", "mode", "difficulty", "rep", "seed",
           "givens", "solver", "outcome", "seconds", "build_seconds", "nodes", "guesses", "backtracks",
           "variables", "constraints", "lp_iterations", "peak_rss_mb", "verified", "agree", "note",
           "conflicts", "decisions", "propagations"]
LIMIT = 60.0
SHAPES = [(3, 3), (4, 4), (5, 5)]
ALPHAS = [0.2, 0.4, 0.5, 0.6, 0.8]
SOLVERS = ["ilp-edge", "ilp-clique", "backtrack", "sat", "sat-minimal"]
REPS = 3
JITTER = [0.9, 1.0, 1.1]
BASE = {9: 0.001, 16: 0.1, 25: 10.0}
SAT_POWER = {0.2: 1, 0.4: 2, 0.5: 3, 0.6: 2, 0.8: 1}


def run(solver, n, a, j):
    """(seconds, stats) of one solver on one instance; stats maps column -> value."""
    if solver in ("sat", "sat-minimal"):
        k = SAT_POWER[a]
        factor = (2, 3) if solver == "sat-minimal" else (1, 1)
        conflicts = round(10 * n ** k * j * factor[1])
        return 1e-4 * n ** k * j * factor[0], {"conflicts": conflicts, "decisions": 2 * conflicts + n,
                                               "propagations": 50 * conflicts + n * n}
    if solver == "backtrack":
        peak = a == 0.4
        dead_ends = round(10 * n * j * (5 if peak else 1))
        return BASE[n] * j * (3 if peak else 1), {"backtracks": dead_ends, "guesses": dead_ends + n,
                                                  "nodes": dead_ends * 2 + n * n}
    nodes = 3 if a == 0.5 else 1
    slow = 3 if solver == "ilp-edge" else 1
    return 0.5 * (n / 9) ** 2 * j * slow, {"nodes": nodes * (2 if solver == "ilp-edge" else 1),
                                           "variables": n ** 3, "constraints": 4 * n * n,
                                           "lp_iterations": 10 * n}


def main():
    rows = []
    for (r, c) in SHAPES:
        n = r * c
        for a in ALPHAS:
            for rep in range(REPS):
                seed = 1_000_003 * n + 1000 * round(a * 100) + rep
                for solver in SOLVERS:
                    secs, stats = run(solver, n, a, JITTER[rep])
                    row = {col: "" for col in COLUMNS}
                    row.update({"experiment": "fixture-sat", "box_rows": r, "box_cols": c, "n": n, "alpha": a,
                                "mode": "planted", "rep": rep, "seed": seed, "givens": round(a * n * n),
                                "solver": solver, "outcome": "solved", "seconds": f"{secs:.9g}",
                                "peak_rss_mb": "12.0", "verified": "true", "agree": "true"})
                    row.update(stats)
                    rows.append(row)
    with open("runs.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    config = {"name": "fixture-sat", "boxes": [f"{r}x{c}" for r, c in SHAPES], "alphas": ALPHAS,
              "modes": ["planted"], "repeats": REPS, "solvers": SOLVERS, "time_limit": LIMIT, "memory_mb": 2048,
              "seed": 7, "jobs": None}
    meta = {"name": "fixture-sat", "config": config, "shard": None, "instances": len(rows) // len(SOLVERS),
            "runs": len(rows), "jobs": 2, "crate_version": "0.1.0", "git_revision": "fixture",
            "machine": {"cpu": "Fixture CPU @ 3.0 GHz", "cores": 2, "os": "linux"},
            "started": "2025-01-01T00:00:00Z", "resumed": [], "finished": "2025-01-01T00:05:00Z"}
    with open("meta.json", "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
