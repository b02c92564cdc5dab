#!/usr/bin/env python3
"""Writes the small, deterministic `runs.csv` + `meta.json` fixture of `unique` puzzles used by
tests/it/plot_report.rs (the layout of experiments/difficulty.toml, without solving anything).

N = 9, 16; difficulties easy … expert instead of an α axis (`alpha` is 0); 3 repeats; the four
solvers. Run it from this directory: `python3 make_fixture.py`. Pinned by hand so the test can check
what it computes independently:
- N = 9, hard, backtrack takes 0.0009, 0.0011 and 0.0014 s (median 0.0011 s);
- N = 16: backtrack-naive hits the 10 s limit on every hard and expert puzzle and on 2 of 3 medium
  ones (median ≥ 10 s); ilp-edge hits it on one expert puzzle (median still below the limit).
"""
import csv
import json
import random

COLUMNS = ["experiment", "box_rows", "box_cols", "n", "alpha", "mode", "difficulty", "rep", "seed",
           "givens", "solver", "outcome", "seconds", "build_seconds", "nodes", "guesses", "backtracks",
           "variables", "constraints", "lp_iterations", "peak_rss_mb", "verified", "agree", "note"]
LIMIT = 10.0
SHAPES = [(3, 3), (4, 4)]
DIFFICULTIES = ["easy", "medium", "hard", "expert"]
SOLVERS = ["ilp-edge", "ilp-clique", "backtrack-naive", "backtrack"]
REPS = 3
HARDNESS = {"easy": 1.0, "medium": 1.4, "hard": 2.0, "expert": 3.0}
GIVENS = {9: {"easy": 40, "medium": 32, "hard": 28, "expert": 25},
          16: {"easy": 134, "medium": 117, "hard": 100, "expert": 90}}
PINNED = {(9, "hard", "backtrack"): [0.0009, 0.0011, 0.0014]}


def run(rng, n, d, rep, solver):
    """(outcome, seconds, nodes, guesses, backtracks) of one solver on one puzzle."""
    j = rng.uniform(0.8, 1.25)
    h = HARDNESS[d]
    if solver == "ilp-clique":
        return "solved", 0.002 * (n / 9) ** 2.5 * h * j, 0, None, None
    if solver == "ilp-edge":
        if (n, d, rep) == (16, "expert", 1):
            return "limit", LIMIT + 0.03, 412, None, None
        return "solved", 0.007 * (n / 9) ** 2.5 * h * h * j, int(3 * h * j), None, None
    if solver == "backtrack":
        guesses = int(round(3 * (n / 9) ** 3 * h ** 2 * j))
        backtracks = guesses // 2
        nodes = n * n + guesses * n
        return "solved", 4e-6 * nodes, nodes, guesses, backtracks
    # backtrack-naive: fine at N = 9, hopeless at N = 16 beyond easy puzzles
    if n == 16 and (d in ("hard", "expert") or (d == "medium" and rep > 0)):
        return "limit", LIMIT + rng.uniform(0.0, 0.05), 9_000_000, 2_000_000, 1_900_000
    nodes = int(300 * 6 ** (n / 9) * h ** 3 * j)
    return "solved", 2e-6 * nodes, nodes, nodes // 4, nodes // 5


def main():
    rng = random.Random(20250101)
    rows = []
    for (r, c) in SHAPES:
        n = r * c
        for d in DIFFICULTIES:
            for rep in range(REPS):
                seed = 1_000_003 * n + 1000 * DIFFICULTIES.index(d) + rep
                inst = []
                for solver in SOLVERS:
                    outcome, secs, nodes, guesses, backtracks = run(rng, n, d, rep, solver)
                    pinned = PINNED.get((n, d, solver))
                    if pinned:
                        secs = pinned[rep]
                    ilp = solver.startswith("ilp")
                    inst.append({
                        "experiment": "fixture-unique", "box_rows": r, "box_cols": c, "n": n, "alpha": 0.0,
                        "mode": "unique", "difficulty": d, "rep": rep, "seed": seed, "givens": GIVENS[n][d],
                        "solver": solver, "outcome": outcome, "seconds": f"{secs:.6g}",
                        "build_seconds": f"{0.001 * (n / 9) ** 3:.4g}" if ilp else "",
                        "nodes": nodes, "guesses": "" if guesses is None else guesses,
                        "backtracks": "" if backtracks is None else backtracks,
                        "variables": n ** 3 if ilp else "", "constraints": 4 * n * n if ilp else "",
                        "lp_iterations": nodes * 7 if ilp else "",
                        "peak_rss_mb": f"{(12 + 0.02 * n ** 3) if ilp else 3.5:.1f}",
                        "verified": "true" if outcome == "solved" else "",
                        "agree": "", "note": "time limit" if outcome == "limit" else "",
                    })
                finished = [x for x in inst if x["outcome"] == "solved"]
                for x in finished:
                    if len(finished) >= 2:
                        x["agree"] = "true"
                rows.extend(inst)
    with open("runs.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    config = {"name": "fixture-unique", "boxes": [f"{r}x{c}" for r, c in SHAPES], "modes": ["unique"],
              "difficulties": DIFFICULTIES, "unique_budget": 20.0, "repeats": REPS, "solvers": SOLVERS,
              "time_limit": LIMIT, "memory_mb": 2048, "seed": 5, "jobs": None}
    meta = {"name": "fixture-unique", "config": config, "shard": None, "instances": len(rows) // len(SOLVERS),
            "runs": len(rows), "jobs": 2, "crate_version": "0.1.0", "git_revision": "fixture",
            "highs_version": "1.11.0", "machine": {"cpu": "Fixture CPU @ 3.0 GHz", "cores": 2, "os": "linux"},
            "started": "2025-01-01T00:00:00Z", "resumed": [], "finished": "2025-01-01T00:02:00Z"}
    with open("meta.json", "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
