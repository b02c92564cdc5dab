"""The binding's overhead, measured: ``sudoku_lab.solve_many`` against ``sudoku-lab bench`` on the
same 9×9 puzzles, side by side in one run, alternating for several rounds.

``bench`` times each solve alone (the search, nothing else: no parsing, no verification); the
binding's time here is the wall time of the whole ``solve_many`` call — grids handed over, every
solve, the verifier on every answer, a Python result object per puzzle — divided by the puzzle
count. Both use the same Rust build (the package's own ``sudoku-lab`` command runs ``bench``).

    python/.venv/bin/python python/benchmarks/solve_many.py            # writes results/bench/python-binding.md
    python/.venv/bin/python python/benchmarks/solve_many.py --rounds 3 FILE …
"""

from __future__ import annotations

import argparse
import csv
import datetime
import io
import os
import platform
import statistics
import subprocess
import time
from pathlib import Path

import sudoku_lab as sl

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SETS = [ROOT.parent / "shared" / "data" / "9x9-17clue.txt", ROOT / "tests" / "data" / "9x9-top95.txt"]
FALLBACK_SETS = [ROOT / "tests" / "data" / "9x9-17clue-200.txt", ROOT / "tests" / "data" / "9x9-top95.txt"]


def bench_row(path: Path, solver: str) -> dict[str, str]:
    """One ``sudoku-lab bench --csv`` row."""
    out = subprocess.run(
        [os.environ["SUDOKU_LAB"], "bench", str(path), "--solver", solver, "--csv"],
        capture_output=True,
        text=True,
        check=True,
    )
    return next(csv.DictReader(io.StringIO(out.stdout)))


def binding_us(grids: list[sl.Grid], solver: str) -> float:
    """µs per puzzle of one ``solve_many`` call, end to end; every answer is checked after it."""
    start = time.perf_counter()
    results = sl.solve_many(grids, solver)
    seconds = time.perf_counter() - start
    wrong = [i for i, (g, r) in enumerate(zip(grids, results)) if not (r.solution and r.solution.verify(g))]
    if wrong:
        raise SystemExit(f"{solver}: {len(wrong)} answers failed the check, the first for puzzle {wrong[0] + 1}")
    return seconds * 1e6 / len(grids)


def cpu_model() -> str:
    """The CPU's model name (Linux), else the platform's."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="9×9 puzzle files (default: the 17-clue set and top95)")
    parser.add_argument("--solver", action="append", help="solvers (default: backtrack and dlx)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "bench" / "python-binding.md")
    args = parser.parse_args()
    files = args.files or ([p for p in DEFAULT_SETS if p.is_file()] if DEFAULT_SETS[0].is_file() else FALLBACK_SETS)
    solvers = args.solver or ["backtrack", "dlx"]

    rows = []
    for path in files:
        grids = sl.read(str(path))
        for solver in solvers:
            bench_mean, bench_median, ours = [], [], []
            for _ in range(args.rounds):
                row = bench_row(path, solver)
                bench_mean.append(float(row["us_mean"]))
                bench_median.append(float(row["us_median"]))
                ours.append(binding_us(grids, solver))
            b, o = statistics.median(bench_mean), statistics.median(ours)
            rows.append((path.name, len(grids), solver, b, statistics.median(bench_median), o, o / b))
            print(f"{path.name} {solver}: bench {b:.1f} µs/puzzle, solve_many {o:.1f} µs/puzzle, × {o / b:.2f}", flush=True)

    lines = [
        "# The Python binding's overhead: `solve_many` against `sudoku-lab bench`",
        "",
        f"Measured {datetime.date.today()} on {os.cpu_count()} cores ({cpu_model()}), "
        f"Python {platform.python_version()}, sudoku_lab {sl.__version__}, with "
        "`python/.venv/bin/python python/benchmarks/solve_many.py`.",
        "",
        f"Each row is the median over {args.rounds} alternating rounds of the two, on the same puzzles "
        "in one run. `bench` times each solve alone (no parsing, no verification); `solve_many` is the "
        "wall time of the whole call — the grids handed over, every solve, the verifier on every answer, "
        "a Python result per puzzle — per puzzle. The target: `solve_many` within 1.5× of `bench`.",
        "",
        "| puzzles | count | solver | bench µs/puzzle (mean) | bench µs/puzzle (median) | solve_many µs/puzzle | × bench mean |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    lines += [f"| {f} | {n} | {s} | {b:.1f} | {bm:.1f} | {o:.1f} | {r:.2f} |" for f, n, s, b, bm, o, r in rows]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
