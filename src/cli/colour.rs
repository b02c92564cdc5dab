//! `colour`: chromatic numbers (or k-colourability) of graph files, by the graph solvers, with
//! every bound judged by its evidence ([`crate::puzzle::chromatic`]).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use crate::graph::{dimacs, Goal};
use crate::puzzle::certify::Certifier;
use crate::puzzle::chromatic::{judge, Judged, Verdict};
use crate::solve::colour::{self, ColourSolverKind};
use crate::solve::{Limits, SolverOptions};

/// Arguments of `colour`.
#[derive(Debug, Args)]
pub struct ColourArgs {
    /// Graph files: DIMACS `.col` (`p edge V E`, `e u v`) or plain edge lists (`u v`, 0-based).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Graph solver (repeat for several): dsatur, dsatur-pass, sat-col, ilp-assign.
    #[arg(long = "solver", value_enum, default_values_t = [ColourSolverKind::SatCol])]
    solvers: Vec<ColourSolverKind>,
    /// Wall-clock limit per graph and solver, seconds.
    #[arg(long, value_parser = super::parse_seconds, default_value_t = 60.0)]
    time_limit: f64,
    /// Ask whether K colours suffice instead of the chromatic number.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    k: Option<u64>,
    /// CSV on stdout instead of a table.
    #[arg(long)]
    csv: bool,
    /// Do not certify claimed lower bounds beyond a clique (they then do not count).
    #[arg(long)]
    no_certify: bool,
}

/// The CSV header, the column names of the table too.
pub const HEADER: &str = "graph,vertices,edges,solver,verdict,lower,upper,evidence,clique,seconds,certify_seconds,note";

/// Runs `colour`: exit 0, or 1 when some answer is wrong; unreadable graphs are errors (exit 2).
pub fn run(args: ColourArgs) -> anyhow::Result<ExitCode> {
    let certifier = match args.no_certify {
        true => None,
        false => Some(Certifier::new(
            super::proof_checker("certification (on unless --no-certify)")?,
            Duration::from_secs_f64(args.time_limit),
        )),
    };
    let limits = Limits::seconds(args.time_limit);
    let options = SolverOptions::default();
    let mut out = if args.csv { format!("{HEADER}\n") } else { table_header() };
    let mut wrong = false;
    for path in &args.files {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let read = dimacs::parse(&text, &path.display().to_string())?;
        for remark in read.remarks() {
            say!("{}: {remark}", path.display());
        }
        let goal = args.k.map_or(Goal::Minimum, |k| Goal::Colours(k as usize));
        let problem = read.problem.with_goal(goal);
        let mut reports = Vec::new();
        for &kind in &args.solvers {
            reports.push(colour::solve(kind, &problem, &limits, &options)?);
        }
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        for judged in judge(&problem, reports, certifier.as_ref())? {
            wrong |= judged.verdict == Verdict::Wrong;
            let row = Row { graph: &name, vertices: problem.vertices(), edges: problem.edges(), judged: &judged };
            out.push_str(&if args.csv { row.csv() } else { row.table() });
        }
    }
    super::emit(&out)?;
    Ok(if wrong { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// One output line.
struct Row<'a> {
    graph: &'a str,
    vertices: usize,
    edges: usize,
    judged: &'a Judged,
}

impl Row<'_> {
    /// The fields; seconds plain for CSV, for people (`4.37 ms`) when `human`.
    fn fields(&self, human: bool) -> Vec<String> {
        let j = self.judged;
        let seconds = |s: f64| if human { crate::results::fmt_seconds(s) } else { format!("{s:.3}") };
        vec![
            self.graph.to_string(),
            self.vertices.to_string(),
            self.edges.to_string(),
            j.report.solver.name().to_string(),
            j.verdict.word().to_string(),
            j.lower.to_string(),
            j.upper.map_or(String::new(), |u| u.to_string()),
            format!("{:?}", j.evidence).to_lowercase(),
            j.report.clique.len().to_string(),
            seconds(j.report.stats.seconds),
            seconds(j.certify_seconds),
            j.note.iter().chain(&j.report.note).cloned().collect::<Vec<_>>().join("; "),
        ]
    }

    fn csv(&self) -> String {
        let quote = |f: String| if f.contains([',', '"']) { format!("\"{}\"", f.replace('"', "\"\"")) } else { f };
        self.fields(false).into_iter().map(quote).collect::<Vec<_>>().join(",") + "\n"
    }

    fn table(&self) -> String {
        let mut line = String::from("|");
        for f in self.fields(true) {
            write!(line, " {} |", f.replace('|', "\\|")).expect("writing to a String");
        }
        line + "\n"
    }
}

fn table_header() -> String {
    let names: Vec<&str> = HEADER.split(',').collect();
    format!("| {} |\n|{}\n", names.join(" | "), "---|".repeat(names.len()))
}
