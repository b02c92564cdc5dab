"""sudoku-lab from Python: generalized Sudoku as graph colouring, at Rust speed.

Every function calls the harness's Rust library (the ``_native`` module); this file only
converts to networkx and pandas and shows progress. Instances, solvers, limits, verification and
results are the command line's own: the same seed gives the same instance, every grid a solver
returns has passed the verifier, and errors carry the command line's messages.

>>> import sudoku_lab as sl
>>> puzzle = sl.generate("3x3", alpha=0.4, mode="planted", seed=7)
>>> result = sl.solve(puzzle, "backtrack")
>>> result.outcome, result.solution.verify(puzzle)
('solved', True)
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Union

from ._native import (
    Grid,
    SolveResult,
    SolverError,
    __version__,
    analyze,
    count_solutions,
    generate,
    graph_edges,
    isomorphs,
    plot,
    rate,
    read,
    report,
    runs_columns,
    solve,
    solve_many,
    solvers,
)
from . import _native

if TYPE_CHECKING:
    import networkx
    import pandas

__all__ = [
    "Grid",
    "SolveResult",
    "SolverError",
    "__version__",
    "analyze",
    "count_solutions",
    "generate",
    "graph",
    "graph_edges",
    "isomorphs",
    "load_comparisons",
    "load_estimates",
    "load_results",
    "plot",
    "rate",
    "read",
    "report",
    "run",
    "runs_columns",
    "solve",
    "solve_many",
    "solvers",
]

#: The environment variable naming the ``sudoku-lab`` executable worker processes run.
WORKER_ENV = "SUDOKU_LAB"


def _find_worker() -> str | None:
    """The ``sudoku-lab`` command installed with this package (else one on PATH)."""
    schemes = [sysconfig.get_default_scheme()] if hasattr(sysconfig, "get_default_scheme") else []
    schemes.append(f"{os.name}_user")
    for scheme in schemes:
        try:
            candidate = Path(sysconfig.get_path("scripts", scheme)) / "sudoku-lab"
        except KeyError:
            continue
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("sudoku-lab")


# Solvers on a backend (HiGHS, CaDiCaL, kissat), external solvers and experiments run in
# `sudoku-lab worker` processes: the Rust side starts the executable this variable names.
if WORKER_ENV not in os.environ:
    _worker = _find_worker()
    if _worker is not None:
        os.environ[WORKER_ENV] = _worker


def graph(grid: Union[Grid, str, tuple, int]) -> "networkx.Graph | list[tuple[int, int]]":
    """The constraint graph of a grid (or of a box shape: ``"3x3"``, ``(2, 3)``, ``9``).

    One node per cell (0-based, reading order) with attributes ``row``, ``col``, ``box`` and,
    for a grid, ``value`` (0 = empty); an edge between cells sharing a row, column or box. A
    solution is a proper N-colouring that keeps the givens. The graph's ``family`` names it:
    ``"Latin square of order 33"`` for 1×N boxes (the rook's graph), else ``"Sudoku 9×9 (3x3 boxes)"``. Without networkx installed, the
    list of edges (u, v), u < v, is returned instead.
    """
    shape = grid.box if isinstance(grid, Grid) else grid
    nodes, edges = graph_edges(shape)
    try:
        import networkx as nx
    except ImportError:
        return edges
    values = grid.cells if isinstance(grid, Grid) else [0] * len(nodes)
    empty = _native.Grid.empty(shape)
    rows, cols = empty.box
    g = nx.Graph(box=(rows, cols), n=rows * cols, family=empty.family)
    g.add_nodes_from(
        (cell, {"row": row, "col": col, "box": box, "value": values[cell]})
        for cell, (row, col, box) in enumerate(nodes)
    )
    g.add_edges_from(edges)
    return g


class _ProgressLine:
    """The default progress display on stderr: one line rewritten in place on a terminal; in a
    notebook or a log (no terminal), a new line only every tenth of the runs or half minute."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.shown_at = (-1.0, 0.0)  # (share done, time)

    def __call__(self, snapshot: dict[str, Any]) -> None:
        import time

        for note in snapshot["notes"]:
            print(("\n" if self.tty else "") + note, file=sys.stderr)
        done, total = snapshot["done"], snapshot["total"]
        share = done / total if total else 1.0
        now = time.monotonic()
        if not self.tty and done < total and share < self.shown_at[0] + 0.1 and now < self.shown_at[1] + 30:
            return
        self.shown_at = (share, now)
        counts = ", ".join(f"{k} {snapshot[k]}" for k in ("solved", "infeasible", "limit", "memory", "error") if snapshot[k])
        line = f"{done}/{total} runs ({100 * share:.0f}%): {counts or 'starting'}; disagreements {snapshot['disagreements']}"
        if self.tty:
            print("\r" + line, end="\n" if done == total else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)


def run(
    config: Union[str, os.PathLike],
    out: Union[str, os.PathLike, None] = None,
    *,
    jobs: int | None = None,
    resume: bool = False,
    force: bool = False,
    shard: str | None = None,
    progress: Union[bool, Callable[[dict[str, Any]], None]] = True,
) -> dict[str, Any]:
    """Runs an experiment config (TOML) as ``sudoku-lab run`` does; see ``_native.run``.

    ``progress=True`` shows a progress line on stderr, ``False`` nothing, and a callable
    receives a dict (``done``, ``total``, counts by outcome, ``disagreements``, new ``notes``)
    about twice a second. Ctrl-C stops the run cleanly and raises KeyboardInterrupt.
    """
    callback = _ProgressLine() if progress is True else (progress or None)
    return _native.run(
        os.fspath(config),
        None if out is None else os.fspath(out),
        jobs=jobs,
        resume=resume,
        force=force,
        shard=shard,
        progress=callback,
    )


def load_results(folder: Union[str, os.PathLike]) -> "pandas.DataFrame":
    """``runs.csv`` of a results folder as a DataFrame, one column per ``runs.csv`` column, typed
    as ``runs_columns()`` says (nullable ``Int64``, ``UInt64`` for seeds, ``Float64``, ``boolean`` and ``string``: an
    empty cell is ``<NA>``), then ``judged``: the one judgement of each run as the report and the
    figures count it (``solved``, ``infeasible`` — with certification on, only with a proof the
    checker accepted: the ``certificate`` column —, ``wrong`` — a rejected grid, "infeasible" on a
    solvable instance or with a rejected proof, an unchecked answer contradicting the expected
    verdict —, ``unproven`` — "infeasible" without a checked proof —, ``limit``, ``memory``,
    ``error``), and ``family``: ``latin`` for Latin squares (1×N boxes; planted ones are the
    literature's quasigroups with holes, QWH, randomly filled ones QCP) or ``sudoku``. The rows are
    read and checked as ``sudoku-lab report`` reads them.
    """
    import pandas as pd

    columns = _native.read_runs(os.fspath(folder))
    frame = pd.DataFrame({name: pd.array(columns[name], dtype=dtype) for name, dtype in runs_columns()})
    latin = (frame["box_rows"] == 1) | (frame["box_cols"] == 1)
    frame["family"] = pd.array(["latin" if x else "sudoku" for x in latin], dtype="string")
    return frame


#: The columns of ``comparisons.csv`` with their pandas dtypes (docs/statistics.md).
COMPARISON_COLUMNS = (
    ("scope", "string"),
    ("solver_a", "string"),
    ("solver_b", "string"),
    ("n", "Int64"),
    ("ratio", "Float64"),
    ("ci_low", "Float64"),
    ("ci_high", "Float64"),
    ("test", "string"),
    ("p", "Float64"),
    ("p_adjusted", "Float64"),
)

#: The columns of ``estimates.csv`` with their pandas dtypes (docs/statistics.md).
ESTIMATE_COLUMNS = (
    ("scope", "string"),
    ("solver", "string"),
    ("statistic", "string"),
    ("estimate", "Float64"),
    ("ci_low", "Float64"),
    ("ci_high", "Float64"),
    ("n", "Int64"),
)


def _load_statistics(folder: Union[str, os.PathLike], name: str, columns: tuple) -> "pandas.DataFrame":
    """One of the statistics files ``sudoku-lab report`` writes beside REPORT.md, typed; an empty
    number cell is ``<NA>``, a text cell stays text."""
    import pandas as pd

    path = Path(folder) / name
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no {name} (run `sudoku-lab report {os.fspath(folder)}` first)")
    text = pd.read_csv(path, dtype=str, keep_default_na=False)
    expected = [c for c, _ in columns]
    if list(text.columns) != expected:
        raise ValueError(f"{path}: columns {list(text.columns)}, expected {expected}")
    frame = pd.DataFrame(index=text.index)
    for column, dtype in columns:
        values = text[column]
        if dtype == "string":
            frame[column] = values.astype("string")
        else:
            frame[column] = pd.to_numeric(values.replace("", None)).astype(dtype)
    return frame


def load_comparisons(folder: Union[str, os.PathLike]) -> "pandas.DataFrame":
    """``comparisons.csv`` of a results folder as a typed DataFrame: one row per pair of solvers,
    scope and test. ``ratio`` is a's time over b's (the geometric mean over the instances both
    ran, an unfinished run at the PAR-2 penalty) with its 95 % bootstrap interval; ``test`` is
    ``wilcoxon`` (signed-rank on the paired log times) or ``mcnemar`` (exact, on solved/unsolved);
    ``p_adjusted`` is Holm's over every comparison of the folder (``<NA>`` where a test had nothing
    to test). Written by ``sudoku-lab report`` (or ``report()``); see docs/statistics.md.
    """
    return _load_statistics(folder, "comparisons.csv", COMPARISON_COLUMNS)


def load_estimates(folder: Union[str, os.PathLike]) -> "pandas.DataFrame":
    """``estimates.csv`` of a results folder as a typed DataFrame: one row per scope, solver and
    ``statistic`` (``median``, ``par2``, ``solved_share``, ``peak_alpha``, ``growth_exponent``,
    ``growth_base``, ``holes_exponent``, ``seed_share``, ``seed_spread``) with its 95 % interval and the instances ``n`` it rests
    on. Written by ``sudoku-lab report`` (or ``report()``); see docs/statistics.md.
    """
    return _load_statistics(folder, "estimates.csv", ESTIMATE_COLUMNS)
