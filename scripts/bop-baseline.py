#!/usr/bin/env python3
"""The origin study's ILP, timed: OR-tools BOP on the edge model, as its notebook builds it.

Reads puzzles in line format (one per line, `.` or `0` for empty; `PUZZLE:SOLUTION` accepted) and,
for each, builds the model of the notebook's `ip_color` — one 0-1 variable per (cell, colour), a
row x[v][c] = 1 per given, x[u][j] + x[v][j] <= 1 for every (ordered) pair of peers and colour
(the notebook walks each edge from both ends), one row per cell summing to 1 — and solves it with
`pywraplp.Solver('BOP', BOP_INTEGER_PROGRAMMING)`. The time of each puzzle covers model building
and solving (the constraint graph, built once per size, is not timed), as `sudoku-lab bench`'s
ILP times cover building and solving. Every answer is checked against the givens and the rules.

Usage: scripts/bop-baseline.py PUZZLES.txt [--box RxC]   (needs `pip install ortools`)
Prints one line per puzzle (milliseconds) and the median, in milliseconds.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

# The model is the BOP peer's (peers/bop.py), so the baseline and the peer time the same code.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "peers"))
from bop import ip_color, peers  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzles")
    ap.add_argument("--box", default="3x3")
    args = ap.parse_args()
    r, c = map(int, args.box.split("x"))
    n = r * c
    adj = peers(r, c)
    times = []
    with open(args.puzzles) as f:
        lines = [l.split(":")[0].strip() for l in f if l.strip() and not l.startswith("#")]
    for number, line in enumerate(lines, 1):
        givens = [0 if ch in ".0" else int(ch, 36) for ch in line]
        assert len(givens) == n * n, f"puzzle {number}: {len(givens)} cells, expected {n * n}"
        start = time.perf_counter()
        _, colours = ip_color(adj, givens, n)
        ms = (time.perf_counter() - start) * 1000
        if colours is None:
            print(f"puzzle {number}: no solution reported", file=sys.stderr)
        else:
            ok = all(g in (0, v) for g, v in zip(givens, colours)) and all(
                colours[u] != colours[v] for v in adj for u in adj[v]
            )
            assert ok, f"puzzle {number}: BOP's answer breaks a rule"
        times.append(ms)
        print(f"puzzle {number}: {ms:.1f} ms")
    print(f"median {statistics.median(times):.1f} ms over {len(times)} puzzles")


if __name__ == "__main__":
    main()
