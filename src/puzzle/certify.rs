//! Certifying a statement about a puzzle: the reference CNF ([`crate::certificates`]), a
//! proof-producing CaDiCaL run on it ([`crate::solve::sat::proof`]), and the independent checker's
//! verdict on that proof.
//!
//! Used wherever a verdict without a solution is given: `run` and `solve` (every "infeasible"),
//! `analyze` ("unique", the determined cells) and, when asked, the puzzle generator ("unique").
//! The formula and the proof live in a temporary folder removed when the call returns (or, after
//! a kill, by the next start's sweep of folders whose owner is gone).

use std::time::{Duration, Instant};

use crate::certificates::{grid_of_model, reference_cnf, Check, Checker, Statement};
use crate::grid::Grid;
use crate::solve::sat::proof::{refute, Refutation};
use crate::solve::SolveError;
use crate::verify;

/// The `certificate` column's word for a checked proof.
pub const CHECKED: &str = "checked";
/// ... for a rejected proof, or a statement shown false (a solution where none was claimed).
pub const FAILED: &str = "failed";
/// ... for a statement certification could not settle within its limits.
pub const UNPROVEN: &str = "unproven";
/// ... for a verdict made with certification turned off (unchecked).
pub const OFF: &str = "off";

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
    /// The `certificate` column's word: `checked`, `failed` (a rejected proof, or a statement
    /// shown false) or `unproven`.
    pub fn word(&self) -> &'static str {
        match self {
            Certificate::Checked => CHECKED,
            Certificate::Refuted(_) | Certificate::Failed(_) => FAILED,
            Certificate::Unproven(_) => UNPROVEN,
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
}

impl Certifier {
    /// A certifier with `checker` for verdicts reached within a solver's `time_limit`: proving
    /// within [`PROVE_FACTOR`] × `time_limit` (at least [`MIN_PROVE`]), checking within
    /// [`CHECK_FACTOR`] × that. Certification is harness work outside the solver's limit, and the
    /// plain reference CNF has none of a solver's front end: a 36×36 random fill that `sat`
    /// refutes in 2.4 ms takes CaDiCaL 0.8 s on it and `rate` 1.5 s (`scripts/bench-certify.sh`),
    /// so its limits are wider than the solver's, never narrower.
    pub fn new(checker: Checker, time_limit: Duration) -> Certifier {
        let prove_limit = (time_limit * PROVE_FACTOR).max(MIN_PROVE);
        Certifier { checker, prove_limit, check_limit: prove_limit * CHECK_FACTOR }
    }

    /// The checker's limit on a solver's own proof, for a solver's `time_limit`.
    pub fn check_limit_for(time_limit: Duration) -> Duration {
        (time_limit * PROVE_FACTOR).max(MIN_PROVE) * CHECK_FACTOR
    }

    /// Certifies `statement` about `puzzle`. Errors only when CaDiCaL or the scratch folder fails.
    pub fn certify(&self, puzzle: &Grid, statement: &Statement) -> Result<Certified, SolveError> {
        let io = |e: std::io::Error| SolveError::Backend { solver: "certify", message: format!("scratch folder: {e}") };
        // Owned by this process like the external solvers' work folders: a run killed mid-proof
        // leaves it only until the next start's sweep.
        let scratch = crate::solve::process::contain::temp_dir("proof").map_err(io)?;
        let (cnf_path, proof_path) = (scratch.path().join("reference.cnf"), scratch.path().join("proof.drat"));
        let start = Instant::now();
        let cnf = reference_cnf(puzzle, statement);
        cnf.save(&cnf_path).map_err(io)?;
        let refutation = refute(&cnf, Some(&proof_path), start + self.prove_limit)?;
        let prove_seconds = start.elapsed().as_secs_f64();
        let done = |certificate, check_seconds| Ok(Certified { certificate, prove_seconds, check_seconds });
        match refutation {
            Refutation::Refuted => {}
            Refutation::Satisfied(model) => {
                // A model is a solution that keeps every given; the oracle has the last word.
                let certificate = match grid_of_model(puzzle.shape(), &model) {
                    Some(grid) if verify::is_solution_of(puzzle, &grid) => Certificate::Refuted(grid),
                    _ => Certificate::Failed("the reference CNF's model is no solution (a certificates bug)".into()),
                };
                return done(certificate, 0.0);
            }
            Refutation::Unfinished => {
                let why = format!("no proof within {:.1} s", self.prove_limit.as_secs_f64());
                return done(Certificate::Unproven(why), 0.0);
            }
        }
        let start = Instant::now();
        let check = self.checker.check(&cnf_path, &proof_path, self.check_limit);
        let check_seconds = start.elapsed().as_secs_f64();
        let certificate = match check {
            Check::Accepted => Certificate::Checked,
            Check::Rejected(why) => Certificate::Failed(format!("{} rejected the proof: {why}", self.checker.name)),
            Check::Unfinished(why) => Certificate::Unproven(why),
        };
        done(certificate, check_seconds)
    }
}

/// Seconds of the same CaDiCaL run on the reference CNF of `statement` without proof logging, or
/// `None` when it does not refute it by `limit`: the base the logging's cost is measured against.
pub fn prove_without_proof(puzzle: &Grid, statement: &Statement, limit: Duration) -> Result<Option<f64>, SolveError> {
    let start = Instant::now();
    let cnf = reference_cnf(puzzle, statement);
    let refuted = refute(&cnf, None, start + limit)? == Refutation::Refuted;
    Ok(refuted.then(|| start.elapsed().as_secs_f64()))
}

/// The proving limit as a multiple of the solver's time limit.
pub const PROVE_FACTOR: u32 = 4;
/// The shortest proving limit.
pub const MIN_PROVE: Duration = Duration::from_secs(60);
/// The checker's limit as a multiple of the proving limit (checking took about twice the proving
/// in `scripts/bench-certify.sh`).
pub const CHECK_FACTOR: u32 = 4;

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
