//! Figures of one results directory, written as SVG and PNG beside its `runs.csv`.
//!
//! This module reads result files only (through [`crate::results`], the loader the report uses
//! too, so figures and report censor alike) and never calls a solver. Runs stopped by the time limit or the memory cap count as the
//! time limit, never silently dropped: a median drawn hollow sits at the limit (a lower bound), and
//! a cross on the dashed limit line marks every point where some runs were stopped. Axes are drawn
//! in transformed space (log10 for times), so one chart type serves linear and logarithmic axes.
//! Text uses the bundled DejaVu Sans (plotters is built without system fonts), so PNGs render
//! headless.
//!
//! Times are total (set-up + search) by default; `time_vs_n_search` draws the search alone, so the
//! solvers with heavy set-up (SAT encoding, ILP model, DLX matrix) can be seen both ways.
//!
//! Here: which figures exist, and writing them. The figures live in [`time`] (also time vs the
//! difficulty of `unique` puzzles), [`outcomes`], [`phase`], [`cactus`] (instances finished
//! against time), [`scatter`] (one solver's time against another's, per instance), [`solved`]
//! (instance sets: the share finished against fill), [`scaled`] (the phase study against holes /
//! N^1.55), [`seeds`] (each instance's spread over solver seeds) and [`root_lp`] (the share of runs
//! the root LP alone decided against α); what they share is in [`style`] (looks, layout),
//! [`axis`], [`series`] (the data drawn), [`chart`] (drawing series on a chart) and [`frame`]
//! (title, panel grid, legend, notes).

mod axis;
mod cactus;
mod chart;
mod frame;
mod outcomes;
mod phase;
mod root_lp;
mod scaled;
mod scatter;
mod seeds;
mod series;
mod solved;
mod style;
mod time;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::Context;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::experiment::figure::Figure;
use crate::experiment::folder::{commit_temp, temp_path, FolderLock};
use crate::results::{Clock, Results};
use cactus::Cactus;
use outcomes::Outcomes;
use phase::Phase;
use root_lp::RootLp;
use scaled::PhaseScaled;
use scatter::{Pair, Scatter};
use seeds::SeedSpread;
use solved::SolvedVsFill;
use time::{TimeVsAlpha, TimeVsDifficulty, TimeVsN};

/// What `figure` shows, as the report captions it. Times are total (set-up + search) in every
/// figure but [`Figure::TimeVsNSearch`], the search-only view.
pub(crate) fn caption(figure: Figure) -> &'static str {
    match figure {
        Figure::TimeVsN => "Median total time (set-up + search) vs N (log–log), interquartile band shaded, stopped runs counted as the time limit",
        Figure::TimeVsNSearch => "Search-only view: median search time (set-up such as the ILP model, SAT encoding or DLX matrix left out) vs N (log–log), interquartile band shaded",
        Figure::TimeVsAlpha => "Median total time (set-up + search) vs fill fraction α, one panel per N",
        Figure::OutcomesVsAlpha => "What the solvers found out about each instance vs α, per mode and N",
        Figure::Phase => "Phase study: each solver's median search effort (dead ends, conflicts or B&B nodes) and median total time vs α per N, with each solver's peak α marked",
        Figure::TimeVsDifficulty => "Median total time (set-up + search) vs puzzle difficulty (unique puzzles), one panel per N, interquartile band shaded, stopped runs counted as the time limit",
        Figure::Cactus => "Cactus plot: each solver's finished runs sorted by total time (log scale), all instances pooled; further right and lower is better, the dashed line is the time limit",
        Figure::ScatterFastest => "Per instance, the two solvers with the lowest PAR-2 (log–log, coloured by α): runs not finished on the border, the diagonal is equal time, dotted lines 10× apart",
        Figure::ScatterOrigin => "Per instance, the origin study's pair ilp-edge against backtrack-naive (log–log, coloured by α): runs not finished on the border, the diagonal is equal time, dotted lines 10× apart",
        Figure::SolvedVsFill => "Instance sets: the share of each solver's runs finished within the time limit vs the puzzles' fill, one panel per set and N",
        Figure::SeedSpread => "Each instance's spread over solver seeds: one column per instance, a bar from its fastest seed to its slowest and a dot per seed, coloured by α, one panel per solver",
        Figure::PhaseScaled => "Phase study, second view: each solver's median search effort vs holes / N^1.55 (the quasigroup literature's normalisation), one line per N, the published QWH peak marked",
        Figure::RootLp => "Root-LP study: the share of each root-only solver's runs its LP relaxation alone decided (an integral point, verified, or an infeasible LP with a checked proof) vs α, Wilson 95 % intervals, one panel per group and N",
    }
}

const FONT: &str = "sans-serif";
const FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// Writes every figure the data supports into `dir` as `NAME.svg` and `NAME.png`; returns the files.
///
/// Reads `dir/runs.csv` and, if present, `dir/meta.json` (for the time limit; without it the longest
/// stopped run stands in). Figures without the data they need (e.g. a single N, no α sweep, or no
/// `unique` rows for the difficulty figure) are skipped rather than drawn empty.
pub fn plot_results(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    register_font()?;
    let _lock = if dir.is_dir() { Some(FolderLock::take(dir)?) } else { None };
    let results = Results::load(dir)?;
    let mut written = Vec::new();
    for figure in Figure::ALL {
        if let Some((files, _)) = draw(dir, &results, figure, None, &Output::default())? {
            written.extend(files);
        }
    }
    remove_stale(dir, &written)?;
    Ok(written)
}

/// A file format a figure is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Scalable vector graphics, for papers.
    Svg,
    /// A bitmap, for pages and slides.
    Png,
}

/// How a figure is written: its formats (both when empty) and, where asked, its size in pixels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    /// The formats to write; empty means SVG and PNG.
    pub formats: Vec<Format>,
    /// Width in pixels, instead of the figure's own.
    pub width: Option<u32>,
    /// Height in pixels, instead of the figure's own.
    pub height: Option<u32>,
}

impl Output {
    fn formats(&self) -> Vec<Format> {
        if self.formats.is_empty() {
            vec![Format::Svg, Format::Png]
        } else {
            self.formats.clone()
        }
    }
}

/// One figure asked for by `plot --figure`: which, for which solvers (all when empty), for a
/// scatter the pair, and how it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The figure (for a chosen pair, [`Figure::ScatterFastest`] with [`Request::pair`] set).
    pub figure: Figure,
    /// The scatter's pair by name, x first; only with a scatter figure.
    pub pair: Option<(String, String)>,
    /// The solvers whose runs are drawn; every solver when empty.
    pub solvers: Vec<String>,
    /// Formats and size.
    pub output: Output,
}

/// Draws the one figure `request` asks for into `dir`, with its caption beside it as `STEM.txt`
/// (the text the report prints under the figure); returns the files written. Other figures of the
/// folder are left as they are. Fails, naming what is there, on a solver the runs do not hold,
/// and when the chosen runs do not support the figure.
pub fn plot_figure(dir: &Path, request: &Request) -> anyhow::Result<Vec<PathBuf>> {
    register_font()?;
    let _lock = if dir.is_dir() { Some(FolderLock::take(dir)?) } else { None };
    let all = Results::load(dir)?;
    let present = all.solvers();
    let asked = request.solvers.iter().chain(request.pair.iter().flat_map(|(a, b)| [a, b]));
    for name in asked {
        anyhow::ensure!(
            present.contains(name),
            "{}: no runs of solver `{name}` (the runs hold {})",
            dir.display(),
            present.join(", ")
        );
    }
    if let Some((a, b)) = &request.pair {
        anyhow::ensure!(a != b, "--pair names one solver twice ({a}): a scatter compares two");
        anyhow::ensure!(request.figure == Figure::ScatterFastest, "--pair goes with --figure scatter only");
    }
    let results = if request.solvers.is_empty() { all } else { all.with_solvers(&request.solvers) };
    let pair = request.pair.clone().map(|(a, b)| Pair::Chosen(a, b));
    let (files, caption) = draw(dir, &results, request.figure, pair, &request.output)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: the chosen runs do not support the {} figure (it needs, e.g., two sizes, an α sweep, \
             or instances both solvers of the pair ran)",
            dir.display(),
            request.figure
        )
    })?;
    let text = dir.join(format!("{}.txt", files[0].file_stem().expect("a figure's file has a stem").to_string_lossy()));
    save_one(&text, |tmp| Ok(std::fs::write(tmp, format!("{caption}\n"))?))?;
    Ok(files.into_iter().chain([text]).collect())
}

/// Draws `figure` from `results` into `dir` as `out` asks, when the data support it: the files
/// and the figure's caption.
fn draw(
    dir: &Path,
    results: &Results,
    figure: Figure,
    pair: Option<Pair>,
    out: &Output,
) -> anyhow::Result<Option<(Vec<PathBuf>, String)>> {
    fn saved(dir: &Path, fig: Option<impl Draw>, out: &Output) -> anyhow::Result<Option<(Vec<PathBuf>, String)>> {
        fig.map(|fig| Ok((save(dir, &fig, out)?, fig.caption()))).transpose()
    }
    match figure {
        Figure::TimeVsN => saved(dir, TimeVsN::new(results), out),
        Figure::TimeVsNSearch => saved(dir, TimeVsN::new(&results.with_clock(Clock::Search)), out),
        Figure::TimeVsAlpha => saved(dir, TimeVsAlpha::new(results), out),
        Figure::OutcomesVsAlpha => saved(dir, Outcomes::new(results), out),
        Figure::Phase => saved(dir, Phase::new(results), out),
        Figure::TimeVsDifficulty => saved(dir, TimeVsDifficulty::new(results), out),
        Figure::Cactus => saved(dir, Cactus::new(results), out),
        Figure::ScatterFastest => saved(dir, Scatter::new(results, pair.unwrap_or(Pair::Fastest)), out),
        Figure::ScatterOrigin => saved(dir, Scatter::new(results, Pair::Origin), out),
        Figure::SolvedVsFill => saved(dir, SolvedVsFill::new(results), out),
        Figure::PhaseScaled => saved(dir, PhaseScaled::new(results), out),
        Figure::SeedSpread => saved(dir, SeedSpread::new(results), out),
        Figure::RootLp => saved(dir, RootLp::new(results), out),
    }
}

/// Deletes figures of ours left from an earlier call that the data no longer supports, so the
/// report does not embed them.
fn remove_stale(dir: &Path, written: &[PathBuf]) -> anyhow::Result<()> {
    for stem in Figure::ALL.map(Figure::stem) {
        for ext in ["svg", "png"] {
            let path = dir.join(format!("{stem}.{ext}"));
            if !written.contains(&path) && path.exists() {
                std::fs::remove_file(&path)
                    .map_err(|e| anyhow::anyhow!("cannot remove stale {}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}

/// Registers the bundled font once per process under the family name plotters asks for.
fn register_font() -> anyhow::Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        [FontStyle::Normal, FontStyle::Bold]
            .into_iter()
            .all(|style| plotters::style::register_font(FONT, style, FONT_BYTES).is_ok())
    });
    anyhow::ensure!(ok, "the bundled font assets/DejaVuSans.ttf could not be loaded");
    Ok(())
}

/// A figure that can draw itself on any backend.
trait Draw {
    /// Which figure it is.
    fn figure(&self) -> Figure;
    /// Size in pixels.
    fn size(&self) -> (u32, u32);
    /// Its file stem: the figure's, unless it is one of several of its kind.
    fn stem(&self) -> String {
        self.figure().stem().to_owned()
    }
    /// What it shows, as the report captions it.
    fn caption(&self) -> String {
        caption(self.figure()).to_owned()
    }
    /// Draws the whole figure on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static;
}

/// Writes `fig` into `dir` in each format of `out` (SVG and PNG by default), at `out`'s size where
/// it sets one, each drawn into a temporary file that is renamed over the old one only when
/// complete: a full disk leaves the old figure (or none), never a cut one, and the error names the
/// file.
fn save(dir: &Path, fig: &impl Draw, out: &Output) -> anyhow::Result<Vec<PathBuf>> {
    let (width, height) = fig.size();
    let size = (out.width.unwrap_or(width), out.height.unwrap_or(height));
    let mut files = Vec::new();
    for format in out.formats() {
        let path = match format {
            Format::Svg => dir.join(format!("{}.svg", fig.stem())),
            Format::Png => dir.join(format!("{}.png", fig.stem())),
        };
        save_one(&path, |tmp| {
            match format {
                Format::Svg => {
                    let root = SVGBackend::new(tmp, size).into_drawing_area();
                    fig.draw(&root)?;
                    root.present()?
                }
                Format::Png => {
                    let root = BitMapBackend::new(tmp, size).into_drawing_area();
                    fig.draw(&root)?;
                    root.present()?
                }
            }
            Ok(())
        })?;
        files.push(path);
    }
    Ok(files)
}

/// Draws into the temporary file of `path` with `draw`, then moves it into place.
fn save_one(path: &Path, draw: impl FnOnce(&Path) -> anyhow::Result<()>) -> anyhow::Result<()> {
    let tmp = temp_path(path);
    let drawn = draw(&tmp).with_context(|| format!("cannot write {}", path.display()));
    if drawn.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    drawn?;
    commit_temp(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}
