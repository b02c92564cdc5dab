//! Certificates: the statement a proof must refute, written as a reference CNF, and the call of
//! the independent proof checker that judges a proof of it.
//!
//! A proof of unsatisfiability refutes the formula it was given; if that formula were stronger
//! than the puzzle (an encoder bug that adds a clause), the proof would certify nothing. So the
//! formula certified here is not any solver's: it is the **reference CNF** of a puzzle and a
//! [`Statement`], written by this small encoder, which, like the oracle in [`crate::verify`],
//! imports nothing but [`crate::grid`] and shares no code with any solver. It is the plain direct
//! encoding of the rules as they are stated — every cell holds one digit, every house holds every
//! digit exactly once, the givens stay: a variable per (cell, digit); every cell at least one
//! digit and at most one; every house-digit at least once and at most once (each pair of the
//! house's cells, as it comes: a pair shared by a row and a box is stated twice); a unit clause per
//! given; and no reasoning of any kind. The "at least once" clauses of the houses are implied by
//! the others (N cells each with a digit, N digits each at most once: pigeonhole), so they change
//! no model — a test enumerates the models of small grids with and without them against the
//! oracle — but they are the rule as written, and without them CDCL must rediscover pigeonhole
//! by resolution, which made proving and checking uniqueness many times slower
//! (docs/benchmarks.md, "The reference CNF's redundant clauses"). The statement "this puzzle has
//! no solution" is the formula alone; "every solution has these digits in these cells"
//! (uniqueness, `analyze`'s determined cells) adds one clause saying some of those cells differ.
//!
//! The checker is an established program we did not write: `rate` (crates.io, MIT; a DRAT/DPR
//! checker, installed by `scripts/setup.sh`), run as a separate process, never in a solver's. Its
//! verdict is final. The solver side only writes proofs ([`crate::solve::sat::proof`]); whoever
//! judges reads [`Check`].
//!
//! Variable of (cell, digit), digit in 1..=N: `cell·N + digit` (1-based, DIMACS style). The
//! reference CNF of a colouring statement about any graph is [`colouring`]'s, written the same way.

pub mod colouring;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::grid::{Grid, Shape};

/// What a proof must establish about a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// The puzzle has no solution.
    NoSolution,
    /// Every solution has these digits in these cells, as (0-based cell, digit): with every empty
    /// cell of a solution, "this is the only solution"; with some, "these cells are determined".
    Fixed(Vec<(usize, u8)>),
}

impl Statement {
    /// "No solution but `solution`": every empty cell of `puzzle` as `solution` fills it.
    pub fn unique(puzzle: &Grid, solution: &Grid) -> Statement {
        let cells = (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0);
        Statement::Fixed(cells.map(|c| (c, solution.get(c))).collect())
    }
}

/// A CNF formula in DIMACS terms: variables 1..=`variables`, clauses of non-zero literals, held
/// flat (each clause's literals followed by a 0, as DIMACS writes them: a 36×36 formula has 3.3 M
/// clauses, a 64×64 one 33 M, and a vector each would triple the memory).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cnf {
    /// The number of variables.
    pub variables: usize,
    /// The literals of every clause, each clause ended by a 0.
    literals: Vec<i32>,
    /// The number of clauses.
    count: usize,
}

impl Cnf {
    /// An empty formula over `variables` variables.
    pub fn new(variables: usize) -> Cnf {
        Cnf { variables, ..Cnf::default() }
    }

    /// Adds a clause (its literals non-zero).
    pub fn add(&mut self, clause: impl IntoIterator<Item = i32>) {
        self.literals.extend(clause);
        self.literals.push(0);
        self.count += 1;
    }

    /// The clauses, in the order added.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> {
        self.literals.split(|&l| l == 0).take(self.count)
    }

    /// The number of clauses.
    pub fn len(&self) -> usize {
        self.count
    }

    /// `true` without a clause.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Writes the formula in DIMACS CNF (`p cnf V C`, one clause a line ending in 0).
    pub fn write_dimacs(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "p cnf {} {}", self.variables, self.count)?;
        for clause in self.clauses() {
            for lit in clause {
                write!(out, "{lit} ")?;
            }
            writeln!(out, "0")?;
        }
        Ok(())
    }

    /// Writes the formula to `path` in DIMACS CNF.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut out = io::BufWriter::new(std::fs::File::create(path)?);
        self.write_dimacs(&mut out)?;
        out.flush()
    }
}

/// The variable of `digit` (1..=N) in `cell`.
pub fn variable(shape: Shape, cell: usize, digit: u8) -> i32 {
    (cell * shape.n() + usize::from(digit)) as i32
}

/// The reference CNF of `statement` about `puzzle` (see the module doc): unsatisfiable exactly
/// when the statement holds.
///
/// Complexity: O(N⁴) clauses and time (N² cells and 3N² house-digits, each with N(N − 1)/2 pairs
/// and one clause of N literals).
pub fn reference_cnf(puzzle: &Grid, statement: &Statement) -> Cnf {
    let shape = puzzle.shape();
    let n = shape.n();
    let digits = || (1..=n).map(|d| d as u8);
    let x = |cell: usize, digit: u8| variable(shape, cell, digit);
    let mut cnf = Cnf::new(shape.cells() * n);
    for cell in 0..shape.cells() {
        cnf.add(digits().map(|d| x(cell, d)));
        for a in digits() {
            for b in digits().filter(|&b| b > a) {
                cnf.add([-x(cell, a), -x(cell, b)]);
            }
        }
    }
    for house in shape.houses() {
        let cells = shape.house_cells(house);
        for d in digits() {
            cnf.add(cells.iter().map(|&c| x(c, d)));
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    cnf.add([-x(a, d), -x(b, d)]);
                }
            }
        }
    }
    for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) != 0) {
        cnf.add([x(cell, puzzle.get(cell))]);
    }
    if let Statement::Fixed(cells) = statement {
        cnf.add(cells.iter().map(|&(cell, digit)| -x(cell, digit)));
    }
    cnf
}

/// The grid a model of a reference CNF describes (`true_vars`: the variables set true); `None`
/// when some cell has no digit or several (not a model of it).
pub fn grid_of_model(shape: Shape, true_vars: &[i32]) -> Option<Grid> {
    let n = shape.n();
    let mut cells = vec![0u8; shape.cells()];
    for &v in true_vars.iter().filter(|&&v| v > 0 && (v as usize) <= shape.cells() * n) {
        let (cell, digit) = ((v as usize - 1) / n, (v as usize - 1) % n + 1);
        if cells[cell] != 0 {
            return None;
        }
        cells[cell] = digit as u8;
    }
    if cells.contains(&0) {
        return None;
    }
    Grid::from_cells(shape, cells).ok()
}

/// The checker's verdict on one proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// The checker accepted the proof (`s VERIFIED`).
    Accepted,
    /// The checker rejected it, or could not read it: the reason, from its output.
    Rejected(String),
    /// The checker did not finish within its limit, or crashed (a panic, a signal it did not
    /// ask for): why. A crash says nothing about the proof, so it is never a rejection.
    Unfinished(String),
    /// The checker could not be started (removed or broken since it was found): why. Nothing was
    /// checked; whoever asked must stop rather than call its verdicts unproven.
    Unavailable(String),
    /// The caller's stop request arrived while the checker ran; it was killed.
    Interrupted,
}

/// An installed proof checker: the program and the version it reports.
///
/// Whatever program it is — `rate`, or the one [`CHECKER_ENV`] names — is trusted: a proof it
/// accepts makes a verdict certified. So `meta.json` records all three fields, and the report
/// names the program and the version it gave, never an assumed `rate`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Checker {
    /// The checker's name: its program's file name (`rate`).
    pub name: String,
    /// The executable.
    pub program: PathBuf,
    /// What `--version` printed (`rate 0.3.0`).
    pub version: String,
}

/// The environment variable that names the checker's executable instead of the search below.
///
/// The program it names is trusted as `rate` is: it is run as `PROGRAM -d CNF PROOF` and its
/// `s VERIFIED` with exit 0 certifies a verdict, whatever program it is. `meta.json` records it
/// ([`Checker`]) and the report names it.
pub const CHECKER_ENV: &str = "SUDOKU_LAB_PROOF_CHECKER";

/// How to install the checker, for messages.
pub const INSTALL_HINT: &str = "run scripts/setup.sh, or `cargo install rate --locked`";

impl Checker {
    /// The checker: `$SUDOKU_LAB_PROOF_CHECKER`, else `rate` on the `PATH`, else in Cargo's
    /// binary folder (`$CARGO_HOME/bin`, `~/.cargo/bin`), where `cargo install` puts it. `None`
    /// when none is found or it does not answer `--version`.
    pub fn find() -> Option<Checker> {
        let program = match std::env::var_os(CHECKER_ENV) {
            Some(path) => PathBuf::from(path),
            None => {
                let path = std::env::var_os("PATH").unwrap_or_default();
                let cargo_home = std::env::var_os("CARGO_HOME").map(PathBuf::from);
                let home = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo"));
                std::env::split_paths(&path)
                    .chain(cargo_home.into_iter().chain(home).map(|c| c.join("bin")))
                    .map(|dir| dir.join("rate"))
                    .find(|p| p.is_file())?
            }
        };
        let output = Command::new(&program).arg("--version").stdin(Stdio::null()).output().ok()?;
        let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
        // Named by its file, not assumed to be `rate`: the environment variable may name any program.
        let name = program.file_name().map_or_else(|| "rate".into(), |n| n.to_string_lossy().into_owned());
        (output.status.success() && !version.is_empty()).then_some(Checker { name, program, version })
    }

    /// Its name and version (`rate 0.3.0`), the name left out when the version says it already.
    pub fn label(&self) -> String {
        if self.version.contains(&self.name) {
            self.version.clone()
        } else {
            format!("{} {}", self.name, self.version)
        }
    }

    /// Checks the DRAT `proof` (text or binary) of the unsatisfiability of the DIMACS `cnf`, in a
    /// process of its own stopped at `limit`; the checker dies with the caller.
    pub fn check(&self, cnf: &Path, proof: &Path, limit: Duration) -> Check {
        self.check_until(cnf, proof, limit, &|| false)
    }

    /// [`Checker::check`], also stopped as soon as `stop` returns true (polled every few
    /// milliseconds): a run's SIGTERM ends a check at once. Both files must be regular files
    /// (not a named pipe, a device or a symbolic link, which could hold the checker for its whole
    /// limit or make it read something else): anything else is rejected unread.
    pub fn check_until(&self, cnf: &Path, proof: &Path, limit: Duration, stop: &dyn Fn() -> bool) -> Check {
        for (what, path) in [("formula", cnf), ("proof", proof)] {
            if let Err(why) = regular_file(path) {
                return Check::Rejected(format!("the {what} {} {why}", path.display()));
            }
        }
        let mut command = Command::new(&self.program);
        // `-d`: ignore deletions of unit clauses, as drat-trim does: CaDiCaL's and kissat's proofs
        // are written for drat-trim's reading of DRAT (the SAT competition's checker).
        command.arg("-d").arg(cnf).arg(proof).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        die_with_parent(&mut command);
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) => return Check::Unavailable(format!("{} could not be started: {e}", self.program.display())),
        };
        // Read both streams on threads so a chatty checker never blocks on a full pipe.
        let read = |stream: Option<Box<dyn io::Read + Send>>| {
            std::thread::spawn(move || {
                let mut text = String::new();
                if let Some(mut s) = stream {
                    let _ = io::Read::read_to_string(&mut s, &mut text);
                }
                text
            })
        };
        let stdout = read(child.stdout.take().map(|s| Box::new(s) as Box<dyn io::Read + Send>));
        let stderr = read(child.stderr.take().map(|s| Box::new(s) as Box<dyn io::Read + Send>));
        let start = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if stop() => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Check::Interrupted;
                }
                Ok(None) if start.elapsed() >= limit => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                Err(e) => return Check::Unfinished(format!("waiting for {}: {e}", self.name)),
            }
        };
        let (out, err) = (stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
        let Some(status) = status else {
            return Check::Unfinished(format!("{} did not finish within {:.1} s", self.name, limit.as_secs_f64()));
        };
        verdict(status.code(), &out, &err)
    }
}

/// The checker's verdict from its exit code and output: accepted only on exit 0 with `s VERIFIED`;
/// a crash — a Rust panic (exit 101) or death by a signal — without `s NOT VERIFIED` is
/// [`Check::Unfinished`], since it judged nothing; any other answer is a rejection.
fn verdict(code: Option<i32>, out: &str, err: &str) -> Check {
    let says = |word: &str| out.lines().chain(err.lines()).any(|l| l.trim() == word);
    if code == Some(0) && says("s VERIFIED") {
        return Check::Accepted;
    }
    if matches!(code, None | Some(PANIC_EXIT)) && !says("s NOT VERIFIED") {
        let how = code.map_or("was killed by a signal".to_string(), |c| format!("crashed (exit {c}, a panic)"));
        let said = err.lines().map(str::trim).rfind(|l| !l.is_empty()).map(|l| format!(": {l}")).unwrap_or_default();
        let mut why = format!("the checker {how}{said}");
        if why.chars().count() > MAX_REASON {
            why = why.chars().take(MAX_REASON).collect::<String>() + "…";
        }
        return Check::Unfinished(why);
    }
    // The checker's verdict and errors, and of its comment lines only those that say what failed
    // (`c p.drat:2 conflict claimed but not detected`), not its statistics.
    let telling = |l: &&str| {
        let comment = l.starts_with("c ");
        (!l.is_empty() && !comment) || (comment && (l.contains("claimed") || l.contains("failed")))
    };
    let mut reason = out.lines().chain(err.lines()).map(str::trim).filter(telling).collect::<Vec<_>>().join("; ");
    if reason.chars().count() > MAX_REASON {
        reason = reason.chars().take(MAX_REASON).collect::<String>() + "…";
    }
    let code = code.map_or("a signal".to_string(), |c| format!("exit {c}"));
    Check::Rejected(if reason.is_empty() { format!("rejected ({code})") } else { format!("{reason} ({code})") })
}

/// The longest reason a rejection quotes, in characters (it goes into a `runs.csv` note).
const MAX_REASON: usize = 300;

/// The exit code of a Rust program that panicked.
const PANIC_EXIT: i32 = 101;

/// `Ok` when `path` is a regular file itself (not through a symbolic link); else why not.
pub fn regular_file(path: &Path) -> Result<(), String> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_file() => Ok(()),
        Ok(m) => {
            use std::os::unix::fs::FileTypeExt;
            let t = m.file_type();
            let kind = if t.is_symlink() {
                "a symbolic link"
            } else if t.is_fifo() {
                "a named pipe"
            } else if t.is_dir() {
                "a folder"
            } else if t.is_socket() {
                "a socket"
            } else {
                "a device"
            };
            Err(format!("is {kind}, not a regular file"))
        }
        Err(e) => Err(format!("cannot be read: {e}")),
    }
}

/// Makes the child receive SIGKILL when the thread that started it dies, so no checker outlives us.
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: prctl is async-signal-safe and touches only the child's own state.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str, box_rows: usize, box_cols: usize) -> Grid {
        let shape = Shape::new(box_rows, box_cols).unwrap();
        let cells = text.chars().map(|c| c.to_digit(10).map_or(0, |d| d as u8)).collect();
        Grid::from_cells(shape, cells).unwrap()
    }

    /// Brute force over all assignments of a tiny CNF: is it satisfiable?
    fn satisfiable(cnf: &Cnf) -> bool {
        (0u64..1 << cnf.variables).any(|bits| {
            let value = |lit: i32| ((bits >> (lit.unsigned_abs() - 1)) & 1 == 1) == (lit > 0);
            cnf.clauses().all(|c| c.iter().any(|&l| value(l)))
        })
    }

    #[test]
    fn the_formula_has_the_direct_encodings_clause_counts() {
        for (r, c) in [(1, 2), (2, 2), (2, 3), (3, 3)] {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.n();
            let cnf = reference_cnf(&Grid::empty(shape), &Statement::NoSolution);
            let pairs = n * (n - 1) / 2;
            assert_eq!(cnf.variables, n * n * n);
            // Per cell, and per house and digit: one at-least-one clause and its pairs.
            assert_eq!(cnf.len(), n * n * (1 + pairs) + 3 * n * n * (1 + pairs), "{shape}");
            assert_eq!(cnf.clauses().count(), cnf.len());
        }
    }

    #[test]
    fn models_are_exactly_the_solutions_on_a_2x1_latin_square() {
        // Order 2: 8 variables, brute-forced. Two solutions, 12/21 and 21/12.
        let empty = grid("....", 1, 2);
        assert!(satisfiable(&reference_cnf(&empty, &Statement::NoSolution)));
        let clash = grid("11..", 1, 2);
        assert!(!satisfiable(&reference_cnf(&clash, &Statement::NoSolution)));
        let given = grid("1...", 1, 2);
        let solution = grid("1221", 1, 2);
        assert!(!satisfiable(&reference_cnf(&given, &Statement::unique(&given, &solution))), "one solution only");
        assert!(satisfiable(&reference_cnf(&empty, &Statement::unique(&empty, &solution))), "21/12 differs");
        let fixed = Statement::Fixed(vec![(3, 1)]);
        assert!(!satisfiable(&reference_cnf(&given, &fixed)), "r2c2 is 1 in every solution");
        assert!(satisfiable(&reference_cnf(&empty, &fixed)));
    }

    #[test]
    fn the_houses_at_least_once_clauses_change_no_model() {
        // Every grid of one digit a cell (the cell clauses allow no other model) of a Latin
        // square of order 3 and of a 2×2-box 4×4 with half its cells given: a model of the formula
        // exactly when the oracle calls it a solution, and the same without the houses'
        // at-least-once clauses.
        let cases = [(grid(".........", 1, 3), 9), (grid("1.3.3.1.2.4.4.2.", 2, 2), 8)];
        for (puzzle, free) in cases {
            let shape = puzzle.shape();
            let n = shape.n();
            let cnf = reference_cnf(&puzzle, &Statement::NoSolution);
            let house_alo = |c: &[i32]| {
                c.len() == n && c.iter().all(|&l| l > 0) && {
                    let cells: Vec<usize> = c.iter().map(|&l| (l as usize - 1) / n).collect();
                    cells.windows(2).any(|w| w[0] != w[1]) // not a cell's own clause
                }
            };
            let without: Vec<&[i32]> = cnf.clauses().filter(|c| !house_alo(c)).collect();
            assert_eq!(cnf.len() - without.len(), 3 * n * n);
            let empty: Vec<usize> = (0..shape.cells()).filter(|&c| puzzle.get(c) == 0).collect();
            assert_eq!(empty.len(), free);
            let mut solutions = 0;
            for code in 0..n.pow(free as u32) {
                let mut g = puzzle.clone();
                let mut k = code;
                for &c in &empty {
                    g.set(c, (k % n + 1) as u8);
                    k /= n;
                }
                let value = |l: i32| {
                    let (cell, digit) = ((l.unsigned_abs() as usize - 1) / n, (l.unsigned_abs() as usize - 1) % n + 1);
                    (usize::from(g.get(cell)) == digit) == (l > 0)
                };
                let holds = |c: &[i32]| c.iter().any(|&l| value(l));
                let with = cnf.clauses().all(holds);
                assert_eq!(with, without.iter().all(|c| holds(c)), "{shape}");
                assert_eq!(with, crate::verify::is_solution_of(&puzzle, &g));
                solutions += usize::from(with);
            }
            assert!(solutions > 0, "{shape}: some solution was enumerated");
        }
    }

    #[test]
    fn a_model_decodes_to_its_grid_and_a_non_model_to_nothing() {
        let shape = Shape::new(1, 2).unwrap();
        let solution = grid("1221", 1, 2);
        let vars: Vec<i32> = (0..4).map(|c| variable(shape, c, solution.get(c))).collect();
        assert_eq!(grid_of_model(shape, &vars), Some(solution));
        assert_eq!(grid_of_model(shape, &vars[..3]), None, "a cell without a digit");
        assert_eq!(grid_of_model(shape, &[vars.clone(), vec![variable(shape, 0, 2)]].concat()), None);
    }

    #[test]
    fn dimacs_has_a_header_and_zero_terminated_clauses() {
        let mut cnf = Cnf::new(2);
        cnf.add([1, -2]);
        cnf.add([2]);
        let mut out = Vec::new();
        cnf.write_dimacs(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "p cnf 2 2\n1 -2 0\n2 0\n");
    }

    #[test]
    fn only_an_exit_0_with_s_verified_is_accepted() {
        assert_eq!(verdict(Some(0), "c x\ns VERIFIED\n", ""), Check::Accepted);
        assert!(matches!(verdict(Some(1), "c p.drat:2 conflict claimed but not detected\ns NOT VERIFIED", ""),
            Check::Rejected(r) if r.contains("conflict claimed") && r.contains("exit 1")));
        assert!(matches!(verdict(Some(0), "s NOT VERIFIED", ""), Check::Rejected(_)));
        assert!(matches!(verdict(Some(2), "", "failed to parse proof"), Check::Rejected(r) if r.contains("parse")));
        assert!(matches!(verdict(None, "s NOT VERIFIED", ""), Check::Rejected(_)), "a rejection, then a signal");
    }

    #[test]
    fn a_checker_that_crashes_judged_nothing() {
        let panic = "thread 'main' panicked at src/rate.rs:1470:5";
        assert!(
            matches!(verdict(Some(101), "", panic), Check::Unfinished(r) if r.contains("panic") && r.contains("1470"))
        );
        assert!(matches!(verdict(None, "s VERIFIED", ""), Check::Unfinished(r) if r.contains("signal")));
    }

    #[test]
    fn only_regular_files_are_handed_to_the_checker() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f.cnf");
        std::fs::write(&file, "p cnf 1 2\n1 0\n-1 0\n").unwrap();
        assert_eq!(regular_file(&file), Ok(()));
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert_eq!(regular_file(&link), Err("is a symbolic link, not a regular file".into()));
        let fifo = dir.path().join("fifo");
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert_eq!(regular_file(&fifo), Err("is a named pipe, not a regular file".into()));
        assert!(regular_file(&dir.path().join("missing")).unwrap_err().starts_with("cannot be read"));
        // A checker never sees the pipe: the check ends at once, long before its limit.
        let checker = Checker { name: "rate".into(), program: "/nonexistent/rate".into(), version: "none".into() };
        assert!(
            matches!(checker.check(&file, &fifo, Duration::from_secs(3600)), Check::Rejected(r) if r.contains("named pipe"))
        );
        assert!(matches!(checker.check(&file, &file, Duration::from_secs(1)), Check::Unavailable(_)));
    }
}
