#!/usr/bin/env python3
"""OR-tools CP-SAT as a peer: the puzzle as N integer variables per row with AllDifferent on every
row, column and box (the constraint-programming model), givens fixed. Reads the harness's grid
input, prints the grid or INFEASIBLE / UNKNOWN.

Usage: cpsat.py PUZZLE --time-limit S --workers K --seed SEED"""
import argparse

from ortools.sat.python import cp_model

from grid_io import answer, houses, read_puzzle


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("--time-limit", type=float, required=True)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    r, c, givens = read_puzzle(args.puzzle)
    n = r * c
    model = cp_model.CpModel()
    x = [model.new_int_var(1, n, f"x{i}") if g == 0 else model.new_constant(g) for i, g in enumerate(givens)]
    for house in houses(r, c):
        model.add_all_different([x[i] for i in house])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.time_limit
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed % (2**31)
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        answer([solver.value(v) for v in x])
    elif status == cp_model.INFEASIBLE:
        answer("INFEASIBLE")
    else:
        answer("UNKNOWN")


if __name__ == "__main__":
    main()
