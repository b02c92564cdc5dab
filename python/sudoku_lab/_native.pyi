"""Type stubs of the native module ``sudoku_lab._native`` (the Rust library through PyO3)."""

from os import PathLike
from typing import Any, Callable, Sequence, Union

__version__: str

#: A box shape: ``"RxC"`` (e.g. ``"2x3"``), a pair ``(R, C)``, or a side ``N`` (its usual boxes).
BoxLike = Union[str, tuple[int, int], int]
StrPath = Union[str, PathLike[str]]

class SolverError(RuntimeError):
    """A solver answered a grid the verifier rejects: a bug in that solver.

    Raised by ``solve``; ``solve_many`` reports such an answer as outcome ``error`` (the fault in
    its note), so that one wrong answer does not discard a batch. Other failures (a crash, a
    backend error) are results with outcome ``error``, not exceptions.
    """

class Grid:
    """A grid of side N = r·c with boxes of r×c cells; 0 is an empty cell. Immutable."""

    def __init__(self, text: str, box: BoxLike | None = None) -> None:
        """Parses one puzzle (81-character line, whitespace matrix, pretty grid or JSON)."""
    @staticmethod
    def from_array(rows: Any, box: BoxLike | None = None) -> Grid:
        """A grid from N rows of N digits (a list of lists or a 2-D numpy array; 0 = empty)."""
    @staticmethod
    def empty(box: BoxLike) -> Grid:
        """An empty grid of this box shape."""
    def to_text(self, format: str = "line") -> str:
        """The text as ``line``, ``grid``, ``pretty`` or ``json`` (with ``# box=RxC`` if needed)."""
    def to_list(self) -> list[list[int]]:
        """The rows as a list of lists of ints."""
    def to_numpy(self) -> Any:
        """The rows as an N×N numpy array of uint8 (needs numpy)."""
    @property
    def n(self) -> int:
        """Side N."""
    @property
    def box(self) -> tuple[int, int]:
        """Box shape (rows, columns)."""
    @property
    def family(self) -> str:
        """The family and size in words: ``"Latin square of order 33"`` or ``"Sudoku 9×9 (3x3 boxes)"``."""
    @property
    def cells(self) -> list[int]:
        """Cells in reading order (0 = empty)."""
    @property
    def givens(self) -> int:
        """Number of filled cells."""
    @property
    def fill_fraction(self) -> float:
        """Share of cells filled."""
    @property
    def is_full(self) -> bool:
        """True when no cell is empty."""
    def __getitem__(self, at: tuple[int, int]) -> int:
        """The digit at (row, column), 0-based (0 = empty)."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def conflicts(self) -> list[dict[str, Any]]:
        """Repeated digits: ``house``, ``digit``, ``cells`` as (row, column), ``message``."""
    def verify(self, puzzle: Grid | None = None) -> bool:
        """True when this grid solves ``puzzle`` (or, without one, is full and conflict-free)."""
    def faults(self, puzzle: Grid) -> list[str]:
        """Why this grid is not a solution of ``puzzle`` (empty when it is)."""

class SolveResult:
    """What one solve gave; every solution has passed the verifier."""

    @property
    def solver(self) -> str: ...
    @property
    def outcome(self) -> str:
        """``solved``, ``infeasible`` (proven), ``limit``, ``memory`` (the cap) or ``error``."""
    @property
    def judged(self) -> str:
        """The one judgement of this answer, as ``report`` counts a run (``solved``,
        ``infeasible``, ``wrong``, ``limit``, ``memory``, ``error``), nothing else being known of
        the puzzle: a grid the verifier rejected is ``wrong``."""
    @property
    def solution(self) -> Grid | None: ...
    @property
    def solved(self) -> bool: ...
    @property
    def total_seconds(self) -> float:
        """Total seconds: set-up (``stats["build_seconds"]``) plus search (``stats["seconds"]``)."""
    @property
    def stats(self) -> dict[str, Any]:
        """``solve --stats``'s statistics: seconds, build_seconds, nodes, guesses, backtracks,
        variables, constraints, lp_iterations, solutions, conflicts, decisions, propagations,
        winner, lp_solves (None where the solver has no such counter)."""
    @property
    def note(self) -> str: ...
    @property
    def cpu_seconds(self) -> float | None:
        """CPU seconds (user + system) of the worker process and all it started, as runs.csv's
        ``cpu_seconds``; None for a search run in this process."""
    @property
    def peak_rss_mb(self) -> float | None:
        """Peak resident memory of the worker process, MiB; None for a search run in this process."""

def read(path: StrPath, box: BoxLike | None = None) -> list[Grid]:
    """Every puzzle of a file (``-``: stdin); errors name the file, line and column."""

def solvers() -> list[str]:
    """The names of the built-in solvers."""

def solve(
    grid: Grid,
    solver: str = "backtrack",
    *,
    time_limit: float | None = None,
    memory_mb: int | None = None,
    external: StrPath | Sequence[StrPath] | None = None,
    threads: int = 1,
    presolve: bool = True,
    verbose: bool = False,
    highs_log: StrPath | None = None,
    reduce: bool = False,
    highs_options: dict[str, str] | None = None,
    propagate: bool = False,
    perturb: bool = False,
    preprocess: bool = False,
    members: Sequence[str] | None = None,
    root: bool = False,
) -> SolveResult:
    """Solves one grid with a built-in solver or one defined in ``external`` TOML file(s).

    Search solvers run in this process; backend and external solvers in a worker process (the
    time limit and memory cap always hold). The GIL is released; Ctrl-C raises KeyboardInterrupt.
    Raises ValueError for an unknown solver, an option that does not apply, a limit out of range
    or a negative number; SolverError when the solver's answer fails the verifier.
    """

def solve_many(
    grids: Sequence[Grid],
    solver: str = "backtrack",
    *,
    time_limit: float | None = None,
    memory_mb: int | None = None,
    external: StrPath | Sequence[StrPath] | None = None,
    jobs: int = 1,
    threads: int = 1,
    presolve: bool = True,
    verbose: bool = False,
    highs_log: StrPath | None = None,
    reduce: bool = False,
    highs_options: dict[str, str] | None = None,
    propagate: bool = False,
    perturb: bool = False,
    preprocess: bool = False,
    members: Sequence[str] | None = None,
    root: bool = False,
) -> list[SolveResult]:
    """Solves many grids with one solver on ``jobs`` threads (at most one per core), without the
    GIL; results in order. A wrong answer is a result with outcome ``error``."""

def generate(
    box: BoxLike,
    alpha: float = 0.0,
    mode: str = "planted",
    seed: int = 0,
    *,
    difficulty: str | None = None,
    time_limit: float = 10.0,
) -> Grid:
    """An instance as ``sudoku-lab generate`` (``random``, ``planted``) or ``sudoku-lab puzzle``
    (``unique`` with a ``difficulty``) makes it from the same seed."""

def count_solutions(grid: Grid, max_solutions: int = 1000, *, time_limit: float | None = None) -> tuple[int, bool]:
    """(count, exact): exact when the search finished; else a lower bound, never above
    ``max_solutions`` (1 or more)."""

def rate(grid: Grid) -> tuple[str, list[tuple[str, int]]]:
    """The logic rating (easy, medium, hard, expert) and the techniques applied, with counts.

    Raises ValueError for a full grid (nothing to rate) and an empty one."""

def analyze(
    grid: Grid, max_solutions: int = 2, *, time_limit: float | None = None, certify: bool = True
) -> dict[str, Any]:
    """``sudoku-lab analyze --json``'s record: solutions, determined cells, rating, symmetry, and
    (``certify``) the certificate of its claims without a witness, judged by the checker ``rate``.
    ``max_solutions`` is 1 or more, as for ``count_solutions``."""

def isomorphs(grid: Grid, copies: int = 1, seed: int = 0) -> list[Grid]:
    """``copies`` random isomorphs of ``grid`` (digits relabelled; rows, columns, bands and stacks
    permuted; transposed half the time for square boxes), isomorph i from seed + i, as
    ``sudoku-lab isomorphs`` writes a one-puzzle file's."""

def graph_edges(box: BoxLike) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """The constraint graph: nodes as (row, column, box) and edges (u, v), u < v."""

def run(
    config: StrPath,
    out: StrPath | None = None,
    *,
    jobs: int | None = None,
    resume: bool = False,
    force: bool = False,
    shard: str | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Runs an experiment config as ``sudoku-lab run``; returns rows, counts, problems, out."""

def report(folder: StrPath) -> str:
    """Writes ``REPORT.md`` of a results folder; returns its path. FileNotFoundError when the
    folder is not there."""

def plot(folder: StrPath) -> list[str]:
    """Draws the figures of a results folder; returns their paths."""

def runs_columns() -> list[tuple[str, str]]:
    """Each ``runs.csv`` column and its pandas dtype (``string``, ``Int64``, ``UInt64``, ``Float64``, ``boolean``),
    then ``judged`` (``string``): the one judgement of each run."""

def read_runs(folder: StrPath) -> dict[str, list[Any]]:
    """``runs.csv``'s rows, checked, as column name → values (None where empty)."""

def cli_main(argv: Sequence[str]) -> None:
    """Runs the ``sudoku-lab`` command line and exits the process with its code."""
