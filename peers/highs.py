#!/usr/bin/env python3
"""HiGHS from PyPI (highspy) as a peer: reads the MPS file the harness writes, solves it on one
thread within the time limit and writes HiGHS's own solution file (`Model status`, `# Columns`,
`name value`), which the harness reads as the `highs` dialect. Our `ilp-clique` runs the same
library in process: this peer is the control that the export and external path loses nothing.

Usage: highs.py MODEL.mps SOLUTION --time-limit S --seed SEED"""
import argparse

import highspy


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model")
    ap.add_argument("solution")
    ap.add_argument("--time-limit", type=float, required=True)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", args.time_limit)
    h.setOptionValue("random_seed", args.seed % (2**31))
    h.readModel(args.model)
    h.run()
    h.writeSolution(args.solution, 0)


if __name__ == "__main__":
    main()
