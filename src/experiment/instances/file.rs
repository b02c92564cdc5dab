//! The `instances.txt` file: a header saying what it holds and how to re-run it, then every
//! instance as a block — a comment with its id and coordinates, then the puzzle in line format —
//! and the blocks read back by id (`merge` joins the shards' files).

use super::generate::Instance;
use super::order::Source;
use super::shard::Shard;
use crate::experiment::config::Config;
use crate::format::to_line;
use crate::generate::Holes;
use crate::grid::Shape;

/// The comment line that introduces an instance in `instances.txt`.
pub fn key_comment(config: &Config, instance: &Instance) -> String {
    match instance.source {
        Source::Generated(s) => format!(
            "# id={} box={} mode={}{} {} rep={} seed={} givens={}",
            instance.id,
            s.shape,
            s.mode.name(),
            if s.holes == Holes::Uniform { String::new() } else { format!(" holes={}", s.holes) },
            s.level,
            s.rep,
            instance.seed,
            instance.puzzle.givens()
        ),
        Source::Set(r) => format!(
            "# id={} box={} set={} instance={} rep={} seed={} givens={}{}",
            instance.id,
            instance.puzzle.shape(),
            config.sets[r.set].name,
            config.catalog.sets[r.set].id(r.puzzle),
            r.rep,
            instance.seed,
            instance.puzzle.givens(),
            instance.expected.map(|e| format!(" expect={}", e.name())).unwrap_or_default()
        ),
    }
}

/// One instance in `instances.txt`: its key comment, then the puzzle in line format (with
/// `:SOLUTION` when the solution is known — planted and unique puzzles — so `solve` also checks
/// the answers against it).
pub fn instance_block(config: &Config, instance: &Instance) -> String {
    let line = match &instance.solution {
        Some(s) => format!("{}:{}", to_line(&instance.puzzle), to_line(s)),
        None => to_line(&instance.puzzle),
    };
    format!("{}\n{line}\n", key_comment(config, instance))
}

/// The header of `instances.txt`: what it holds and how to re-run it.
pub fn instances_header(config: &Config, shard: Option<Shard>) -> String {
    let slice = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    let mut h = format!(
        "# Instances of experiment '{}'{slice}: one puzzle per line (line format), planted and unique ones as\n\
         # PUZZLE:SOLUTION, each after a comment with its id, box, mode (then holes=balanced for balanced\n\
         # holes), level (alpha or difficulty), repeat, seed and givens.\n\
         # Re-run them with: sudoku-lab solve instances.txt --solver all --time-limit {}\n",
        config.name, config.time_limit
    );
    for shape in config.boxes.iter().filter(|b| Shape::for_size(b.n()).ok() != Some(**b)) {
        h.push_str(&format!(
            "# Box {shape} is not the default for N = {}: the box=RxC in each line's comment gives it (no --box needed).\n",
            shape.n()
        ));
    }
    h
}

/// Splits `instances.txt` into (id, block) pairs, block = key comment and puzzle line.
pub fn read_blocks(text: &str) -> Result<Vec<(usize, String)>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(rest) = line.strip_prefix("# id=") else { continue };
        let id = rest.split_whitespace().next().and_then(|t| t.parse().ok());
        let id = id.ok_or_else(|| format!("line {}: no instance id after '# id='", i + 1))?;
        let (_, puzzle) = lines.next().ok_or_else(|| format!("line {}: instance {id} has no puzzle line", i + 1))?;
        out.push((id, format!("{line}\n{puzzle}\n")));
    }
    Ok(out)
}
