//! The `sudoku-lab` binary: [`sudoku_lab::cli::main`] on this process's command line.

use std::process::ExitCode;

fn main() -> ExitCode {
    sudoku_lab::cli::main(std::env::args_os())
}
