#!/usr/bin/env python3
"""The origin study's ILP as a peer: OR-tools BOP on the edge model, built as its notebook's
`ip_color` builds it — one 0-1 variable per (cell, colour), x[v][c] = 1 per given,
x[u][j] + x[v][j] <= 1 for every ordered pair of peers and colour (the notebook walks each edge
from both ends), one row per cell summing to 1 — and solved by
`pywraplp.Solver('BOP', BOP_INTEGER_PROGRAMMING)`. Reads the harness's grid input, prints the grid
or INFEASIBLE / UNKNOWN. scripts/bop-baseline.py times the same model outside the harness.

Usage: bop.py PUZZLE --time-limit S"""
import argparse

from ortools.linear_solver import pywraplp

from grid_io import answer, read_puzzle


def peers(r, c):
    """The constraint graph of an N×N grid with r×c boxes: cell -> set of peers."""
    n = r * c
    adj = {v: set() for v in range(n * n)}
    for v in range(n * n):
        row, col = divmod(v, n)
        for u in range(n * n):
            ur, uc = divmod(u, n)
            same_box = ur // r == row // r and uc // c == col // c
            if u != v and (ur == row or uc == col or same_box):
                adj[v].add(u)
    return adj


def ip_color(adj, givens, k, time_limit_ms=None):
    """The notebook's `ip_color`: builds and solves; returns (status, colours or None)."""
    solver = pywraplp.Solver("BOP", pywraplp.Solver.BOP_INTEGER_PROGRAMMING)
    if time_limit_ms is not None:
        solver.SetTimeLimit(int(time_limit_ms))
    x = {i: {j: solver.IntVar(0, 1, f"x[{i}][{j}]") for j in range(k)} for i in adj}
    for o in adj:
        if givens[o]:
            solver.Add(x[o][givens[o] - 1] == 1)
    for o in adj:
        for d in adj[o]:
            for j in range(k):
                solver.Add(x[o][j] + x[d][j] <= 1)
    for i in adj:
        solver.Add(sum(x[i][j] for j in range(k)) == 1)
    status = solver.Solve()
    if status not in (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE):
        return status, None
    return status, [next(j + 1 for j in range(k) if round(x[i][j].solution_value()) == 1) for i in adj]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("--time-limit", type=float, required=True)
    args = ap.parse_args()
    r, c, givens = read_puzzle(args.puzzle)
    status, colours = ip_color(peers(r, c), givens, r * c, args.time_limit * 1000)
    if colours is not None:
        answer(colours)
    elif status == pywraplp.Solver.INFEASIBLE:
        answer("INFEASIBLE")
    else:
        answer("UNKNOWN")


if __name__ == "__main__":
    main()
