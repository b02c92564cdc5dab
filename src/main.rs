//! The `sudoku-lab` binary: parse the command line, run it, map errors to exit codes
//! (0 ok, 1 a check failed, 2 usage or input error or a failed write to stdout; a closed stdout
//! pipe exits 0, as Unix tools do).

use std::process::ExitCode;

use clap::Parser;
use sudoku_lab::cli::{run, Cli};

fn main() -> ExitCode {
    sudoku_lab::cli::note_closed_stdout();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            let broken_pipe = err.chain().any(|c| {
                c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            // A cause whose text the message already quotes (an I/O error named in its context)
            // is not printed twice.
            let mut text = err.to_string();
            for cause in err.chain().skip(1).map(|c| c.to_string()) {
                if !text.contains(&cause) {
                    text = format!("{text}: {cause}");
                }
            }
            eprintln!("error: {text}");
            ExitCode::from(2)
        }
    }
}
