//! `export`: every puzzle of an input written out as a model file for other tools.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};

use super::{emit, InputArgs};
use crate::export::{export, file_name, input_stem, Exported, Target};
use crate::solve::ilp::Formulation;

/// `--model`: which ILP formulation LP and MPS files hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModelChoice {
    /// The edge model (`ilp-edge`, without `--reduce`).
    Edge,
    /// The clique model (`ilp-clique`).
    Clique,
    /// The partial-ordering model (`ilp-pop`).
    Pop,
    /// The partial-ordering model with house rows instead of edge rows (no solver of its own).
    PopHouses,
}

impl ModelChoice {
    /// The formulation this choice names.
    pub fn formulation(self) -> Formulation {
        match self {
            ModelChoice::Edge => Formulation::Edge,
            ModelChoice::Clique => Formulation::Clique,
            ModelChoice::Pop => Formulation::Pop,
            ModelChoice::PopHouses => Formulation::PopHouses,
        }
    }
}

/// Arguments of `export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    input: InputArgs,
    /// File format: cnf (DIMACS, the sat encoding), lp or mps (an ILP model, as HiGHS writes
    /// it), col (DIMACS graph colouring), grid (a `# box=RxC` line and the puzzle, as .txt) or dzn
    /// (MiniZinc data): the files an external solver of that input reads.
    #[arg(long, value_enum)]
    to: Target,
    /// ILP formulation of lp and mps files (default: clique); refused with the other targets,
    /// which have no ILP model.
    #[arg(long, value_enum)]
    model: Option<ModelChoice>,
    /// Folder to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace files of the same names already in DIR (without it they are refused, and nothing is written).
    #[arg(long)]
    force: bool,
}

/// `export`: writes `<stem>-<k>.<ext>` per puzzle into `--out`, prints each path on stdout.
pub fn run(args: ExportArgs) -> anyhow::Result<ExitCode> {
    // A flag that changes nothing is refused rather than ignored: the user meant something by it.
    if !matches!(args.to, Target::Lp | Target::Mps) && args.model.is_some() {
        bail!(
            "--model chooses the ILP formulation of lp and mps files; --to {} has none (leave --model out)",
            args.to.extension()
        );
    }
    let (entries, _) = args.input.read()?;
    if args.out.exists() && !args.out.is_dir() {
        bail!("--out {} is not a directory", args.out.display());
    }
    let stem = input_stem(&args.input.input);
    // Like `run` and `merge`, never replace files silently: refuse before writing any.
    let existing: Vec<String> = (1..=entries.len())
        .map(|k| args.out.join(file_name(&stem, k, args.to)))
        .filter(|path| path.exists())
        .map(|path| path.display().to_string())
        .collect();
    if !existing.is_empty() && !args.force {
        let more = if existing.len() > 3 { format!(" and {} more", existing.len() - 3) } else { String::new() };
        bail!(
            "{}{more} already exist; choose another --out, or pass --force to replace them",
            existing[..existing.len().min(3)].join(", ")
        );
    }
    std::fs::create_dir_all(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let formulation = args.model.unwrap_or(ModelChoice::Clique).formulation();
    let (mut written, mut skipped) = (0, 0);
    for (i, entry) in entries.iter().enumerate() {
        let k = i + 1;
        let path = args.out.join(file_name(&stem, k, args.to));
        let done = export(&entry.puzzle, args.to, formulation, &path)
            .with_context(|| format!("puzzle {k} (line {})", entry.line))?;
        match done {
            Exported::Written(path) => {
                written += 1;
                emit(&format!("{}\n", path.display()))?;
            }
            Exported::Skipped(why) => {
                skipped += 1;
                say!("puzzle {k}: {why}; no {} file", args.to.extension());
            }
        }
    }
    say!(
        "{} puzzle(s): {written} {} file(s) written to {}, {skipped} skipped",
        entries.len(),
        args.to.extension(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
