//! The README and the guide in `docs/` say what the binary does, and these tests keep them honest
//! (`docs/README.md`, "Examples that cannot rot", states the rules for readers):
//!
//! - every fenced `sh` block runs, page by page in a fresh folder with the binary under test first
//!   on the PATH as `sudoku-lab`, and exits 0 — unless its first line is `# not run: REASON`, and
//!   then it is only checked by `bash -n`;
//! - every `toml` block loads with the library's own loaders (a config, a definitions file, or a
//!   config fragment completed with the keys it lacks);
//! - every `python` block parses (they run in `python/tests/test_api.py`, against the installed
//!   module, which this test does not need);
//! - every `sudoku-lab` flag in any block is one its `--help` lists, the README's command table is
//!   `sudoku-lab --help`'s list word for word, its solver table names every solver, and every
//!   relative link leads to a file and heading that exist.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sudoku_lab::experiment::Config;
use sudoku_lab::external::definition::{load_file, Checks, Input, PLACEHOLDERS};
use sudoku_lab::solve::colour::ColourSolverKind;
use sudoku_lab::solve::SolverKind;

use crate::common::{committed_results, intervals_in, table_has};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const NOT_RUN: &str = "# not run:";
const SAVE_AS: &str = "# save as ";
/// The info strings a fence may have: the three checked ones, and `text` for output and screens.
const LANGS: [&str; 4] = ["sh", "toml", "python", "text"];

/// A fenced block: its page, the line of its opening fence, its info string and its text.
struct Block {
    page: String,
    line: usize,
    lang: String,
    text: String,
}

impl Block {
    fn at(&self) -> String {
        format!("{}:{}", self.page, self.line)
    }

    /// The reason after `# not run:`, if the block is marked; a mark without a reason is refused.
    fn not_run(&self) -> Option<String> {
        let first = self.text.lines().next().unwrap_or("");
        let reason = first.strip_prefix(NOT_RUN)?.trim();
        assert!(!reason.is_empty(), "{}: `{NOT_RUN}` needs a reason", self.at());
        Some(reason.to_string())
    }

    /// The file a `# save as FILE` first line names.
    fn save_as(&self) -> Option<&str> {
        self.text.lines().next()?.strip_prefix(SAVE_AS).map(str::trim)
    }
}

/// The README and every page of the guide, as paths relative to the repository root.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .expect("a docs/ folder")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

fn read(page: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// The fenced blocks of a page, in order; a fence without one of [`LANGS`] is refused.
fn blocks(page: &str) -> Vec<Block> {
    let text = read(page);
    let mut out = Vec::new();
    let mut open: Option<(usize, String, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => {
                let lang = info.split_whitespace().next().unwrap_or("").to_string();
                assert!(
                    LANGS.contains(&lang.as_str()),
                    "{page}:{}: a fence says `sh`, `toml` or `python` (checked), or `text` (output); not {lang:?}",
                    i + 1
                );
                open = Some((i + 1, lang, Vec::new()));
            }
            (Some(_), Some("")) => {
                let (line, lang, body) = open.take().unwrap();
                out.push(Block { page: page.to_string(), line, lang, text: body.join("\n") + "\n" });
            }
            (Some((_, _, body)), _) => body.push(line),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{page}: a block is not closed");
    out
}

fn bash(script: &str, dir: &Path, path: &str, args: &[&str]) -> Output {
    Command::new("bash").args(args).arg(script).current_dir(dir).env("PATH", path).output().expect("bash runs")
}

/// A fresh folder that sees the project's data, configs and peers, and a PATH with the binary.
fn workspace() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["data", "experiments", "peers", "tests"] {
        std::os::unix::fs::symlink(Path::new(ROOT).join(name), dir.path().join(name)).unwrap();
    }
    let bin = dir.path().join(".bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(BIN, bin.join("sudoku-lab")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    (dir, path)
}

/// Loads a `toml` block as the harness would: a whole config, a definitions file, or a fragment.
fn load_toml(block: &Block, dir: &Path) {
    let value: toml::Table = toml::from_str(&block.text).unwrap_or_else(|e| panic!("{}: not TOML: {e}", block.at()));
    if block.not_run().is_some() {
        return;
    }
    let file = dir.join(block.save_as().unwrap_or("block.toml"));
    if value.keys().all(|k| k == "external") && value.contains_key("external") {
        std::fs::write(&file, &block.text).unwrap();
        let reserved = |n: &str| n == "all" || n.parse::<SolverKind>().is_ok();
        load_file(&file, Checks { reserved: &reserved, wanted: &|_| false })
            .unwrap_or_else(|e| panic!("{}: not a valid definitions file: {e}", block.at()));
        return;
    }
    let mut text = String::new();
    if !value.contains_key("name") {
        // A fragment: the keys it lacks, and a one-cell grid when it names no instances at all.
        let mut header =
            vec![("name", "\"fragment\""), ("solvers", "[\"backtrack\"]"), ("time_limit", "1.0"), ("seed", "1")];
        let grid = ["boxes", "sizes", "latin", "alphas", "modes", "repeats", "difficulties", "sets"];
        if !grid.iter().any(|k| value.contains_key(*k)) {
            header.extend([("boxes", "[\"3x3\"]"), ("alphas", "[0.4]"), ("modes", "[\"planted\"]"), ("repeats", "1")]);
        }
        for (key, v) in header.into_iter().filter(|(k, _)| !value.contains_key(*k)) {
            text.push_str(&format!("{key} = {v}\n"));
        }
    }
    text.push_str(&block.text);
    std::fs::write(&file, &block.text).unwrap();
    Config::parse(&text, file.to_str().unwrap()).unwrap_or_else(|e| panic!("{}: not a valid config: {e}", block.at()));
}

fn parse_python(block: &Block) {
    let o = Command::new("python3")
        .args(["-c", "import ast, sys; ast.parse(sys.stdin.read())"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(block.text.as_bytes())?;
            child.wait_with_output()
        })
        .expect("python3 runs (the Python blocks are parsed with its ast module)");
    assert!(o.status.success(), "{}: Python does not parse:\n{}", block.at(), String::from_utf8_lossy(&o.stderr));
}

/// What a page's runnable blocks say they write, checked after the page ran.
fn writes(page: &str) -> &'static [&'static str] {
    match page {
        "README.md" => &["p9.txt", "stats.csv", "results/quick/REPORT.md", "results/quick/cactus.png"],
        "docs/commands.md" => &["p16.txt", "g6.dot", "stats.csv", "cnf/p16-1.cnf", "mps/p16-1.mps"],
        "docs/experiments.md" => &["results/my-grid/REPORT.md"],
        "docs/instances.md" => &["results/my-puzzles/REPORT.md"],
        _ => &[],
    }
}

/// Where a page shows what its examples print or write, it shows what they did.
fn shows_what_ran(page: &str, dir: &Path) {
    let file = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    match page {
        "README.md" => {
            let puzzles = file("p9.txt");
            assert!(read(page).contains(&puzzles), "the tour shows the puzzles `generate` wrote:\n{puzzles}");
            shows_the_report(&file("results/quick/REPORT.md"));
        }
        "docs/instances.md" => {
            let runs = file("results/my-puzzles/runs.csv");
            assert_eq!(runs.lines().count(), 1 + (95 + 11) * 3, "every puzzle × every solver");
            assert!(runs.contains("data/9x9-top95.txt#95"), "instances are FILE#NUMBER");
            assert!(file("results/my-puzzles/REPORT.md").contains("norvig"), "the report names the set");
        }
        _ => {}
    }
}

/// A text's numbers as `#`: what one run of an experiment shows and another, timed anew, may not.
fn numbers_masked(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars.next_if(|d| d.is_ascii_digit() || matches!(d, '.' | ',')).is_some() {}
            out.push('#');
        } else {
            out.push(c);
        }
    }
    out
}

/// The tour's excerpt of the quick run's report is that report's: its `**Runs:**` line word for
/// word (the config decides it), and each finding, numbers aside, a line of the report with the
/// excerpt's pieces between `…` in order.
fn shows_the_report(report: &str) {
    let readme = read("README.md");
    let tour = &readme[readme.find("**Plot and report**").expect("the tour's report step")..];
    let excerpt = blocks("README.md")
        .into_iter()
        .find(|b| b.lang == "text" && tour.contains(&b.text))
        .expect("the report excerpt")
        .text;
    let lines: Vec<String> = report.lines().map(numbers_masked).collect();
    assert!(excerpt.lines().count() >= 3, "{excerpt}");
    for line in excerpt.lines() {
        if line.starts_with("**Runs:**") {
            assert!(report.lines().any(|l| l == line), "the report's **Runs:** line is not\n{line}");
            continue;
        }
        let pieces: Vec<String> = numbers_masked(line).split('…').map(str::to_string).collect();
        let found = lines.iter().any(|l| {
            let mut at = 0;
            pieces.iter().all(|p| l[at..].find(p.as_str()).map(|i| at += i + p.len()).is_some())
        });
        assert!(found, "the quick run's REPORT.md has no line like\n{line}\n\n{report}");
    }
}

/// Runs every page's runnable `sh` blocks in order, loads its `toml` blocks and parses its
/// `python` blocks (parse only: `python/tests/test_api.py` runs them against the installed module).
#[test]
fn every_sh_block_runs_every_toml_block_loads_and_every_python_block_parses() {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for page in pages() {
        let (dir, path) = workspace();
        for block in blocks(&page) {
            match block.lang.as_str() {
                "sh" if block.not_run().is_some() => {
                    let o = bash(&block.text, dir.path(), &path, &["-n", "-c"]);
                    assert!(o.status.success(), "{}: bash -n: {}", block.at(), String::from_utf8_lossy(&o.stderr));
                    *counts.entry("sh not run").or_default() += 1;
                }
                "sh" => {
                    let o = bash(&format!("set -euxo pipefail\n{}", block.text), dir.path(), &path, &["-c"]);
                    let err = String::from_utf8_lossy(&o.stderr);
                    let tail: Vec<&str> = err.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect();
                    assert!(
                        o.status.success(),
                        "{}: failed (exit {:?}):\n{}",
                        block.at(),
                        o.status.code(),
                        tail.join("\n")
                    );
                    *counts.entry("sh run").or_default() += 1;
                }
                "toml" => {
                    load_toml(&block, dir.path());
                    *counts
                        .entry(if block.not_run().is_some() { "toml not run" } else { "toml loaded" })
                        .or_default() += 1;
                }
                "python" => {
                    parse_python(&block);
                    *counts.entry("python parsed").or_default() += 1;
                }
                _ => {}
            }
        }
        for file in writes(&page) {
            assert!(dir.path().join(file).is_file(), "{page}: its examples did not write {file}");
        }
        shows_what_ran(&page, dir.path());
    }
    eprintln!("readme: {counts:?}");
    assert!(counts.get("sh run").copied().unwrap_or(0) >= 5, "too few runnable blocks: {counts:?}");
    let report = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    assert!(report.contains("sudoku-lab run experiments/quick.toml"), "the tour runs the quick experiment");
}

/// The subcommands and their one-line descriptions, from `sudoku-lab --help`.
fn commands() -> Vec<(String, String)> {
    let help = String::from_utf8(Command::new(BIN).arg("--help").output().unwrap().stdout).unwrap();
    let list = &help[help.find("Commands:\n").expect("a command list") + 10..];
    list.lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.trim().split_once(char::is_whitespace))
        .map(|(name, what)| (name.to_string(), what.trim().to_string()))
        .filter(|(name, _)| name != "help")
        .collect()
}

/// The rows of the first table in a page's section, as (first cell without backticks, the rest).
fn table_rows(page: &str, heading: &str) -> Vec<(String, String)> {
    let text = read(page);
    let section = &text[text.find(heading).unwrap_or_else(|| panic!("{page}: no section {heading}"))..];
    section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let (first, rest) = l[1..].split_once(" | ").expect("a row of two or more cells");
            (first.trim().trim_matches('`').to_string(), rest.trim_end_matches('|').trim().to_string())
        })
        .collect()
}

#[test]
fn the_readme_command_table_is_the_help_word_for_word() {
    let rows = table_rows("README.md", "## Commands");
    let help = commands();
    assert_eq!(rows, help, "README.md's command table against `sudoku-lab --help`");
    let detail: Vec<String> = table_rows("docs/commands.md", "| command |").into_iter().map(|(n, _)| n).collect();
    let names: Vec<String> = help.into_iter().map(|(n, _)| n).collect();
    let (mut a, mut b) = (detail.clone(), names.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b, "docs/commands.md's table names every command of `sudoku-lab --help`, and no other");
}

#[test]
fn the_solver_tables_name_every_solver() {
    let mut all: Vec<&str> = SolverKind::ALL.iter().map(|k| k.name()).collect();
    all.sort();
    for page in ["README.md", "docs/solvers.md"] {
        let mut names: Vec<String> = table_rows(page, "| solver |").into_iter().map(|(n, _)| n).collect();
        names.sort();
        assert_eq!(names, all, "{page}'s solver table");
    }
    let mut graph: Vec<&str> = ColourSolverKind::ALL.iter().map(|k| k.name()).collect();
    graph.sort();
    for page in ["README.md", "docs/graphs.md"] {
        let mut names: Vec<String> = table_rows(page, "| graph solver |").into_iter().map(|(n, _)| n).collect();
        names.sort();
        assert_eq!(names, graph, "{page}'s graph solver table");
    }
}

/// The page on external solvers lists every placeholder a command may use, and every input but
/// `cnf-minimal` is a format `export --to` writes (the page says the inputs are `export`'s files).
#[test]
fn the_external_solver_page_lists_every_placeholder_and_export_writes_every_input() {
    let page = read("docs/external-solvers.md");
    let section = page.split("## Inputs, answers and placeholders").nth(1).expect("the section exists");
    let section = section.split("\n## ").next().unwrap_or_default();
    for placeholder in PLACEHOLDERS {
        assert!(section.contains(&format!("`{{{placeholder}}}`")), "{{{placeholder}}} is not listed");
    }
    let help = String::from_utf8(Command::new(BIN).args(["export", "--help"]).output().unwrap().stdout).unwrap();
    let to =
        help.split("\n      --to <TO>").nth(1).and_then(|rest| rest.split("\n      --").next()).unwrap_or_default();
    for input in Input::ALL.into_iter().filter(|i| *i != Input::CnfMinimal) {
        assert!(to.contains(&format!("- {}:", input.name())), "export --to has no {}:\n{help}", input.name());
    }
}

/// The experiments page names every committed config and every committed results folder.
#[test]
fn the_experiments_page_names_every_committed_config_and_results_folder() {
    let page = read("docs/experiments.md");
    let section = page.split("## The committed configs and what a run writes").nth(1).expect("the section exists");
    let section = section.split("\n## ").next().unwrap_or_default();
    let names = |dir: &str, keep: &dyn Fn(&Path) -> Option<String>| -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(Path::new(ROOT).join(dir)).unwrap().filter_map(|e| keep(&e.unwrap().path())).collect();
        names.sort();
        names
    };
    let configs = names("experiments", &|p| {
        (p.extension()? == "toml").then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
    });
    let folders: Vec<String> =
        committed_results().iter().map(|dir| dir.trim_start_matches("results/").to_string()).collect();
    assert!(configs.len() >= 20 && folders.len() >= 20, "{configs:?} {folders:?}");
    for name in configs.iter().chain(&folders) {
        let named = [format!("`{name}`"), format!("`results/{name}`"), format!("`results/{name}/`")];
        assert!(named.iter().any(|n| section.contains(n.as_str())), "{name} is not named");
    }
}

/// The README's headline figure says which committed config made its folder, and it did: the
/// config's identity is the one `meta.json` recorded, its name aside.
#[test]
fn the_readme_figure_names_the_config_that_made_it() {
    let readme = read("README.md");
    let figure = readme.lines().find(|l| l.starts_with("![")).expect("a headline figure");
    let folder = figure.split("](").nth(1).and_then(|p| p.rsplit_once('/')).map(|(dir, _)| dir).unwrap();
    let caption = &readme[readme.find(figure).unwrap() + figure.len()..];
    let caption = caption.split("\n\n").find(|p| !p.trim().is_empty()).unwrap();
    let config = caption.split('`').find(|w| w.starts_with("experiments/") && w.ends_with(".toml"));
    let config = config.unwrap_or_else(|| panic!("the caption names no experiments/*.toml: {caption}"));
    let meta = sudoku_lab::experiment::folder::read_meta(&Path::new(ROOT).join(folder)).unwrap().unwrap();
    let mut made = Config::load(&Path::new(ROOT).join(config)).unwrap();
    made.name.clone_from(&meta.config.name);
    assert_eq!(made.identity(), meta.config.identity(), "{config} against {folder}/meta.json");
}

/// Every `--flag` after `sudoku-lab SUBCOMMAND` in any `sh` block, run or not, is in its `--help`.
#[test]
fn every_flag_in_the_examples_is_one_the_help_lists() {
    let mut helps: HashMap<String, String> = HashMap::new();
    let mut checked = 0;
    for block in pages().iter().flat_map(|p| blocks(p)).filter(|b| b.lang == "sh") {
        // One command line per line (a trailing `\` continues it), comments left out.
        let code = block.text.replace("\\\n", " ");
        let code: Vec<&str> = code
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .map(|l| l.split(" #").next().unwrap_or(""))
            .collect();
        let code = code.join(";");
        for segment in code.split(['|', ';', '&', '(', ')']) {
            let words: Vec<&str> = segment.split_whitespace().collect();
            let Some(at) = words.iter().position(|w| *w == "sudoku-lab") else { continue };
            let Some(sub) = words.get(at + 1).filter(|w| !w.starts_with('-')) else { continue };
            let help = helps.entry(sub.to_string()).or_insert_with(|| {
                let o = Command::new(BIN).args([sub, "--help"]).output().unwrap();
                assert!(o.status.success(), "{}: `sudoku-lab {sub}` is no command", block.at());
                String::from_utf8(o.stdout).unwrap()
            });
            for flag in words[at + 2..].iter().filter(|w| w.starts_with("--")) {
                let flag = flag.split('=').next().unwrap();
                assert!(
                    help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n")),
                    "{}: `sudoku-lab {sub} --help` lists no {flag}",
                    block.at()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "only {checked} flags checked");
}

/// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_` kept, spaces to `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(page: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap();
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        fenced ^= line.trim_start().starts_with("```");
        if !fenced && line.starts_with('#') {
            out.push(slug(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn every_link_leads_to_a_file_and_heading_that_exist() {
    let mut checked = 0;
    for page in pages() {
        let text = read(&page);
        let here = Path::new(ROOT).join(&page);
        let folder = here.parent().unwrap().to_path_buf();
        for target in text.split("](").skip(1).map(|s| &s[..s.find(')').unwrap()]) {
            if target.contains("://") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            let file: PathBuf = if file.is_empty() { here.clone() } else { folder.join(file) };
            assert!(file.exists(), "{page}: link to {target}: no such file");
            if !anchor.is_empty() {
                assert!(anchors(&file).iter().any(|a| a == anchor), "{page}: link to {target}: no such heading");
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} links checked");
}

/// The README's two commands are the scripts, and `.ci/run` runs both as written, in the README's
/// order and in one checkout, so the suite is checked with the main job's outputs present.
#[test]
fn the_two_commands_are_the_scripts_and_ci_runs_the_test_command() {
    let readme = read("README.md");
    let block = blocks("README.md").into_iter().find(|b| b.text.contains("scripts/main.sh")).expect("the two commands");
    assert!(readme[..readme.find(&block.text).unwrap()].contains("## Two commands"), "under ## Two commands");
    let commands: Vec<&str> =
        block.text.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(commands, ["scripts/main.sh", "scripts/test.sh"]);
    let ci: Vec<String> = read(".ci/run").lines().filter(|l| l.starts_with("scripts/")).map(String::from).collect();
    assert_eq!(ci, commands, ".ci/run runs the two commands, as written and in the README's order");
}

/// The README's headlines about the committed results state every number with its interval and
/// n, and each interval is a row of `comparisons.csv` or `estimates.csv` of a folder its bullet
/// links to (as written there: a ratio's interval may be the inverse of its row's, with the pair
/// the other way round), so no headline outlives a re-rendered report.
#[test]
fn every_interval_in_the_results_headlines_is_a_row_of_the_folders_tables() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let start = readme.find("## What the committed results say").expect("the results section");
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let bullets: Vec<String> =
        section.split("\n- ").skip(1).map(|b| b.lines().map(str::trim).collect::<Vec<_>>().join(" ")).collect();
    assert!(bullets.len() >= 6, "{section}");
    let mut checked = 0;
    for bullet in &bullets {
        // The benchmark bullet states medians measured by `bench`, not report statistics.
        if bullet.starts_with("**At 9×9**") {
            continue;
        }
        let folders: Vec<PathBuf> = bullet
            .split("](docs/results.md#")
            .filter_map(|before| before.rsplit('[').next())
            .map(|name| Path::new(ROOT).join("results").join(name))
            .filter(|dir| dir.join("estimates.csv").is_file())
            .collect();
        assert!(!folders.is_empty(), "a headline links no results folder: {bullet}");
        let intervals = intervals_in(bullet);
        assert!(!intervals.is_empty(), "a headline without an interval: {bullet}");
        for (low, high, n) in intervals {
            assert!(
                folders.iter().any(|dir| table_has(dir, low, high, n)),
                "{bullet}\n95 % CI {low}–{high}, n = {n} is no row of {folders:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} intervals checked");
}

/// The README's 9×9 bullet states the range of the benchmark page's table (backtrack's mean time
/// as a fraction of tdoku's, over every set and both tasks), and that table is the measured one
/// in `results/bench/README.md` (its isomorph rows of `backtrack`), so the headline moves with
/// the measurement.
#[test]
fn the_benchmark_bullet_is_the_range_of_the_measured_performance_table() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let bullet = &readme[readme.find("- **At 9×9**, `backtrack` takes ").expect("the 9×9 bullet")..];
    let range = bullet.split("takes ").nth(1).and_then(|s| s.split(" of tdoku").next()).expect("takes A–B of tdoku");
    let (low, high) = range.split_once('–').expect("a range A–B");
    let stated: (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
    let rows = table_rows("docs/benchmarks.md", "### Performance at 9×9");
    let means: Vec<f64> = rows
        .iter()
        .flat_map(|(_, rest)| {
            rest.split('|').filter_map(|cell| cell.trim().split(" (").next()?.parse::<f64>().ok()).collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(means.len(), 6, "3 sets × 2 tasks in docs/benchmarks.md: {means:?}");
    let measured = read("results/bench/README.md");
    for (set, rest) in &rows {
        let (name, puzzles) = set.split_once(" (").expect("set (isomorphs)");
        let puzzles = puzzles.trim_end_matches(')').replace(',', "");
        for (solutions, cell) in (1..=2).zip(rest.split('|').map(str::trim)) {
            let (mean, median) = cell.trim_end_matches(')').split_once(" (").expect("mean (median)");
            let row = format!("| 9x9-{} (isomorphs) | {solutions} | backtrack | {puzzles} |", name.replace('-', ""));
            let line = measured.lines().find(|l| l.starts_with(&row)).unwrap_or_else(|| panic!("no row {row}"));
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(&cells[cells.len() - 2..], [mean, median], "docs/benchmarks.md {set} against {line}");
        }
    }
    let min = means.iter().copied().fold(f64::INFINITY, f64::min);
    let max = means.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(stated, (min, max), "README says {range}; docs/benchmarks.md's table ranges {min}–{max}");
}
