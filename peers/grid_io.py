"""The harness's `grid` input and answer, for the Python adapters: read the puzzle a job hands
over (a `# box=RxC` line, then the puzzle in line format) and print the answer (the completed grid
as N² integers on one line, or a status word on a line of its own: INFEASIBLE, UNKNOWN)."""
import sys


def read_puzzle(path):
    """(r, c, givens): box rows, box columns and the N² cells, 0 for empty."""
    r = c = None
    cells = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# box=") or line.startswith("# box "):
                r, c = map(int, line[len("# box="):].strip().split("x"))
            elif line and not line.startswith("#"):
                line = line.split(":")[0]
                words = line.split()
                if len(words) > 1:
                    cells = [int(w) for w in words]
                else:
                    cells = [0 if ch in ".0" else int(ch, 36) for ch in line]
                break
    if r is None or cells is None:
        sys.exit(f"{path}: no '# box=RxC' line or no puzzle")
    n = r * c
    if len(cells) != n * n:
        sys.exit(f"{path}: {len(cells)} cells, expected {n * n}")
    return r, c, cells


def houses(r, c):
    """Every row, column and box of an N×N grid with r×c boxes, as lists of cell indices."""
    n = r * c
    rows = [[i * n + j for j in range(n)] for i in range(n)]
    cols = [[j * n + i for j in range(n)] for i in range(n)]
    boxes = [
        [(br * r + i) * n + bc * c + j for i in range(r) for j in range(c)]
        for br in range(n // r)
        for bc in range(n // c)
    ]
    return rows + cols + boxes


def answer(values):
    """Prints a completed grid (or a status word) for the harness to read back."""
    if isinstance(values, str):
        print(values)
    else:
        print(" ".join(str(v) for v in values))
    sys.stdout.flush()
