"""The ``sudoku-lab`` command installed with the package: the harness's own command line."""

import signal
import sys

from . import _native


def main() -> None:
    """Runs ``sudoku-lab`` with this process's arguments and exits with its code."""
    # The command line handles its signals itself (``run`` stops cleanly on the first Ctrl-C);
    # Python's own SIGINT handler would only note the signal and never stop a long command. (An
    # ignored SIGINT, as in a command started in the background, stays ignored.)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    _native.cli_main(["sudoku-lab", *sys.argv[1:]])


if __name__ == "__main__":
    main()
