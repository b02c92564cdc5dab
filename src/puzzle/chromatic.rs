//! Proved answers to colouring problems: each graph solver's report judged, its bounds counted
//! only with their evidence.
//!
//! The upper bound is the colouring a solver returned (verified by the oracle in
//! [`crate::solve::colour`] before it got here). The lower bound is the largest of: the solver's
//! clique (verified as a clique), and a lower bound L it claims beyond the clique, once certified
//! — a DRAT proof that L − 1 colours fail, made by CaDiCaL on the reference CNF of
//! [`crate::certificates::colouring`] (the clique fixed to colours) and accepted by the proof
//! checker, through [`Certifier::prove`] as a puzzle's "no solution" is. "χ proved" is derived
//! (the evidenced bounds meet), never a solver's word. A claim that some verified colouring —
//! any solver's, or the model of the reference CNF — contradicts is [`Verdict::Wrong`], as a wrong
//! Sudoku answer is. Each claimed bound is certified once per problem, whichever solvers claim it.

use std::collections::HashMap;
use std::time::Instant;

use crate::certificates::colouring::{colouring_of_model, reference_cnf};
use crate::graph::{Goal, Problem};
use crate::puzzle::certify::{Certifier, CertifyError, Proved};
use crate::solve::colour::{colours, ColourReport};
use crate::verify::colouring::is_colouring;

/// What a judged report establishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Minimum: the evidenced bounds meet; χ is proved.
    Proved,
    /// Minimum: bounds [lower, upper] only (upper unknown without a colouring).
    Bounds,
    /// k colours: a verified k-colouring.
    Colourable,
    /// k colours: a certified lower bound above k.
    Uncolourable,
    /// k colours: neither.
    Unknown,
    /// A claim a verified colouring contradicts, or a proof the checker rejected.
    Wrong,
}

impl Verdict {
    /// Its word in the command's output.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Bounds => "bounds",
            Verdict::Colourable => "colourable",
            Verdict::Uncolourable => "uncolourable",
            Verdict::Unknown => "unknown",
            Verdict::Wrong => "wrong",
        }
    }
}

/// What backs a lower bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LowerEvidence {
    /// A verified clique of that size.
    Clique,
    /// A checked DRAT proof that one colour fewer fails.
    Proof,
}

/// One solver's report, judged.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The report.
    pub report: ColourReport,
    /// The lower bound with evidence.
    pub lower: usize,
    /// What backs it.
    pub evidence: LowerEvidence,
    /// The upper bound: the verified colouring's colours.
    pub upper: Option<usize>,
    /// The verdict.
    pub verdict: Verdict,
    /// Seconds spent certifying (proving and checking) for this report; 0 when its claim was
    /// certified already, or needed no proof.
    pub certify_seconds: f64,
    /// Why, in words: an unproven or wrong claim.
    pub note: Option<String>,
}

/// How a claimed lower bound fared (cached per bound).
#[derive(Debug, Clone)]
enum Fate {
    Checked,
    Refuted,
    Failed(String),
    Unproven(String),
}

/// Judges the `reports` of solvers on `problem`; with `certifier`, claimed lower bounds beyond a
/// clique are certified, without one they do not count. Errors only when certification itself
/// cannot run (CaDiCaL, the scratch folder, the checker missing) or is interrupted.
pub fn judge(
    problem: &Problem,
    reports: Vec<ColourReport>,
    certifier: Option<&Certifier>,
) -> Result<Vec<Judged>, CertifyError> {
    let best_upper = reports.iter().filter_map(ColourReport::upper).min();
    let mut fates: HashMap<usize, (Fate, f64)> = HashMap::new();
    let mut out = Vec::with_capacity(reports.len());
    for report in reports {
        let upper = report.upper();
        let (mut lower, mut evidence, mut note, mut wrong, mut seconds) =
            (report.clique.len(), LowerEvidence::Clique, None, false, 0.0);
        if best_upper.is_some_and(|u| report.lower > u) {
            wrong = true;
            note =
                Some(format!("claims χ ≥ {} but a verified colouring has {}", report.lower, best_upper.unwrap_or(0)));
        } else if report.lower > lower {
            let claimed = report.lower;
            let fate = match (fates.get(&claimed), certifier) {
                (Some((fate, _)), _) => fate.clone(),
                (None, None) => Fate::Unproven("certification off".into()),
                (None, Some(certifier)) => {
                    let start = Instant::now();
                    let cnf = reference_cnf(problem, claimed - 1, &report.clique);
                    let (proved, prove, check) = certifier.prove(&cnf, start)?;
                    let fate = match proved {
                        Proved::Checked => Fate::Checked,
                        Proved::Satisfied(model) => {
                            let limit = claimed - 1;
                            match colouring_of_model(problem.vertices(), limit, &model) {
                                Some(c) if is_colouring(problem, &c, limit) => Fate::Refuted,
                                _ => Fate::Failed(
                                    "the reference CNF's model is no colouring (a certificates bug)".into(),
                                ),
                            }
                        }
                        Proved::Failed(why) => Fate::Failed(why),
                        Proved::Unproven(why) => Fate::Unproven(why),
                    };
                    seconds = prove + check;
                    fates.insert(claimed, (fate.clone(), seconds));
                    fate
                }
            };
            match fate {
                Fate::Checked => (lower, evidence) = (claimed, LowerEvidence::Proof),
                Fate::Refuted => {
                    wrong = true;
                    note = Some(format!("claims χ ≥ {claimed} but the reference CNF has a {}-colouring", claimed - 1));
                }
                Fate::Failed(why) => {
                    wrong = true;
                    note = Some(format!("the proof that {} colours fail was rejected: {why}", claimed - 1));
                }
                Fate::Unproven(why) => note = Some(format!("claimed χ ≥ {claimed} unproven: {why}")),
            }
        }
        let verdict = match (wrong, problem.goal()) {
            (true, _) => Verdict::Wrong,
            (false, Goal::Minimum) if upper == Some(lower) => Verdict::Proved,
            (false, Goal::Minimum) => Verdict::Bounds,
            (false, Goal::Colours(k)) if upper.is_some_and(|u| u <= k) => Verdict::Colourable,
            (false, Goal::Colours(k)) if lower > k => Verdict::Uncolourable,
            (false, Goal::Colours(_)) => Verdict::Unknown,
        };
        let upper = report.colouring.as_deref().map(colours);
        out.push(Judged { report, lower, evidence, upper, verdict, certify_seconds: seconds, note });
    }
    Ok(out)
}
