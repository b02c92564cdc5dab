//! Certifying a statement about a puzzle: the reference CNF ([`crate::certificates`]), a
//! proof-producing CaDiCaL run on it ([`crate::solve::sat::proof`]), and the independent checker's
//! verdict on that proof.
//!
//! Used wherever a verdict without a solution is given: `run` and `solve` (every "infeasible"),
//! `analyze` ("unique", the determined cells) and, when asked, the puzzle generator ("unique").
//! The formula and the proof live in a temporary folder removed when the call returns (or, after
//! a kill, by the next start's sweep of folders whose owner is gone).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::certificates::{grid_of_model, reference_cnf, Check, Checker, Cnf, Statement};
use crate::grid::Grid;
use crate::solve::sat::proof::{refute, Refutation};
use crate::solve::SolveError;
use crate::verify;

/// What backs a run's verdict without a solution: `runs.csv`'s `certificate` column, written as
/// its word (`checked`, `failed`, `unproven`, `off`; an empty field when no proof applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RunCertificate {
    /// The checker accepted a proof of the verdict, the run's own or its puzzle's.
    Checked,
    /// A proof was rejected, or the verdict was shown false (the puzzle has a solution).
    Failed,
    /// Certification was on but settled nothing within its limits: the run is not finished.
    Unproven,
    /// Certification was turned off: the verdict is unchecked.
    Off,
}

impl RunCertificate {
    /// Every certificate, in the column's documented order.
    pub const ALL: [RunCertificate; 4] =
        [RunCertificate::Checked, RunCertificate::Failed, RunCertificate::Unproven, RunCertificate::Off];

    /// Its word in `runs.csv`.
    pub const fn word(self) -> &'static str {
        match self {
            RunCertificate::Checked => "checked",
            RunCertificate::Failed => "failed",
            RunCertificate::Unproven => "unproven",
            RunCertificate::Off => "off",
        }
    }

    /// The certificate written as `word`, if any.
    pub fn parse(word: &str) -> Option<RunCertificate> {
        RunCertificate::ALL.into_iter().find(|c| c.word() == word)
    }
}

impl std::fmt::Display for RunCertificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl<'de> serde::Deserialize<'de> for RunCertificate {
    /// Reads its word; any other is refused naming the words it may be.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RunCertificate, D::Error> {
        let word = String::deserialize(deserializer)?;
        RunCertificate::parse(word.trim()).ok_or_else(|| {
            let words: Vec<&str> = RunCertificate::ALL.iter().map(|c| c.word()).collect();
            serde::de::Error::custom(format!("expected one of {}", words.join(", ")))
        })
    }
}

/// How a statement fared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Certificate {
    /// The checker accepted a proof of the statement.
    Checked,
    /// The statement is false: a solution (verified by the oracle) contradicts it.
    Refuted(Grid),
    /// The checker rejected the proof: why.
    Failed(String),
    /// No proof within the limits (or no checker could be run): why.
    Unproven(String),
}

impl Certificate {
    /// Its kind in the `certificate` column: `checked`, `failed` (a rejected proof, or a statement
    /// shown false) or `unproven`.
    pub fn kind(&self) -> RunCertificate {
        match self {
            Certificate::Checked => RunCertificate::Checked,
            Certificate::Refuted(_) | Certificate::Failed(_) => RunCertificate::Failed,
            Certificate::Unproven(_) => RunCertificate::Unproven,
        }
    }
}

impl std::fmt::Display for Certificate {
    /// The word and, but for `checked`, why: `failed: rate rejected the proof: …`, `refuted: a
    /// solution contradicts it`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Certificate::Checked => f.write_str(RunCertificate::Checked.word()),
            Certificate::Refuted(_) => f.write_str("refuted: a solution the verifier accepts contradicts it"),
            Certificate::Failed(why) => write!(f, "{}: {why}", RunCertificate::Failed),
            Certificate::Unproven(why) => write!(f, "{}: {why}", RunCertificate::Unproven),
        }
    }
}

/// Why a certification gave no certificate at all.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// CaDiCaL or the scratch folder failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The proof checker could not be started (removed or broken since it was found): nothing
    /// can be certified until it is back.
    #[error("the proof checker {0}")]
    CheckerUnavailable(String),
    /// The certifier's stop request arrived (a run's SIGINT or SIGTERM).
    #[error("certification was interrupted")]
    Interrupted,
}

impl From<CertifyError> for SolveError {
    fn from(e: CertifyError) -> SolveError {
        match e {
            CertifyError::Solve(e) => e,
            other => SolveError::Backend { solver: "certify", message: other.to_string() },
        }
    }
}

/// A certification's result and its cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Certified {
    /// What came of it.
    pub certificate: Certificate,
    /// Wall seconds of the proof-producing run.
    pub prove_seconds: f64,
    /// Wall seconds of the checker.
    pub check_seconds: f64,
}

impl Certified {
    /// Seconds in all (proving and checking).
    pub fn seconds(&self) -> f64 {
        self.prove_seconds + self.check_seconds
    }
}

/// How to certify: the checker and the limits of the two steps.
#[derive(Debug, Clone)]
pub struct Certifier {
    /// The proof checker.
    pub checker: Checker,
    /// Limit of the proof-producing run.
    pub prove_limit: Duration,
    /// Limit of the checker (checking a DRAT proof can take several times the solving).
    pub check_limit: Duration,
    /// A stop request: non-zero ends the proving and the checking at once (a run's signal flag).
    pub stop: Option<Arc<AtomicUsize>>,
}

impl Certifier {
    /// A certifier with `checker` for verdicts reached within a solver's `time_limit`: proving
    /// within [`PROVE_FACTOR`] × `time_limit` (at least [`MIN_PROVE`]), checking within
    /// [`CHECK_FACTOR`] × that. Certification is harness work outside the solver's limit, and the
    /// plain reference CNF has none of a solver's front end, so proving and checking on it can take
    /// far longer than the solve (docs/benchmarks.md, "Certification's limits"): its limits are
    /// wider than the solver's, never narrower.
    pub fn new(checker: Checker, time_limit: Duration) -> Certifier {
        let prove_limit = (time_limit * PROVE_FACTOR).max(MIN_PROVE);
        Certifier { checker, prove_limit, check_limit: prove_limit * CHECK_FACTOR, stop: None }
    }

    /// This certifier, stopped (an error [`CertifyError::Interrupted`]) as soon as `stop` is
    /// non-zero.
    pub fn stop_on(mut self, stop: Arc<AtomicUsize>) -> Certifier {
        self.stop = Some(stop);
        self
    }

    /// The checker's limit on a solver's own proof, for a solver's `time_limit`: the proof came
    /// from a run within `time_limit`, and checking takes longer than the proving (see
    /// [`CHECK_FACTOR`]), so [`PROVE_FACTOR`] × [`CHECK_FACTOR`] × `time_limit`, at
    /// least [`MIN_OWN_CHECK`]. It scales with the time limit: a run of 1 s solves gives each
    /// proof 16 s, not the minutes the harness's own proving may need on the reference CNF.
    pub fn check_limit_for(time_limit: Duration) -> Duration {
        (time_limit * PROVE_FACTOR * CHECK_FACTOR).max(MIN_OWN_CHECK)
    }

    /// `true` once the stop request arrived.
    pub fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed) != 0)
    }

    /// Certifies `statement` about `puzzle`. A statement about no cells ("every solution has
    /// these digits in none of its cells", the uniqueness of a grid without an empty cell) is true
    /// of every grid and is [`Certificate::Checked`] without a proof. Errors when CaDiCaL or the
    /// scratch folder fails, when the checker cannot be started, or on the stop request.
    pub fn certify(&self, puzzle: &Grid, statement: &Statement) -> Result<Certified, CertifyError> {
        if matches!(statement, Statement::Fixed(cells) if cells.is_empty()) {
            return Ok(Certified { certificate: Certificate::Checked, prove_seconds: 0.0, check_seconds: 0.0 });
        }
        let start = Instant::now();
        let cnf = reference_cnf(puzzle, statement);
        let (proved, prove_seconds, check_seconds) = self.prove(&cnf, start)?;
        let certificate = match proved {
            Proved::Checked => Certificate::Checked,
            Proved::Satisfied(model) => match grid_of_model(puzzle.shape(), &model) {
                // A model is a solution that keeps every given; the oracle has the last word.
                Some(grid) if verify::is_solution_of(puzzle, &grid) => Certificate::Refuted(grid),
                _ => Certificate::Failed("the reference CNF's model is no solution (a certificates bug)".into()),
            },
            Proved::Failed(why) => Certificate::Failed(why),
            Proved::Unproven(why) => Certificate::Unproven(why),
        };
        Ok(Certified { certificate, prove_seconds, check_seconds })
    }

    /// Refutes the reference CNF `cnf` (built from `start` on) with a proof-producing CaDiCaL run
    /// and has the checker judge the proof, in a scratch folder of its own: what came of it, the
    /// proving seconds (from `start`) and the checking seconds. Any reference CNF, a puzzle's or a
    /// graph's ([`crate::certificates::colouring`]), is certified through here.
    pub fn prove(&self, cnf: &Cnf, start: Instant) -> Result<(Proved, f64, f64), CertifyError> {
        let io = |e: std::io::Error| SolveError::Backend { solver: "certify", message: format!("scratch folder: {e}") };
        // Owned by this process like the external solvers' work folders: a run killed mid-proof
        // leaves it only until the next start's sweep.
        let scratch = crate::solve::process::contain::temp_dir("proof").map_err(io)?;
        let (cnf_path, proof_path) = (scratch.path().join("reference.cnf"), scratch.path().join("proof.drat"));
        cnf.save(&cnf_path).map_err(io)?;
        let stop = self.stop.clone();
        let stopped = move || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed) != 0);
        let refutation = refute(cnf, Some(&proof_path), start + self.prove_limit, stopped.clone())?;
        let prove_seconds = start.elapsed().as_secs_f64();
        match refutation {
            Refutation::Refuted => {}
            Refutation::Satisfied(model) => return Ok((Proved::Satisfied(model), prove_seconds, 0.0)),
            Refutation::Unfinished if stopped() => return Err(CertifyError::Interrupted),
            Refutation::Unfinished => {
                let why = format!("no proof within {:.1} s", self.prove_limit.as_secs_f64());
                return Ok((Proved::Unproven(why), prove_seconds, 0.0));
            }
        }
        let start = Instant::now();
        let check = self.checker.check_until(&cnf_path, &proof_path, self.check_limit, &stopped);
        let check_seconds = start.elapsed().as_secs_f64();
        let proved = match check {
            Check::Accepted => Proved::Checked,
            Check::Rejected(why) => Proved::Failed(format!("{} rejected the proof: {why}", self.checker.name)),
            Check::Unfinished(why) => Proved::Unproven(why),
            Check::Unavailable(why) => return Err(CertifyError::CheckerUnavailable(why)),
            Check::Interrupted => return Err(CertifyError::Interrupted),
        };
        Ok((proved, prove_seconds, check_seconds))
    }
}

/// What came of refuting a reference CNF ([`Certifier::prove`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proved {
    /// The checker accepted the proof of unsatisfiability.
    Checked,
    /// The formula is satisfiable: the variables true in the model found (for the caller to
    /// decode and put to its oracle).
    Satisfied(Vec<i32>),
    /// The checker rejected the proof: why.
    Failed(String),
    /// No proof within the limits: why.
    Unproven(String),
}

/// Seconds of the same CaDiCaL run on the reference CNF of `statement` without proof logging, or
/// `None` when it does not refute it by `limit`: the base the logging's cost is measured against.
pub fn prove_without_proof(puzzle: &Grid, statement: &Statement, limit: Duration) -> Result<Option<f64>, SolveError> {
    let start = Instant::now();
    let cnf = reference_cnf(puzzle, statement);
    let refuted = refute(&cnf, None, start + limit, || false)? == Refutation::Refuted;
    Ok(refuted.then(|| start.elapsed().as_secs_f64()))
}

/// The proving limit as a multiple of the solver's time limit.
pub const PROVE_FACTOR: u32 = 4;
/// The shortest proving limit.
pub const MIN_PROVE: Duration = Duration::from_secs(60);
/// The checker's limit as a multiple of the proving limit, with room to spare over the ratio
/// `scripts/bench-certify.sh` measured (docs/benchmarks.md, "Certification's limits").
pub const CHECK_FACTOR: u32 = 4;
/// The shortest limit of the checker on a solver's own proof.
pub const MIN_OWN_CHECK: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    fn certifier() -> Certifier {
        let checker = Checker::find().expect("the proof checker is installed by scripts/setup.sh");
        Certifier::new(checker, Duration::from_secs(30))
    }

    fn parse(text: &str) -> Grid {
        crate::format::parse(text, "test", None, None).unwrap().remove(0).puzzle
    }

    const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn an_unsolvable_puzzle_is_certified_and_a_solvable_one_refuted() {
        // EASY's one solution has 4 in r1c3: a given 1 there clashes with no given, yet leaves none.
        let mut unsolvable = parse(EASY);
        unsolvable.set(2, 1); // 1 in r1c3: no conflict among the givens, yet no solution
        let c = certifier();
        let got = c.certify(&unsolvable, &Statement::NoSolution).unwrap();
        assert_eq!(got.certificate, Certificate::Checked, "{got:?}");
        let got = c.certify(&parse(EASY), &Statement::NoSolution).unwrap();
        assert!(matches!(&got.certificate, Certificate::Refuted(g) if verify::is_solution_of(&parse(EASY), g)));
    }

    #[test]
    fn a_statement_about_no_cells_is_checked_without_a_proof() {
        // A grid without an empty cell: "unique" says nothing about any cell, and is true.
        let c = Certifier {
            checker: Checker { name: "rate".into(), program: "/nonexistent".into(), version: "-".into() },
            ..certifier()
        };
        let full = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
        let got = c.certify(&full, &Statement::unique(&full, &full)).unwrap();
        assert_eq!((got.seconds(), got.certificate), (0.0, Certificate::Checked));
        // Any other statement needs the checker, and a checker that cannot start is an error.
        let err = c.certify(&parse(EASY), &Statement::Fixed(vec![(2, 4)])).unwrap_err();
        assert!(matches!(err, CertifyError::CheckerUnavailable(ref why) if why.contains("/nonexistent")), "{err}");
    }

    #[test]
    fn a_stop_request_ends_a_certification() {
        let stop = Arc::new(AtomicUsize::new(15));
        let c = certifier().stop_on(Arc::clone(&stop));
        let mut unsolvable = parse(EASY);
        unsolvable.set(2, 1);
        assert!(matches!(c.certify(&unsolvable, &Statement::NoSolution), Err(CertifyError::Interrupted)));
        stop.store(0, Ordering::Relaxed);
        assert_eq!(c.certify(&unsolvable, &Statement::NoSolution).unwrap().certificate, Certificate::Checked);
    }

    #[test]
    fn a_solvers_own_proof_is_checked_within_a_limit_that_scales_with_its_time_limit() {
        assert_eq!(Certifier::check_limit_for(Duration::from_secs(1)), Duration::from_secs(16));
        assert_eq!(Certifier::check_limit_for(Duration::from_millis(100)), MIN_OWN_CHECK);
        assert_eq!(Certifier::check_limit_for(Duration::from_secs(60)), Duration::from_secs(960));
    }

    #[test]
    fn uniqueness_is_certified_for_a_unique_puzzle_and_refuted_for_a_wrong_solution() {
        let c = certifier();
        let puzzle = parse(EASY);
        let Certificate::Refuted(solution) = c.certify(&puzzle, &Statement::NoSolution).unwrap().certificate else {
            panic!("solvable");
        };
        let unique = c.certify(&puzzle, &Statement::unique(&puzzle, &solution)).unwrap();
        assert_eq!(unique.certificate, Certificate::Checked);
        // An empty 4x4 grid has 288 solutions: "only this one" is refuted by another one.
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let first = match c.certify(&empty, &Statement::NoSolution).unwrap().certificate {
            Certificate::Refuted(g) => g,
            other => panic!("{other:?}"),
        };
        match c.certify(&empty, &Statement::unique(&empty, &first)).unwrap().certificate {
            Certificate::Refuted(other) => assert_ne!(other, first),
            other => panic!("{other:?}"),
        }
    }
}
