//! A finding as a value: the question it answers ([`Kind`]), the numbers it states ([`Stated`])
//! and its sentence. A finding's function records each number as it writes it
//! ([`Finding::state`]), so the sentence and the numbers cannot disagree, and tests assert on the
//! numbers rather than on the prose.

use crate::results::stats::{Estimate, Sig, DIGITS, INTERVAL_DIGITS, LEVEL};
use crate::results::{fmt_num, fmt_seconds, fmt_seconds_range, Speed};

/// The question a finding answers, in the order the report asks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// Wrong answers and wrong expected verdicts: whether the numbers can be trusted.
    Integrity,
    /// How the "infeasible" answers are backed.
    Certification,
    /// Which paradigm is fastest at each size, and by how much.
    Fastest,
    /// Ours against the external solvers.
    Peers,
    /// The PAR-2 ranking over all runs.
    Par2,
    /// How cost grows with N.
    Growth,
    /// Where the hardness peak lies.
    Peak,
    /// How much of a solver's time is seed luck (runs with several solver seeds).
    Seeds,
    /// How much the model or encoding matters.
    Model,
    /// What each formulation's root LP decides on its own.
    RootLp,
    /// Configuration variants against their default.
    Variants,
    /// ILP against backtracking, the origin study's comparison.
    Origin,
    /// What stays unresolved.
    Unresolved,
}

/// What a stated number measures; it decides how the number is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum What {
    /// Runs gave a wrong answer.
    WrongRuns,
    /// Puzzles whose expected verdict the evidence contradicts.
    WrongExpectations,
    /// "Infeasible" answers.
    Claims,
    /// "Infeasible" answers backed by a checked proof.
    Checked,
    /// Runs or instances a solver finished.
    Finished,
    /// Instances no solver finished.
    Unresolved,
    /// A speed ratio, t(slower) / t(faster) or t(a) / t(b) as the sentence says.
    Ratio,
    /// A PAR-2 score in seconds.
    Par2,
    /// The exponent k of a polynomial law N^k.
    Exponent,
    /// The base b of an exponential law b^N.
    Base,
    /// The α of a hardness peak.
    PeakAlpha,
    /// The exponent of the peak-holes law.
    HolesExponent,
    /// The share of instances a solver solved (0–1).
    SolvedShare,
    /// The share of the variance of the log time between solver seeds.
    SeedShare,
    /// An instance's slowest seed's time over its fastest's (the median over instances).
    SeedSpread,
    /// The share of runs a root LP decided (integral point or infeasible LP, 0–1).
    DecidedShare,
    /// Seconds of a root LP (the median).
    LpSeconds,
}

/// One number a finding states: what it measures, of which solvers, at which N, and its value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Stated {
    /// What the number measures.
    pub what: What,
    /// The solvers it is about (none for counts over all runs; two for a ratio, in its order).
    pub solvers: Vec<String>,
    /// The N it is stated at, when one.
    pub n: Option<usize>,
    /// The value.
    pub value: f64,
    /// Its 95 % interval, when it is an estimate.
    pub interval: Option<(f64, f64)>,
    /// The instances it rests on, when it is an estimate.
    pub instances: Option<usize>,
    /// The Holm-adjusted p of the comparison it states, when it states one.
    pub p_adjusted: Option<f64>,
    /// The scope of the comparison it states (a `comparisons.csv` row's), when it states one.
    pub scope: Option<String>,
}

impl Stated {
    /// `value` as `what`, about `solvers`.
    pub fn new(what: What, solvers: &[&str], value: f64) -> Self {
        let solvers = solvers.iter().map(|s| (*s).to_owned()).collect();
        Stated { what, solvers, n: None, value, interval: None, instances: None, p_adjusted: None, scope: None }
    }

    /// `estimate` as `what`, about `solvers`, with its interval and n.
    pub fn estimate(what: What, solvers: &[&str], estimate: &Estimate) -> Self {
        let stated = Stated::new(what, solvers, estimate.value);
        Stated { interval: Some((estimate.low, estimate.high)), instances: Some(estimate.n), ..stated }
    }

    /// The speed ratio t(slower) / t(faster) of `speed`, about (slower, faster), with its interval,
    /// n and adjusted p.
    pub fn speed(speed: &Speed) -> Self {
        let stated = Stated::estimate(What::Ratio, &[&speed.slower, &speed.faster], &speed.ratio);
        Stated { p_adjusted: speed.p_adjusted, scope: Some(speed.scope.clone()), ..stated }
    }

    /// The same number, stated at size `n`.
    pub fn at(self, n: usize) -> Self {
        Stated { n: Some(n), ..self }
    }

    /// The number as the sentence writes it: the value alone for a count or a plain
    /// measurement; with its interval, n and p as [`Stated::claim`] writes them for an estimate.
    pub fn text(&self) -> String {
        if self.interval.is_some() {
            return self.claim();
        }
        self.value_text()
    }

    /// An estimate with its uncertainty: `3.10× (95 % CI 2.0–4.5, n = 12, p_adj = 0.0030)`,
    /// `269 ms (95 % CI 200–350 ms, n = 40)`. The value has [`DIGITS`] significant digits, the
    /// interval's ends [`INTERVAL_DIGITS`] (the digits the bootstrap makes stable).
    pub fn claim(&self) -> String {
        let mut parts = Vec::new();
        if let Some((low, high)) = self.interval {
            let level = (LEVEL * 100.0).round();
            let range = match self.what {
                What::Par2 | What::LpSeconds => fmt_seconds_range(low, high, self.value),
                What::PeakAlpha => format!("{}–{}", crate::results::Alpha::new(low), crate::results::Alpha::new(high)),
                _ => format!("{}–{}", Sig(low, INTERVAL_DIGITS), Sig(high, INTERVAL_DIGITS)),
            };
            parts.push(format!("{level} % CI {range}"));
        }
        if let Some(n) = self.instances {
            parts.push(format!("n = {n}"));
        }
        if let Some(p) = self.p_adjusted {
            parts.push(format!("p_adj {}", p_text(p)));
        }
        let unit = if matches!(self.what, What::Ratio | What::SeedSpread) { "×" } else { "" };
        let value = match self.what {
            What::Par2 | What::PeakAlpha | What::LpSeconds => self.value_text(),
            _ => Sig(self.value, DIGITS).to_string(),
        };
        if parts.is_empty() {
            return format!("{value}{unit}");
        }
        format!("{value}{unit} ({})", parts.join(", "))
    }

    /// The value alone, as a table writes it.
    fn value_text(&self) -> String {
        match self.what {
            What::WrongRuns
            | What::WrongExpectations
            | What::Claims
            | What::Checked
            | What::Finished
            | What::Unresolved => format!("{}", self.value),
            What::Ratio | What::Base | What::SeedSpread => fmt_num(self.value),
            What::SeedShare | What::SolvedShare | What::DecidedShare => format!("{:.2}", self.value),
            What::LpSeconds => fmt_seconds(self.value),
            What::Par2 => fmt_seconds(self.value),
            What::Exponent | What::HolesExponent => format!("{:.2}", self.value),
            What::PeakAlpha => crate::results::Alpha::new(self.value).to_string(),
        }
    }
}

/// A p-value as a sentence writes it: `= 0.020`, `= 1.0`, `< 0.001`.
pub(crate) fn p_text(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".to_owned()
    } else {
        format!("= {}", Sig(p, 2))
    }
}

/// One key finding: the question it answers, the numbers it states and its sentence.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Finding {
    /// The question it answers.
    pub kind: Kind,
    /// The numbers it states.
    pub numbers: Vec<Stated>,
    /// The sentence, once written ([`Finding::says`]).
    pub text: String,
}

impl Finding {
    /// A finding of `kind` that states nothing yet.
    pub fn new(kind: Kind) -> Self {
        Finding { kind, numbers: Vec::new(), text: String::new() }
    }

    /// Records `number` and returns it as the sentence writes it.
    pub fn state(&mut self, number: Stated) -> String {
        let text = number.text();
        self.numbers.push(number);
        text
    }

    /// The finding with its sentence.
    pub fn says(self, text: String) -> Self {
        Finding { text, ..self }
    }

    /// The numbers of `what` it states.
    #[cfg(test)]
    pub fn numbers_of(&self, what: What) -> impl Iterator<Item = &Stated> {
        self.numbers.iter().filter(move |s| s.what == what)
    }
}
