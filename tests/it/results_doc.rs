//! `docs/results.md` states no number about a committed result by hand. Each folder's section
//! holds a few hand-written lines (what was run, why, what to read) and the folder's `**Runs:**`
//! line, *Key findings* and *Conclusions*, copied from its `REPORT.md` between
//! `<!-- generated: results/NAME/REPORT.md findings -->` and `<!-- end generated -->`, figure and
//! link paths made relative to `docs/` ([`block_for`] is the whole rule). These tests hold:
//!
//! - every generated block to what [`block_for`] makes from the folder's current `REPORT.md`, and
//!   every folder with a `REPORT.md` to one block; a block goes stale when a report is
//!   re-rendered, and `BLESS_RESULTS_DOC=1 cargo test --release --test it results_doc::`
//!   rewrites the blocks in place (and still checks them);
//! - every `95 % CI low–high, n = k` written by hand to a row of `estimates.csv` or
//!   `comparisons.csv` of a folder its section links (the README's rule, [`table_has`]);
//! - the hand-written lines to config: a line without a checked interval may not state a ratio
//!   (`5.4×`), a time other than a linked folder's time limit, a share other than `95 %`, a count
//!   (`9 of 10`, `8/10`, `n conflicts`, `n solved`), an estimate (`α* =`, `N^e`, `PAR-2 x`), or a
//!   verdict word (`faster`, `slower`, `ahead`, `beats`, `wins`); the literature's constants are
//!   listed in [`LITERATURE`].

use std::path::Path;

use crate::common::{committed_results, intervals_in, table_has};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const DOC: &str = "docs/results.md";
const OPEN: &str = "<!-- generated: ";
const OPEN_END: &str = " findings -->";
const CLOSE: &str = "<!-- end generated -->";
const BLESS: &str = "BLESS_RESULTS_DOC";

/// Numbers that are the literature's, not ours, and may stand in a hand-written line.
const LITERATURE: [&str; 3] = ["1.53·N^1.55", "N^1.55", "n^1.55"];
/// Words that state a verdict; a hand-written line says them only beside a checked interval.
const VERDICTS: [&str; 6] = ["faster", "slower", "ahead", "beats", " wins", " won "];

/// The text under `## {heading}` in a report, up to the next `## ` heading, trimmed.
fn report_section<'a>(report: &'a str, heading: &str) -> &'a str {
    let start = report.find(&format!("\n## {heading}\n")).unwrap_or_else(|| panic!("no ## {heading}"));
    let body = &report[start + heading.len() + 5..];
    body[..body.find("\n## ").unwrap_or(body.len())].trim()
}

/// A report's link target as seen from `docs/`: a relative path goes under `../results/NAME/`,
/// an anchor to the report itself; a URL or an absolute path stays.
fn from_docs(folder: &str, target: &str) -> String {
    if target.contains("://") || target.starts_with('/') {
        target.to_string()
    } else if target.starts_with('#') {
        format!("../{folder}/REPORT.md{target}")
    } else {
        format!("../{folder}/{target}")
    }
}

/// The generated block for `folder` (`results/NAME`): its REPORT.md's `**Runs:**` line, Key
/// findings and Conclusions, verbatim but for the link targets ([`from_docs`]).
fn block_for(folder: &str) -> String {
    let path = Path::new(ROOT).join(folder).join("REPORT.md");
    let report = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let runs = report.lines().find(|l| l.starts_with("**Runs:**")).unwrap_or_else(|| panic!("{folder}: no **Runs:**"));
    let text = format!(
        "{runs}\n\n**Key findings**\n\n{}\n\n**Conclusions**\n\n{}",
        report_section(&report, "Key findings"),
        report_section(&report, "Conclusions")
    );
    let mut parts = text.split("](");
    let mut out = parts.next().unwrap().to_string();
    for part in parts {
        let end = part.find(')').unwrap_or_else(|| panic!("{folder}: a link without `)`"));
        out.push_str(&format!("]({}{}", from_docs(folder, &part[..end]), &part[end..]));
    }
    out
}

/// A generated block of the page: its folder, and where its text starts and ends.
struct Block {
    folder: String,
    start: usize,
    end: usize,
}

/// The generated blocks of `doc` (a marker opens a line), in order; a block without its end is
/// refused.
fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = doc[from..].find(OPEN).map(|i| i + from) {
        if at > 0 && !doc[..at].ends_with('\n') {
            // A marker named in the text, not one that opens a block.
            from = at + OPEN.len();
            continue;
        }
        let line_end = doc[at..].find('\n').map_or(doc.len(), |i| i + at);
        let marker = &doc[at + OPEN.len()..line_end];
        let file = marker.strip_suffix(OPEN_END).unwrap_or_else(|| panic!("{DOC}: a bad marker: {marker}"));
        let folder = file.strip_suffix("/REPORT.md").unwrap_or_else(|| panic!("{DOC}: not a REPORT.md: {file}"));
        let end = doc[line_end..].find(CLOSE).map(|i| i + line_end);
        let end = end.unwrap_or_else(|| panic!("{DOC}: the block of {folder} has no `{CLOSE}`"));
        out.push(Block { folder: folder.to_string(), start: line_end + 1, end });
        from = end + CLOSE.len();
    }
    out
}

/// `doc` with every block's text what [`block_for`] makes now.
fn regenerated(doc: &str) -> String {
    let mut out = String::new();
    let mut from = 0;
    for block in blocks(doc) {
        out.push_str(&doc[from..block.start]);
        out.push_str(&block_for(&block.folder));
        out.push('\n');
        from = block.end;
    }
    out.push_str(&doc[from..]);
    out
}

fn read_doc() -> String {
    std::fs::read_to_string(Path::new(ROOT).join(DOC)).unwrap()
}

/// The page's sections (split at `## `) as (heading, the folders it links or quotes, its text
/// without the generated blocks); the introduction is the first, with its own links.
fn hand_written(doc: &str) -> Vec<(String, Vec<String>, String)> {
    let committed = committed_results();
    let mut sections = Vec::new();
    for section in doc.split("\n## ") {
        let heading = section.lines().next().unwrap_or("").to_string();
        let mut folders: Vec<String> = section
            .split("../results/")
            .skip(1)
            .filter_map(|rest| rest.split(['/', ')', '#']).next())
            .map(|name| format!("results/{name}"))
            .filter(|dir| committed.contains(dir))
            .collect();
        let mut text = String::new();
        let mut from = 0;
        for block in blocks(section) {
            let open = section[..block.start - 1].rfind(OPEN).unwrap();
            text.push_str(&section[from..open]);
            from = block.end + CLOSE.len();
            folders.push(block.folder);
        }
        text.push_str(&section[from..]);
        folders.sort();
        folders.dedup();
        sections.push((heading, folders, text));
    }
    sections
}

/// A folder's time limit in seconds, from its `meta.json` (`results/bench` has none).
fn time_limit(folder: &str) -> Option<f64> {
    let meta = std::fs::read_to_string(Path::new(ROOT).join(folder).join("meta.json")).ok()?;
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    Some(meta["config"]["time_limit"].as_f64().unwrap_or_else(|| panic!("{folder}: no time limit")))
}

/// What a hand-written line states that only the results can say, as (the kind, the number).
fn result_numbers(line: &str, limits: &[f64]) -> Vec<(&'static str, String)> {
    let mut line = line.to_string();
    for constant in LITERATURE {
        line = line.replace(constant, "");
    }
    let mut out: Vec<(&'static str, String)> =
        VERDICTS.iter().filter(|w| line.contains(*w)).map(|w| ("a verdict", w.trim().to_string())).collect();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let before = if i > 0 { chars[i - 1] } else { ' ' };
        if !chars[i].is_ascii_digit() || before.is_alphanumeric() || matches!(before, '.' | '_' | '-' | ',') {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || (matches!(chars[j], '.' | ',') && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
        {
            j += 1;
        }
        let number: String = chars[i..j].iter().collect();
        let rest: String = chars[j..].iter().collect();
        let prefix: String = chars[..i].iter().collect();
        let value: f64 = number.replace(',', "").parse().unwrap();
        let spaced = rest.strip_prefix(' ').unwrap_or(&rest);
        let unit = ["ms", "µs", "s", "min", "h"]
            .into_iter()
            .find(|u| spaced.starts_with(u) && !spaced[u.len()..].starts_with(|c: char| c.is_alphanumeric()));
        let after_of = rest.strip_prefix(" of ").map(|r| r.strip_prefix("the ").unwrap_or(r));
        // `5.4×` or `×122`, but not a size like `9×9`.
        let ratio = (rest.starts_with('×') && !rest.chars().nth(1).is_some_and(|c| c.is_ascii_digit()))
            || (before == '×' && !prefix.chars().rev().nth(1).is_some_and(|c| c.is_ascii_digit()));
        let kind = if ratio {
            Some("a ratio")
        } else if let Some(unit) = unit {
            (unit != "s" || !limits.contains(&value)).then_some("a time (not a linked folder's limit)")
        } else if rest.starts_with(" %") {
            (number != "95").then_some("a share")
        } else if after_of.is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            || (rest.starts_with('/') && rest.chars().nth(1).is_some_and(|c| c.is_ascii_digit()))
            || ["conflicts", "dead ends", "nodes", "solved", "unfinished", "resolved"].iter().any(|w| {
                let word = rest.strip_prefix(' ').unwrap_or("#");
                word.strip_prefix("median ").or(word.strip_prefix("mean ")).unwrap_or(word).starts_with(w)
            })
        {
            Some("a count")
        } else if ["α* = ", "α* ", "^", "PAR-2 "].iter().any(|p| prefix.ends_with(p)) {
            Some("an estimate")
        } else {
            None
        };
        if let Some(kind) = kind {
            out.push((kind, number));
        }
        i = j;
    }
    out
}

/// Every block is what the generator makes from its folder's REPORT.md now, and every committed
/// folder with a report has one. With `BLESS_RESULTS_DOC=1` the blocks are rewritten first.
#[test]
fn every_generated_block_is_its_reports_findings_and_conclusions() {
    let doc = read_doc();
    if std::env::var(BLESS).is_ok_and(|v| v == "1") {
        let fresh = regenerated(&doc);
        if fresh != doc {
            // Written beside and renamed, so the other tests never read half a page.
            let path = Path::new(ROOT).join(DOC);
            let scratch = path.with_extension("md.bless");
            std::fs::write(&scratch, &fresh).unwrap();
            std::fs::rename(&scratch, &path).unwrap();
            eprintln!("{DOC}: generated blocks rewritten");
        }
    }
    let doc = read_doc();
    let blocks = blocks(&doc);
    for block in &blocks {
        let want = block_for(&block.folder);
        let have = doc[block.start..block.end].trim_end_matches('\n');
        if have != want {
            let line = have.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0);
            panic!(
                "{DOC}: the block of {} is stale (its line {}:\n  page:   {}\n  report: {})\n\
                 rerun with {BLESS}=1 to regenerate it",
                block.folder,
                line + 1,
                have.lines().nth(line).unwrap_or(""),
                want.lines().nth(line).unwrap_or("")
            );
        }
    }
    let reported: Vec<String> =
        committed_results().into_iter().filter(|dir| Path::new(ROOT).join(dir).join("REPORT.md").is_file()).collect();
    let mut quoted: Vec<String> = blocks.iter().map(|b| b.folder.clone()).collect();
    quoted.sort();
    assert_eq!(quoted, reported, "{DOC}: one generated block per folder with a REPORT.md");
}

/// An interval written by hand is a row of a folder its section links (or quotes).
#[test]
fn every_interval_written_by_hand_is_a_row_of_a_linked_folders_tables() {
    let doc = read_doc();
    for (heading, folders, text) in hand_written(&doc) {
        for (low, high, n) in intervals_in(&text) {
            assert!(
                folders.iter().any(|dir| table_has(&Path::new(ROOT).join(dir), low, high, n)),
                "{DOC}, ## {heading}: 95 % CI {low}–{high}, n = {n} is no row of {folders:?}"
            );
        }
    }
}

/// The hand-written lines state config, not results: what [`result_numbers`] finds is refused
/// outside the generated blocks, but on a line that carries a checked interval.
#[test]
fn the_hand_written_parts_state_no_result_numbers() {
    let doc = read_doc();
    let mut lines = 0;
    let mut offences = Vec::new();
    for (heading, folders, text) in hand_written(&doc) {
        let limits: Vec<f64> = folders.iter().filter_map(|f| time_limit(f)).collect();
        for line in text.lines().filter(|l| !l.contains("95 % CI ")) {
            lines += 1;
            for (kind, number) in result_numbers(line, &limits) {
                offences.push(format!("## {heading}: {kind}, {number}: {line}"));
            }
        }
    }
    assert!(lines >= 100, "only {lines} hand-written lines");
    assert!(offences.is_empty(), "{DOC} states results by hand:\n{}", offences.join("\n"));
}

/// The guard finds what it is for, and lets config and the literature pass.
#[test]
fn the_guard_tells_results_from_config() {
    let found = |line: &str| result_numbers(line, &[3.0]).into_iter().map(|(k, _)| k).collect::<Vec<_>>();
    for line in [
        "`ilp-clique` takes 5.4× `sat`'s time",
        "against ×122 Satz backtracks",
        "a median 0.5 ms at 9×9",
        "solves 9 of 10, and 43 of the 80",
        "8/10 at the peak",
        "at 4,584 median conflicts",
        "the peak: α* = 0.45",
        "grow like N^1.74",
        "PAR-2 25.6 s",
        "takes 2.5 s",
        "in 19 min on 2 cores",
        "61 % of them",
        "the portfolio is faster",
    ] {
        assert!(!found(line).is_empty(), "not caught: {line}");
    }
    for line in [
        "planted 9×9 and 16×16, α = 0.4, 10 repeats, 3 s limit, 2 cores",
        "the published ≈ 1.53·N^1.55 holes (Kautz et al. 2001), 95 % intervals",
        "`experiments/peak-sat.toml`, boxes 4x4, 6x6 (N = 16 … 36), 20 instances per point",
        "`results/bench/sat36-pairs`, the changes of issue 33 and `minizinc-gecode` (Gecode 6.2)",
    ] {
        assert!(found(line).is_empty(), "caught: {line}: {:?}", found(line));
    }
}
