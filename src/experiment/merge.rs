//! `merge`: shard folders of one experiment into one results folder.
//!
//! Every input folder must come from the same config (its `meta.json` says so) and hold a
//! different shard; their runs are checked against that config (seeds included), pooled, and
//! written in canonical order with the union of their instances and a `meta.json` that keeps each
//! shard's own. Runs of instances that a shard did not finish are left out; a merged folder with
//! gaps is an ordinary unfinished run, which `run CONFIG --out MERGED --resume` completes.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use super::config::Config;
use super::folder::{
    check_replaceable, read_meta, read_runs, remove_results, write_atomic, write_meta, write_runs, ExperimentError,
    FolderLock, INSTANCES_FILE, META_FILE, RUNS_FILE,
};
use super::instances::{instances_header, read_blocks};
use super::meta::{now_utc, Meta};
use super::record::RunRow;
use super::rows::{problems, RowIndex};
use super::runner::differing_keys;

/// What a merge produced.
#[derive(Debug, Clone)]
pub struct MergeSummary {
    /// Rows written.
    pub rows: usize,
    /// Instances with all their runs.
    pub complete: usize,
    /// Instances in the whole experiment.
    pub instances: usize,
    /// Rows left out because their instance was unfinished.
    pub dropped: usize,
    /// Disagreements and answers that failed the oracle, one line per instance.
    pub problems: Vec<String>,
}

/// Merges `inputs` into `out` (refusing a non-empty `out` unless `force`).
/// `out` is locked as `run` locks its folder, before it is read, so a merge never writes a folder a
/// run (or another merge) is writing; with `force`, only what the harness wrote there is replaced.
pub fn merge(inputs: &[PathBuf], out: &Path, force: bool) -> Result<MergeSummary, ExperimentError> {
    let lock = if out.is_dir() { Some(FolderLock::take(out)?) } else { None };
    if force {
        check_replaceable(out)?;
    }
    let metas = read_metas(inputs)?;
    let Some((first_dir, first)) = metas.first().cloned() else {
        return Err(refused(out, "no input folders to merge".into()));
    };
    let config = common_config(&metas, &first_dir, &first)?;
    check_shards_differ(&metas)?;
    check_out(inputs, out, force)?;

    // Pool the runs, checking each against the config; one owner per (instance, solver).
    let index = RowIndex::new(&config);
    let (rows, total_rows) = pool_runs(&metas, &index)?;
    let complete = rows.len() / index.solver_count().max(1);
    let instances = union_instances(&metas, &config)?;

    std::fs::create_dir_all(out).map_err(super::folder::io_at(out))?;
    let _lock = match lock {
        Some(lock) => lock,
        None => FolderLock::take(out)?,
    };
    if force {
        remove_results(out)?;
    }
    write_atomic(&out.join(INSTANCES_FILE), instances.as_bytes())?;
    write_runs(&out.join(RUNS_FILE), &rows)?;
    write_meta(out, &merged_meta(first, &config, complete, metas))?;
    Ok(MergeSummary {
        rows: rows.len(),
        complete,
        instances: config.instance_count(),
        dropped: total_rows - rows.len(),
        problems: problems(&rows),
    })
}

/// A refusal to merge, naming the folder at fault.
fn refused(folder: &Path, reason: String) -> ExperimentError {
    ExperimentError::Refused { folder: folder.to_path_buf(), reason }
}

/// The `meta.json` of every input folder, refusing a folder without one.
fn read_metas(inputs: &[PathBuf]) -> Result<Vec<(PathBuf, Meta)>, ExperimentError> {
    let mut metas: Vec<(PathBuf, Meta)> = Vec::new();
    for dir in inputs {
        let meta =
            read_meta(dir)?.ok_or_else(|| refused(dir, format!("it has no {META_FILE}: not a results folder")))?;
        metas.push((dir.clone(), meta));
    }
    Ok(metas)
}

/// The config every input folder was run with (the first's, `first` in `first_dir`), its sets
/// read again where the shards read them; refuses folders of another config or other puzzles.
fn common_config(metas: &[(PathBuf, Meta)], first_dir: &Path, first: &Meta) -> Result<Config, ExperimentError> {
    let mut config: Config = first.config.clone();
    for (dir, meta) in &metas[1..] {
        if meta.sets != first.sets {
            let why = format!("its sets' files differ from {}'s; only shards of one config merge", first_dir.display());
            return Err(refused(dir, why));
        }
        if meta.config.identity() != config.identity() {
            let keys = differing_keys(&meta.config, &config).join(", ");
            let why = format!(
                "its config differs from {}'s (in: {keys}); only shards of one config merge",
                first_dir.display()
            );
            return Err(refused(dir, why));
        }
    }
    if !config.sets.is_empty() {
        // The runs are placed by the sets' puzzles: read them again where the shards read them,
        // and refuse files that changed since.
        let folder = first.sets.first().map(|r| PathBuf::from(&r.folder)).unwrap_or_default();
        config.read_sets(&folder).map_err(|e| {
            refused(first_dir, format!("its sets cannot be read again from {}: {}: {e}", folder.display(), e.key))
        })?;
        if let Some(change) = super::sets::changed_file(&config.sets, &first.sets, &config.catalog) {
            return Err(refused(first_dir, format!("its runs were made on other puzzles: {change}")));
        }
    }
    Ok(config)
}

/// Refuses two input folders that hold the same shard (or both the whole experiment).
fn check_shards_differ(metas: &[(PathBuf, Meta)]) -> Result<(), ExperimentError> {
    let mut shards: Vec<String> = Vec::new();
    for (dir, meta) in metas {
        let label = meta.shard.map_or("the whole experiment".to_string(), |s| format!("shard {s}"));
        if shards.contains(&label) {
            return Err(refused(dir, format!("another input folder also holds {label}")));
        }
        shards.push(label);
    }
    Ok(())
}

/// Refuses an `out` that holds results: always when it is also an input, else unless `force`.
fn check_out(inputs: &[PathBuf], out: &Path, force: bool) -> Result<(), ExperimentError> {
    if out.join(META_FILE).exists() || out.join(RUNS_FILE).exists() {
        if inputs.iter().any(|i| same_folder(i, out)) {
            return Err(refused(out, "it is also an input; merge into a new folder".into()));
        }
        if !force {
            return Err(refused(
                out,
                "it already holds results; choose a new --out, or pass --force to replace them".into(),
            ));
        }
    }
    Ok(())
}

/// The runs of every input folder, each placed by `index` and owned by one folder, pooled: the
/// rows of complete instances in canonical order, and the count of all rows read.
fn pool_runs(metas: &[(PathBuf, Meta)], index: &RowIndex) -> Result<(Vec<RunRow>, usize), ExperimentError> {
    let mut owner: HashMap<(usize, usize), PathBuf> = HashMap::new();
    let mut by_instance: BTreeMap<usize, Vec<RunRow>> = BTreeMap::new();
    for (dir, _) in metas {
        let path = dir.join(RUNS_FILE);
        let (rows, torn) = read_runs(&path)?;
        if torn {
            say!("{}: ignoring a half-written last line", path.display());
        }
        for row in rows {
            let (id, solver) = index.locate(&row).map_err(|r| refused(dir, format!("{RUNS_FILE}: {r}")))?;
            if let Some(other) = owner.insert((id, solver), dir.clone()) {
                let why = format!("run ({} on instance {id}) is also in {}", row.solver, other.display());
                return Err(refused(dir, why));
            }
            by_instance.entry(id).or_default().push(row);
        }
    }
    let total_rows: usize = by_instance.values().map(Vec::len).sum();
    let mut rows: Vec<RunRow> =
        by_instance.into_values().filter(|r| r.len() == index.solver_count()).flatten().collect();
    index.sort(&mut rows);
    Ok((rows, total_rows))
}

/// The merged `instances.txt`: the header, then the union of the shards' instances by id (an
/// instance two folders hold differently is refused).
fn union_instances(metas: &[(PathBuf, Meta)], config: &Config) -> Result<String, ExperimentError> {
    let mut blocks: BTreeMap<usize, String> = BTreeMap::new();
    for (dir, _) in metas {
        let path = dir.join(INSTANCES_FILE);
        let text = std::fs::read_to_string(&path).map_err(super::folder::io_at(&path))?;
        let corrupt = |message: String| ExperimentError::Corrupt { path: path.clone(), message };
        for (id, block) in read_blocks(&text).map_err(corrupt)? {
            if blocks.get(&id).is_some_and(|b| *b != block) {
                return Err(corrupt(format!("instance {id} differs from the same instance in another folder")));
            }
            blocks.insert(id, block);
        }
    }
    let mut instances = instances_header(config, None);
    instances.extend(blocks.into_values());
    Ok(instances)
}

/// The merged folder's `meta.json`: the first shard's, now of the whole experiment, finished
/// when every instance is complete, with every shard's own meta in shard order.
fn merged_meta(first: Meta, config: &Config, complete: usize, mut metas: Vec<(PathBuf, Meta)>) -> Meta {
    let mut meta = first;
    meta.shard = None;
    meta.instances = config.instance_count();
    meta.runs = meta.instances * config.runs_per_instance();
    meta.resumed = Vec::new();
    meta.finished = (complete == meta.instances).then(now_utc);
    metas.sort_by_key(|(_, m)| m.shard);
    meta.merged_from = metas.into_iter().map(|(_, m)| m).collect();
    meta
}

/// True when two paths name the same existing folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
