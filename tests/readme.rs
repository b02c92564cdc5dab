//! The README's examples run as written: every line of the code block under "## Examples" but the
//! ones marked `slow:` is run in order, in a fresh folder that sees the project's `data/` and
//! `experiments/`, with `B` set to the binary under test, and must exit 0.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The command lines of the first `sh` block after `## Examples`.
fn examples() -> Vec<String> {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    let section = &readme[readme.find("## Examples").expect("an Examples section")..];
    let block = &section[section.find("```sh\n").expect("a sh block") + 6..];
    let block = &block[..block.find("```").expect("the block ends")];
    block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

#[test]
fn every_quick_readme_example_runs_from_a_fresh_folder() {
    let lines = examples();
    assert_eq!(lines[0], "B=target/release/sudoku-lab", "the block starts by naming the binary");
    let dir = tempfile::tempdir().unwrap();
    for name in ["data", "experiments"] {
        std::os::unix::fs::symlink(Path::new(ROOT).join(name), dir.path().join(name)).unwrap();
    }
    let mut ran = 0;
    for line in &lines[1..] {
        if line.contains("slow:") {
            continue;
        }
        let o = Command::new("bash")
            .args(["-c", &format!("set -euo pipefail; {line}")])
            .current_dir(dir.path())
            .env("B", BIN)
            .output()
            .expect("bash runs");
        assert!(
            o.status.success(),
            "README example failed (exit {:?}): {line}\n{}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 12, "only {ran} examples ran");
    // What the examples say they write is there.
    for file in ["p16.txt", "g6.dot", "stats.csv", "cnf/p16-1.cnf", "mps/p16-1.mps"] {
        assert!(dir.path().join(file).is_file(), "{file} missing");
    }
}

#[test]
fn the_readme_variant_example_is_a_valid_solvers_list() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    let block = &readme[readme.find("```toml\nsolvers = [").expect("the variants' toml block") + 8..];
    let block = &block[..block.find("```").expect("the block ends")];
    let config = format!(
        "name = \"t\"\nboxes = [\"3x3\"]\nalphas = [0.4]\nmodes = [\"planted\"]\nrepeats = 1\n\
         time_limit = 1\nseed = 1\n{block}"
    );
    let config = sudoku_lab::experiment::Config::parse(&config, "README.md").unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = config.solvers.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["ilp-clique", "ilp-clique+no-presolve", "ilp-clique+ipm"]);
    assert!(!config.solvers[1].options.presolve);
    assert_eq!(config.solvers[2].options.highs_options, [("mip_lp_solver".to_string(), "ipm".to_string())]);
}

/// The definition under "## Adding your own solver" is a valid definition, read as the harness
/// reads any (its program need not be installed for the file to be read: nothing runs it here).
#[test]
fn the_readme_definition_of_your_own_solver_is_valid() {
    use sudoku_lab::external::definition::{load_file, Answer, Checks, Input};
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    let section = &readme[readme.find("## Adding your own solver").expect("the section")..];
    let block = &section[section.find("```toml\n").expect("a toml block") + 8..];
    let block = &block[..block.find("```").expect("the block ends")];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-solvers.toml");
    std::fs::write(&path, block).unwrap();
    let reserved = |n: &str| n == "all" || n.parse::<sudoku_lab::solve::SolverKind>().is_ok();
    let defs = load_file(&path, Checks { reserved: &reserved, wanted: &|_| false }).expect("a valid definition");
    assert_eq!(defs.len(), 1);
    let d = &defs[0];
    assert_eq!((d.name.as_str(), d.input, d.answer, d.threads), ("my-minisat", Input::Cnf, Answer::Minisat, 1));
    assert!(d.writes_output_file(), "MiniSat writes its answer to {{output}}");
}

#[test]
fn the_readme_sets_example_runs_as_written() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    let section = &readme[readme.find("## Running your own puzzles").expect("the sets section")..];
    let toml = &section[section.find("```toml\n").expect("a toml block") + 8..];
    let toml = &toml[..toml.find("```").expect("the block ends")];
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(Path::new(ROOT).join("data"), dir.path().join("data")).unwrap();
    std::fs::write(dir.path().join("my-puzzles.toml"), toml).unwrap();
    for line in
        ["sudoku-lab run my-puzzles.toml", "sudoku-lab plot results/my-puzzles && sudoku-lab report results/my-puzzles"]
    {
        assert!(section.contains(line), "the README's command: {line}");
        let o = Command::new("bash")
            .args(["-c", &format!("set -euo pipefail; {}", line.replace("sudoku-lab", BIN))])
            .current_dir(dir.path())
            .output()
            .expect("bash runs");
        assert!(o.status.success(), "{line}: {}", String::from_utf8_lossy(&o.stderr));
    }
    let report = std::fs::read_to_string(dir.path().join("results/my-puzzles/REPORT.md")).unwrap();
    assert!(report.contains("norvig"), "the report names the set");
    let runs = std::fs::read_to_string(dir.path().join("results/my-puzzles/runs.csv")).unwrap();
    assert_eq!(runs.lines().count(), 1 + (95 + 11) * 3, "every puzzle × every solver");
    assert!(runs.contains("data/9x9-top95.txt#95"));
}
