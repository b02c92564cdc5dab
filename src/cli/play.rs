//! `play`: the terminal game (see [`crate::play`]).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;

use crate::grid::Shape;
use crate::logic::Rating;
use crate::play::settings::{Settings, SIZES};
use crate::play::store::{self, Store, GAMES, RANKING, SETTINGS};
use crate::play::{setup, terminal, App, ThemeName};

/// Options of `play`.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Start a new game of side N at once: 4, 6 (2x3 boxes), 9, 12 (3x4 boxes) or 16.
    #[arg(long, short = 'n', value_parser = clap::builder::PossibleValuesParser::new(["4", "6", "9", "12", "16"]))]
    pub size: Option<String>,
    /// Difficulty of the new game (4×4 puzzles are always easy).
    #[arg(long, value_enum)]
    pub difficulty: Option<Rating>,
    /// Seed of the new game: the same size, difficulty and seed give the same puzzle.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play the first puzzle of FILE (any format `check` reads).
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    pub load: Option<PathBuf>,
    /// Play this puzzle, given as one line (e.g. 81 characters, `.` or `0` for empty).
    #[arg(long, value_name = "LINE")]
    pub puzzle: Option<String>,
    /// Box shape RxC of a loaded puzzle whose shape is not the default for its size.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
    /// Continue the player's most recent saved game.
    #[arg(long = "continue", conflicts_with_all = ["load", "puzzle", "size"])]
    pub resume: bool,
    /// The player's name (remembered).
    #[arg(long)]
    pub player: Option<String>,
    /// Colour theme (remembered).
    #[arg(long, value_enum)]
    pub theme: Option<ThemeName>,
    /// Directory for saved games, best times and settings (default: the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Runs `play`.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("play needs a terminal (stdin and stdout must not be redirected)");
    }
    let store = Store::open(args.data_dir.clone())?;
    let mut warnings = Vec::new();
    let mut settings: Settings = load(&store, SETTINGS, &mut warnings)?;
    let saved = load(&store, GAMES, &mut warnings)?;
    let ranking = load(&store, RANKING, &mut warnings)?;
    if let Some(player) = &args.player {
        settings.player = player.clone();
    }
    if let Some(theme) = args.theme {
        settings.theme = theme;
    }
    if let Some(size) = &args.size {
        let n: usize = size.parse().context("--size")?;
        settings.size = SIZES.iter().position(|&(r, c)| r * c == n).context("--size")?;
    }
    if let Some(difficulty) = args.difficulty {
        settings.difficulty = difficulty;
    }
    store.save(SETTINGS, &settings).with_context(|| format!("writing settings to {}", store.dir().display()))?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let mut app = App::new(settings, saved, ranking, seed, store::unix_seconds());
    let start = Duration::ZERO;
    let entries = match (&args.load, &args.puzzle) {
        (Some(path), _) => Some(super::read_input(&path.to_string_lossy(), None, args.box_shape)?.0),
        (None, Some(line)) => Some(crate::format::parse(line, "--puzzle", None, args.box_shape)?),
        (None, None) => None,
    };
    if let Some(entries) = entries {
        let entry = entries.into_iter().next().context("no puzzle found")?;
        let game = setup::from_puzzle(entry.puzzle, start)?;
        app.start(game, start);
    } else if args.size.is_some() || args.difficulty.is_some() || args.seed.is_some() {
        app.new_game(start);
        if app.game.is_none() {
            bail!("{}", app.message);
        }
    } else if args.resume {
        match app.my_saves().first().map(|s| s.id) {
            Some(id) => app.resume(id, start),
            None => app.message = format!("no saved game for {}", app.settings.player),
        }
    }
    app.message = [warnings.join("; "), app.message.clone()].join(" ").trim().to_string();
    let signal = terminal::run(&mut app, &store).context("running the terminal")?;
    for w in &warnings {
        // Not eprintln!: after SIGHUP the terminal is gone, and a failed write must not panic.
        let _ = writeln!(std::io::stderr(), "warning: {w}");
    }
    Ok(match signal {
        // As a shell reports a program a signal ended; the game was saved first.
        Some(number) => ExitCode::from(128 + number as u8),
        None => ExitCode::SUCCESS,
    })
}

/// Reads one store file, collecting the warning if it was corrupt.
fn load<T: serde::de::DeserializeOwned + Default>(
    store: &Store,
    name: &str,
    warnings: &mut Vec<String>,
) -> anyhow::Result<T> {
    let loaded = store.load(name).with_context(|| format!("reading {name} in {}", store.dir().display()))?;
    warnings.extend(loaded.warning);
    Ok(loaded.value)
}
