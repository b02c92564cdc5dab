"""The Python API as a specification: every answer is checked by this file's own verifier, errors
carry the command line's messages, and the package agrees with the `sudoku-lab` command."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import networkx as nx
import numpy as np
import pandas as pd
import pytest

import sudoku_lab as sl

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
FAKES = DATA / "fake-solvers"
CLI = os.environ["SUDOKU_LAB"]  # set by the package to its own `sudoku-lab` command


def corpus(name: str) -> list[tuple[str, str]]:
    """(puzzle, solution) lines of a test corpus."""
    lines = lambda p: [l.strip() for l in p.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return list(zip(lines(DATA / f"{name}.txt"), lines(DATA / f"{name}.solutions.txt")))


def houses(n: int, rows: int, cols: int) -> list[list[tuple[int, int]]]:
    """Every row, column and box of an N×N grid with r×c boxes, as (row, column) cells."""
    out = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    for br in range(0, n, rows):
        for bc in range(0, n, cols):
            out.append([(br + i, bc + j) for i in range(rows) for j in range(cols)])
    return out


def solves(solution: sl.Grid, puzzle: sl.Grid) -> bool:
    """This file's own oracle: every house holds 1..N once, and the givens are kept."""
    n = puzzle.n
    rows, cols = puzzle.box
    full = all(sorted(solution[cell] for cell in house) == list(range(1, n + 1)) for house in houses(n, rows, cols))
    kept = all(g == 0 or g == s for g, s in zip(puzzle.cells, solution.cells))
    return solution.box == puzzle.box and full and kept


# --- grids -----------------------------------------------------------------------------------


def test_a_grid_reads_and_writes_the_command_lines_text_formats():
    puzzle, _ = corpus("9x9-hardest11")[0]
    grid = sl.Grid(puzzle)
    assert (grid.n, grid.box, grid.givens) == (9, (3, 3), sum(ch != "." for ch in puzzle))
    assert grid.to_text().strip() == puzzle
    assert sl.Grid(grid.to_text("grid")) == grid
    assert sl.Grid(grid.to_text("pretty")) == grid
    assert sl.Grid(grid.to_text("json")) == grid
    assert (grid[0, 0], grid[0, 1], grid[0, 2]) == (8, 5, 0)
    with pytest.raises(IndexError):
        grid[9, 0]


def test_non_default_box_shapes_survive_text_and_arrays():
    wide = sl.generate((3, 2), alpha=0.5, mode="planted", seed=4)  # 6×6 with 3×2 boxes
    assert wide.box == (3, 2)
    assert "# box=3x2" in wide.to_text()
    assert sl.Grid(wide.to_text()) == wide
    assert sl.Grid.from_array(wide.to_list(), box="3x2") == wide


def test_numpy_round_trip():
    grid = sl.generate("4x4", alpha=0.3, mode="planted", seed=1)
    array = grid.to_numpy()
    assert array.shape == (16, 16) and array.dtype == np.uint8
    assert int(array[3, 5]) == grid[3, 5]
    assert sl.Grid.from_array(array) == grid


def test_bad_grids_are_value_errors_with_the_command_lines_words():
    with pytest.raises(ValueError, match=r"text:1:\d+: .*expected"):
        sl.Grid("12345")
    with pytest.raises(ValueError, match="row 2 has 3 values; expected 4"):
        sl.Grid.from_array([[0, 0, 0, 0], [1, 2, 3], [0] * 4, [0] * 4])
    with pytest.raises(ValueError, match="is not a digit of a 4×4 grid"):
        sl.Grid.from_array([[5, 0, 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(ValueError, match="out of range"):
        sl.generate("9x9", 0.1)


def test_read_names_the_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# two puzzles\n" + "." * 81 + "\n" + "." * 40 + "!" + "." * 40 + "\n")
    with pytest.raises(ValueError, match=rf"{bad}:3:41: .*unknown symbol '!'"):
        sl.read(str(bad))
    with pytest.raises(OSError):
        sl.read(str(tmp_path / "missing.txt"))
    assert len(sl.read(DATA / "9x9-hardest11.txt")) == len(corpus("9x9-hardest11"))


def test_conflicts_and_verify():
    grid = sl.Grid("11" + "." * 79)
    row, box = sorted(grid.conflicts(), key=lambda c: c["house"], reverse=True)
    assert (row["house"], row["digit"], row["cells"]) == ("row 1", 1, [(0, 0), (0, 1)])
    assert (box["house"], box["cells"]) == ("box 1", [(0, 0), (0, 1)])
    assert "repeats in row 1" in row["message"]
    puzzle, solution = corpus("9x9-hardest11")[1]
    assert sl.Grid(solution).verify(sl.Grid(puzzle)) and sl.Grid(solution).verify()
    assert not sl.Grid(puzzle).verify() and sl.Grid(puzzle).faults(sl.Grid(puzzle))


# --- instances ---------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["random", "planted"])
def test_generate_gives_the_instance_the_command_line_gives_for_the_seed(mode):
    out = subprocess.run(
        [CLI, "generate", "--box", "4x4", "--alpha", "0.35", "--mode", mode, "--seed", "11"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert sl.generate("4x4", 0.35, mode, 11).to_text() == out.stdout
    assert sl.generate(16, 0.35, mode, 11) == sl.generate((4, 4), 0.35, mode, 11)


def test_unique_puzzles_have_one_solution_and_their_rating():
    puzzle = sl.generate("3x3", mode="unique", difficulty="medium", seed=3)
    assert sl.count_solutions(puzzle) == (1, True)
    rating, techniques = sl.rate(puzzle)
    assert rating == "medium"
    assert dict(techniques)["naked-single"] > 0


def test_isomorphs_are_the_command_lines_and_keep_the_puzzle_solvable_once():
    puzzle, _ = corpus("9x9-hardest11")[2]
    copies = sl.isomorphs(sl.Grid(puzzle), copies=3, seed=5)
    out = subprocess.run(
        [CLI, "isomorphs", "-", "--copies", "3", "--seed", "5"], input=puzzle, capture_output=True, text=True, check=True
    )
    assert "".join(g.to_text() for g in copies) == out.stdout
    for grid in copies:
        assert grid != sl.Grid(puzzle)
        assert sl.count_solutions(grid) == (1, True)
    with pytest.raises(ValueError):
        sl.isomorphs(sl.Grid(puzzle), copies=-1)


def test_count_solutions_is_exact_or_says_it_is_a_bound():
    assert sl.count_solutions(sl.Grid.empty("2x2")) == (288, True)  # every 4×4 Sudoku
    assert sl.count_solutions(sl.Grid.empty("3x3"), 50) == (50, False)  # never above the maximum
    with pytest.raises(ValueError):
        sl.count_solutions(sl.Grid.empty("2x2"), 0)


def test_analyze_is_the_command_lines_json_record():
    import json

    puzzle, solution = corpus("9x9-hardest11")[0]
    record = sl.analyze(sl.Grid(puzzle))
    assert (record["solutions"], record["determined_status"], record["determined"]) == (1, "exact", solution)
    out = subprocess.run([CLI, "analyze", "--json", "-"], input=puzzle, capture_output=True, text=True, check=True)
    cli = json.loads(out.stdout)
    del cli["puzzle"], cli["line"]
    assert record == cli
    # "unique" is certified (a proof the checker rate accepted), unless asked not to be.
    assert record["certificate"] == "checked"
    assert sl.analyze(sl.Grid(puzzle), certify=False)["certificate"] is None


def test_the_constraint_graph_is_the_peer_relation():
    g = sl.graph(sl.generate("3x3", 0.4, "random", seed=2))
    assert (g.number_of_nodes(), g.number_of_edges()) == (81, 810)
    expected = {pair for house in houses(9, 3, 3) for pair in combinations(sorted(r * 9 + c for r, c in house), 2)}
    assert {tuple(sorted(e)) for e in g.edges} == expected
    assert all(d == 20 for _, d in g.degree)
    assert g.nodes[80] == {"row": 8, "col": 8, "box": 8, "value": g.nodes[80]["value"]}
    six = sl.graph("2x3")
    assert (six.number_of_nodes(), six.number_of_edges()) == (36, 36 * (3 * 6 - 2 - 3 - 1) // 2)
    assert six.nodes[9]["box"] == 1  # row 1, column 3: the second box of the first band
    assert g.graph["family"] == "Sudoku 9×9 (3x3 boxes)"
    rook = sl.graph("1x33")  # a Latin square: the rook's graph, N²(N − 1) edges
    assert (rook.number_of_nodes(), rook.number_of_edges(), rook.graph["family"]) == (
        33 * 33,
        33 * 33 * 32,
        "Latin square of order 33",
    )


# --- solving -----------------------------------------------------------------------------------


@pytest.mark.parametrize("solver", sl.solvers())
def test_every_solver_answers_and_the_answer_is_right(solver):
    puzzle, solution = corpus("9x9-hardest11")[2]
    result = sl.solve(sl.Grid(puzzle), solver, time_limit=60)
    assert (result.solver, result.outcome) == (solver, "solved"), result.note
    assert solves(result.solution, sl.Grid(puzzle))
    assert result.solution.to_text().strip() == solution
    assert result.total_seconds == pytest.approx(result.stats["seconds"] + result.stats["build_seconds"])


def test_statistics_are_the_command_lines():
    puzzle = sl.Grid(corpus("9x9-hardest11")[0][0])
    clique = sl.solve(puzzle, "ilp-clique").stats
    assert clique["variables"] > 0 and clique["constraints"] > 0 and clique["guesses"] is None
    search = sl.solve(puzzle, "backtrack").stats
    assert search["guesses"] is not None and search["variables"] is None
    assert sl.solve(puzzle, "sat").stats["propagations"] > 0


def test_a_solve_in_a_worker_reports_cpu_time_and_peak_memory():
    puzzle = sl.Grid(corpus("9x9-hardest11")[0][0])
    isolated = sl.solve(puzzle, "ilp-clique")
    assert isolated.cpu_seconds > 0 and isolated.peak_rss_mb > 1
    in_process = sl.solve(puzzle, "backtrack")
    assert in_process.cpu_seconds is None and in_process.peak_rss_mb is None


def test_infeasible_and_limit_are_answers_not_errors():
    clash = sl.solve(sl.Grid("11" + "." * 79), "backtrack")
    assert (clash.outcome, clash.solution) == ("infeasible", None)
    assert "conflicting givens" in clash.note
    hard = sl.generate("6x6", 0.5, "planted", seed=1)
    stopped = sl.solve(hard, "backtrack-naive", time_limit=0.2)
    assert (stopped.outcome, stopped.solved) == ("limit", False)


def test_solve_many_keeps_the_order_and_verifies_every_answer():
    pairs = corpus("9x9-17clue-200")[:60]
    grids = [sl.Grid(p) for p, _ in pairs]
    for jobs in (1, 2):
        results = sl.solve_many(grids, "backtrack", jobs=jobs)
        assert [r.solution.to_text().strip() for r in results] == [s for _, s in pairs]
    sat = sl.solve_many(grids[:4], "sat", time_limit=30, preprocess=True)
    assert all(solves(r.solution, g) for r, g in zip(sat, grids))


def test_bad_arguments_are_exceptions_with_the_command_lines_messages():
    grid = sl.Grid.empty("2x2")
    with pytest.raises(ValueError, match="unknown solver 'simplex'; expected one of: ilp-edge"):
        sl.solve(grid, "simplex")
    with pytest.raises(ValueError, match="is not a time limit"):
        sl.solve(grid, time_limit=0)
    with pytest.raises(ValueError, match="^reduce does not apply to backtrack: only ilp-edge read it"):
        sl.solve(grid, "backtrack", reduce=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'presolv'"):
        sl.solve(grid, "ilp-edge", presolv=False)
    with pytest.raises(ValueError, match="a portfolio cannot race itself"):
        sl.solve(grid, "portfolio", members=["sat", "portfolio"])
    with pytest.raises(ValueError, match="memory_mb"):
        sl.solve(grid, "sat", memory_mb=10)


def test_bad_numbers_are_value_errors_named_by_their_python_parameters(tmp_path):
    grid = sl.Grid.empty("2x2")
    for call in (
        lambda: sl.generate("3x3", 0.3, seed=-1),
        lambda: sl.count_solutions(grid, -5),
        lambda: sl.analyze(grid, -1),
        lambda: sl.solve(grid, "sat", memory_mb=-1),
        lambda: sl.solve(grid, "ilp-clique", threads=-2),
        lambda: sl.solve_many([grid], jobs=-1),
        lambda: sl.run(tmp_path / "none.toml", jobs=-3),
    ):
        with pytest.raises(ValueError, match="is negative"):
            call()
    # analyze is refused a maximum of 0, as count_solutions is.
    for call in (lambda: sl.count_solutions(grid, 0), lambda: sl.analyze(grid, 0)):
        with pytest.raises(ValueError, match="max_solutions must be 1 or more"):
            call()
    # The messages name the keyword arguments, not the command line's flags.
    cores = os.cpu_count() or 1
    with pytest.raises(ValueError, match=r"^highs_options: threads = 0 lets HiGHS") as refused:
        sl.solve(grid, "ilp-clique", highs_options={"threads": "0"})
    assert "--" not in str(refused.value)
    with pytest.raises(ValueError, match=rf"^threads: threads = {cores + 1} is more than the {cores} core"):
        sl.solve(grid, "ilp-clique", threads=cores + 1)


def test_rate_says_when_there_is_nothing_to_rate():
    with pytest.raises(ValueError, match="the grid is empty"):
        sl.rate(sl.Grid.empty("3x3"))
    _, solution = corpus("9x9-hardest11")[0]
    with pytest.raises(ValueError, match="the grid is full"):
        sl.rate(sl.Grid(solution))


def test_a_bad_progress_or_a_missing_folder_is_refused_before_anything_is_written(tmp_path):
    config = tmp_path / "tiny.toml"
    config.write_text(
        'name = "tiny"\nboxes = ["2x2"]\nalphas = [0.3]\nmodes = ["planted"]\nrepeats = 1\n'
        'solvers = ["backtrack"]\ntime_limit = 5.0\nseed = 8\n'
    )
    with pytest.raises(TypeError, match="progress: expected a function"):
        sl.run(config, tmp_path / "out", progress=42)
    assert not (tmp_path / "out").exists()
    for call in (sl.report, sl.plot):
        with pytest.raises(FileNotFoundError, match="does not exist"):
            call(tmp_path / "nowhere")


def test_solve_many_runs_no_more_solves_at_once_than_there_are_cores(tmp_path):
    log = tmp_path / "log"
    script = tmp_path / "slow.sh"
    script.write_text(f"#!/bin/sh\necho start >> '{log}'\nsleep 0.4\necho end >> '{log}'\necho UNKNOWN\n")
    script.chmod(0o755)
    definitions = tmp_path / "slow.toml"
    definitions.write_text(
        f'[[external]]\nname = "slow"\ninput = "grid"\ncommand = ["{script}", "{{input}}"]\nanswer = "grid"\n'
    )
    cores = len(os.sched_getaffinity(0))
    grids = [sl.generate("2x2", 0.5, seed=s) for s in range(cores + 3)]
    results = sl.solve_many(grids, "slow", external=definitions, jobs=len(grids), time_limit=10)
    assert [r.outcome for r in results] == ["limit"] * len(grids)
    running = most = 0
    for line in log.read_text().split():
        running += 1 if line == "start" else -1
        most = max(most, running)
    assert 1 <= most <= cores, f"{most} solves at once on {cores} core(s)"


def test_a_users_own_solver_runs_from_its_toml_definition(tmp_path):
    definitions = tmp_path / "mine.toml"
    definitions.write_text(
        f"""
[[external]]
name = "cheat-grid"
input = "grid"
command = ["{FAKES / 'cheat-grid.sh'}", "{{input}}"]
answer = "grid"

[[external]]
name = "wrong"
input = "grid"
command = ["{FAKES / 'wrong.sh'}", "{{input}}"]
answer = "grid"
"""
    )
    puzzle, solution = corpus("9x9-hardest11")[3]
    right = sl.solve(sl.Grid(puzzle), "cheat-grid", external=definitions, time_limit=30)
    assert right.outcome == "solved" and right.solution.to_text().strip() == solution
    assert right.judged == "solved"
    # A wrong answer is a bug in the solver: solve raises SolverError, as documented; solve_many
    # keeps the batch and reports it as an error.
    with pytest.raises(sl.SolverError, match="wrong: wrong answer"):
        sl.solve(sl.Grid(puzzle), "wrong", external=str(definitions), time_limit=30)
    (wrong,) = sl.solve_many([sl.Grid(puzzle)], "wrong", external=str(definitions), time_limit=30)
    assert (wrong.outcome, wrong.solution) == ("error", None)
    # The one judgement, as report counts a run: a rejected grid is wrong, not a mere error.
    assert wrong.judged == "wrong"
    assert "wrong answer" in wrong.note
    with pytest.raises(ValueError, match="or an external solver of"):
        sl.solve(sl.Grid(puzzle), "minisat", external=definitions)
    with pytest.raises(ValueError, match="apply to built-in solvers only"):
        sl.solve(sl.Grid(puzzle), "cheat-grid", external=definitions, threads=2)


# --- experiments ---------------------------------------------------------------------------------


def test_a_config_with_an_instance_set_runs_and_loads_with_its_columns(tmp_path):
    data = Path(__file__).resolve().parents[2] / "tests" / "data"
    puzzles = [l for l in (data / "9x9-top95.txt").read_text().splitlines() if l and not l.startswith("#")]
    (tmp_path / "mine.txt").write_text(f"{puzzles[0]}:0\n{puzzles[1]}\n{puzzles[2]}\n")
    config = tmp_path / "sets.toml"
    config.write_text(
        'name = "sets"\nsolvers = ["backtrack"]\ntime_limit = 10.0\nseed = 1\n'
        '[[sets]]\nname = "mine"\nfiles = ["mine.txt"]\n'
    )
    summary = sl.run(config, tmp_path / "out", progress=False)
    assert summary["rows"] == 3 and len(summary["problems"]) == 1, summary
    frame = sl.load_results(tmp_path / "out")
    assert list(frame["instance"]) == ["mine.txt#1", "mine.txt#2", "mine.txt#3"]
    assert (frame["set"] == "mine").all() and (frame["mode"] == "set").all()
    assert list(frame["expected"]) == ["unsolvable", "", ""]
    # The puzzle claimed to have no solution was solved, and the solution verified: the expectation
    # is wrong (flagged as a problem), the answer counts; no proof applies to a solution.
    assert list(frame["judged"]) == ["solved", "solved", "solved"]
    assert frame["contradiction"][0].startswith("a solution of a puzzle expected to have none")
    assert list(frame["certificate"]) == ["", "", ""] and frame["certify_seconds"].isna().all()
    assert Path(sl.report(tmp_path / "out")).is_file()


def test_run_then_load_results_as_a_typed_data_frame(tmp_path):
    config = tmp_path / "tiny.toml"
    config.write_text(
        'name = "tiny"\nboxes = ["2x2", "3x3"]\nalphas = [0.3]\nmodes = ["planted"]\nrepeats = 2\n'
        'solvers = ["backtrack", "sat"]\ntime_limit = 20.0\nmemory_mb = 1024\nseed = 8\n'
    )
    seen = []
    summary = sl.run(config, tmp_path / "out", jobs=2, progress=seen.append)
    assert (summary["rows"], summary["solved"], summary["problems"]) == (8, 8, [])
    assert seen and seen[-1]["done"] == seen[-1]["total"] == 8
    frame = sl.load_results(tmp_path / "out")
    assert list(frame.columns) == [name for name, _ in sl.runs_columns()] + ["family"]
    assert {str(t) for t in frame.dtypes} <= {"string", "Int64", "UInt64", "Float64", "boolean"}
    assert str(frame["seconds"].dtype) == "Float64" and str(frame["n"].dtype) == "Int64"
    assert len(frame) == 8 and frame["verified"].all() and (frame["outcome"] == "solved").all()
    assert (frame["judged"] == "solved").all() and (frame["set"] == "").all()
    assert (frame["holes"] == "uniform").all() and (frame["family"] == "sudoku").all()
    assert frame["cpu_seconds"].notna().all()
    assert sorted(frame["n"].unique()) == [4, 9]
    assert Path(sl.report(tmp_path / "out")).is_file()
    assert any(p.endswith(".png") for p in sl.plot(tmp_path / "out"))
    with pytest.raises(ValueError, match="already holds"):
        sl.run(config, tmp_path / "out", progress=False)


def test_latin_squares_with_balanced_holes_run_and_load_as_their_family(tmp_path):
    config = tmp_path / "qwh.toml"
    config.write_text(
        'name = "qwh"\nlatin = [7]\nalphas = [0.6]\nmodes = ["planted"]\nholes = ["uniform", "balanced"]\n'
        'repeats = 2\nsolvers = ["backtrack"]\ntime_limit = 20.0\nmemory_mb = 1024\nseed = 34\n'
    )
    summary = sl.run(config, tmp_path / "out", jobs=1, progress=False)
    assert (summary["rows"], summary["solved"], summary["problems"]) == (4, 4, [])
    frame = sl.load_results(tmp_path / "out")
    assert (frame["family"] == "latin").all() and (frame["judged"] == "solved").all()
    assert sorted(frame["holes"]) == ["balanced", "balanced", "uniform", "uniform"]
    assert set(zip(frame["box_rows"], frame["box_cols"])) == {(1, 7)}
    grid = sl.Grid.empty("1x7")
    assert grid.family == "Latin square of order 7" and sl.Grid.empty(9).family == "Sudoku 9×9 (3x3 boxes)"


def test_a_bad_config_names_its_file_and_line(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text(
        'name = "bad"\nboxes = ["3x3"]\nalphas = [0.3]\nmodes = ["planted"]\nrepeats = 1\n'
        'solvers = ["backtrak"]\ntime_limit = 1.0\nseed = 1\n'
    )
    with pytest.raises(ValueError, match=rf"{config}:6:\d+: .*backtrak"):
        sl.run(config, tmp_path / "out")
    with pytest.raises(FileNotFoundError):
        sl.load_results(tmp_path)
    good = tmp_path / "good.toml"
    good.write_text(config.read_text().replace("backtrak", "backtrack"))
    with pytest.raises(ValueError, match="has 1 instances, so at most 1 shards"):
        sl.run(good, tmp_path / "out", shard="2/2")
    with pytest.raises(ValueError, match="is not a shard"):
        sl.run(good, tmp_path / "out", shard="3/2")


def test_load_results_reads_a_committed_folder():
    frame = sl.load_results(DATA / "results-fixture")
    assert len(frame) > 0 and frame["solver"].notna().all()


def test_the_statistics_beside_the_report_load_typed(tmp_path):
    import shutil

    folder = tmp_path / "fixture"
    shutil.copytree(DATA / "results-fixture", folder)
    with pytest.raises(FileNotFoundError, match="sudoku-lab report"):
        sl.load_comparisons(tmp_path / "nowhere")
    sl.report(folder)
    comparisons = sl.load_comparisons(folder)
    assert list(comparisons.columns) == [c for c, _ in sl.COMPARISON_COLUMNS]
    assert str(comparisons["p_adjusted"].dtype) == "Float64" and str(comparisons["n"].dtype) == "Int64"
    assert set(comparisons["test"]) <= {"wilcoxon", "mcnemar"} and "all" in set(comparisons["scope"])
    tested = comparisons.dropna(subset=["p"])
    assert len(tested) > 0 and (tested["p_adjusted"] >= tested["p"] - 1e-12).all(), "Holm never lowers a p"
    inside = (comparisons["ci_low"] <= comparisons["ratio"]) & (comparisons["ratio"] <= comparisons["ci_high"])
    assert inside.all()
    estimates = sl.load_estimates(folder)
    assert {"median", "par2", "solved_share"} <= set(estimates["statistic"])
    assert (estimates["n"] > 0).all()


# --- the GIL and Ctrl-C --------------------------------------------------------------------------


def test_a_long_solve_releases_the_gil():
    import threading

    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        sl.solve(sl.generate("6x6", 0.5, "planted", seed=1), "backtrack-naive", time_limit=1.0)
    finally:
        done.set()
        counter.join()
    # Holding the GIL for the whole second would leave the counter a few switch intervals at most.
    assert ticks > 100_000


# Python installs its Ctrl-C handler only when SIGINT is not ignored at start, and a shell ignores
# SIGINT in the commands it starts in the background (as CI may run this suite): the child asks
# for the handler an interactive Python or a notebook kernel has.
INTERRUPTED = """
import signal, sys, sudoku_lab as sl
signal.signal(signal.SIGINT, signal.default_int_handler)
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt as e:
    print("interrupted:", e, flush=True)
    sys.exit(42)
"""


def interrupt(call: str, cwd: Path) -> str:
    """Runs `call` in a fresh Python, sends it SIGINT a second after it started, and returns what
    it printed once the KeyboardInterrupt was caught (the test fails if it was not)."""
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    child.send_signal(2)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 42, (out, err)
    return out


@pytest.mark.parametrize(
    "call",
    [
        'sl.solve(sl.generate("6x6", 0.5, "planted", seed=1), "backtrack-naive")',
        'sl.solve_many([sl.generate("6x6", 0.5, "planted", seed=s) for s in range(4)], "backtrack-naive", jobs=2)',
    ],
)
def test_ctrl_c_stops_a_search_in_this_process(call, tmp_path):
    assert "interrupted" in interrupt(call, tmp_path)


def test_ctrl_c_kills_a_solver_in_a_worker_process_and_all_it_started(tmp_path):
    pids = tmp_path / "pids"
    (tmp_path / "hang.toml").write_text(
        f"""[[external]]
name = "hang"
input = "grid"
command = ["{FAKES / 'hang.sh'}", "{{input}}"]
answer = "grid"
env = {{ PIDS = "{pids}" }}
"""
    )
    interrupt('sl.solve(sl.Grid.empty("3x3"), "hang", external="hang.toml")', tmp_path)
    started = [int(p) for p in pids.read_text().split()]
    assert len(started) == 2  # the solver and the child it started
    import time

    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{p}").exists() for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in started if Path(f"/proc/{p}").exists()]


def test_ctrl_c_stops_an_experiment_cleanly(tmp_path):
    (tmp_path / "slow.toml").write_text(
        'name = "slow"\nboxes = ["6x6"]\nalphas = [0.5]\nmodes = ["planted"]\nrepeats = 4\n'
        'solvers = ["backtrack-naive"]\ntime_limit = 60.0\nseed = 1\n'
    )
    out = interrupt('sl.run("slow.toml", "out", jobs=1, progress=False)', tmp_path)
    assert "--resume" in out or "resume" in out
    assert (tmp_path / "out" / "meta.json").is_file()


def python_blocks():
    """Every ```python block of the README and the guide (docs/*.md), with where it is; the Rust
    test tests/it/readme.rs only parses them, this runs them."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text()
        start = 0
        while (at := text.find("```python\n", start)) >= 0:
            body = at + len("```python\n")
            end = text.index("\n```", body)
            yield f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, at) + 1}", text[body : end + 1]
            start = end + 4


def test_every_python_block_of_the_docs_runs(tmp_path, monkeypatch):
    blocks = list(python_blocks())
    assert blocks, "the guide has Python examples"
    monkeypatch.chdir(ROOT)
    toured = False
    for where, block in blocks:
        if block.startswith("# not run:"):
            continue
        scope: dict = {}
        exec(compile(block.replace("/tmp/quick", str(tmp_path / "quick")), where, "exec"), scope)
        if "frame" in scope:  # docs/python.md's tour of the API
            assert len(scope["frame"]) > 0 and scope["frame"]["verified"].dropna().all()
            assert scope["g"].number_of_edges() == 810 and len(scope["results"]) == 200
            toured = True
    assert toured, "docs/python.md's tour of the API ran"


def test_grids_pickle_hash_and_compare():
    import pickle

    wide = sl.generate((3, 2), 0.4, "planted", seed=9)
    back = pickle.loads(pickle.dumps(wide))
    assert back == wide and back.box == (3, 2) and hash(back) == hash(wide)
    assert len({wide, back, sl.Grid.empty("3x2")}) == 2


def test_root_stops_an_ilp_solver_at_its_lp_relaxation():
    puzzle, solution = corpus("9x9-sample")[0]
    clique = sl.solve(sl.Grid(puzzle), "ilp-clique", root=True, time_limit=30)
    assert (clique.outcome, clique.stats["root_lp"], clique.stats["fractional"]) == ("solved", "integral", 0)
    assert clique.solution.to_text().strip() == solution
    edge = sl.solve(sl.Grid(puzzle), "ilp-edge", root=True, time_limit=30)
    assert (edge.outcome, edge.stats["root_lp"], edge.solution) == ("limit", "fractional", None)
    assert 0 < edge.stats["fractional_cells"] <= puzzle.count(".") + puzzle.count("0")
    with pytest.raises(ValueError, match="^root does not apply to backtrack"):
        sl.solve(sl.Grid(puzzle), "backtrack", root=True)


def test_pip_install_reuses_the_harness_build(tmp_path):
    """docs/python.md's route into a user's own environment, `python -m pip install .`, compiles
    the Python module's own crates only: after `cargo build --release` (the main job's build) not
    one of the harness's dependencies (serde, rustsat, CaDiCaL, HiGHS, …) nor the harness itself is
    compiled again, because both builds resolve the shared dependencies' features alike (the
    `syn` build-dependency in Cargo.toml). Installed into a scratch folder, the module imports."""
    built = subprocess.run(["cargo", "build", "--release", "--locked"], cwd=ROOT, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    # The venv's pinned maturin instead of one fetched into an isolated build environment: the same
    # cargo build either way, without the network.
    pip = [sys.executable, "-m", "pip", "install", "-v", "--no-build-isolation", "--no-deps", "--target", str(tmp_path), "."]
    installed = subprocess.run(pip, cwd=ROOT, capture_output=True, text=True, env=env)
    assert installed.returncode == 0, installed.stderr[-3000:]
    compiled = [line.split()[1] for line in installed.stdout.splitlines() + installed.stderr.splitlines()
                if line.strip().startswith("Compiling ")]
    again = [c for c in compiled if not (c.startswith("pyo3") or c in ("sudoku-lab-python", "target-lexicon"))]
    assert again == [], f"pip install . compiled the harness's crates again: {again}"
    probe = "import sys; sys.path.insert(0, sys.argv[1]); import sudoku_lab; print(sudoku_lab.__file__)"
    imported = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True, cwd=tmp_path)
    assert imported.returncode == 0 and imported.stdout.startswith(str(tmp_path)), imported.stderr
