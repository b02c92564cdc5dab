#!/usr/bin/env python3
"""SCIP (through PySCIPOpt, which bundles it) as a peer: reads the MPS file the harness writes,
solves it on one thread within the time limit, and prints the answer as SCIP's own `write
solution` does (`solution status: …`, `objective value: …`, then `name value (obj:c)` lines),
which the harness reads as the `scip` dialect.

Usage: scip.py MODEL.mps --time-limit S --seed SEED"""
import argparse

import pyscipopt


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model")
    ap.add_argument("--time-limit", type=float, required=True)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    m = pyscipopt.Model()
    m.hideOutput()
    m.readProblem(args.model)
    m.setParam("limits/time", args.time_limit)
    m.setParam("lp/threads", 1)
    m.setParam("parallel/maxnthreads", 1)
    m.setParam("randomization/randomseedshift", args.seed % (2**31))
    m.optimize()
    status = m.getStatus()
    if m.getNSols() > 0:
        sol = m.getBestSol()
        print("solution status: optimal solution found" if status == "optimal" else f"solution status: {status}, feasible")
        print(f"objective value: {m.getSolObjVal(sol)}")
        for v in m.getVars():
            value = m.getSolVal(sol, v)
            if abs(value) > 1e-9:
                print(f"{v.name} {value:.15g} \t(obj:{v.getObj():g})")
    else:
        print(f"solution status: {status}")
        print("no solution available")


if __name__ == "__main__":
    main()
