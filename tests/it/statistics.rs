//! The statistics `report` writes beside REPORT.md (`comparisons.csv`, `estimates.csv`;
//! docs/statistics.md): two copies of one solver are not told apart, a solver three times slower
//! is, and the files are the same bytes every time.

use std::fs;
use std::path::Path;

use crate::common::{self, puzzles, sudoku_lab};

/// External solvers answering right after a delay drawn from the puzzle (`delay-grid.sh`): `same-a`
/// and `same-b` from one distribution, `slow` three times as long.
fn delayed_solvers(dir: &Path) {
    let script = common::data("fake-solvers").join("delay-grid.sh");
    let text: String = [("same-a", "a", 1), ("same-b", "b", 1), ("slow", "c", 3)]
        .iter()
        .map(|(name, salt, factor)| {
            format!(
                "[[external]]\nname = \"{name}\"\ninput = \"grid\"\ncommand = [\"{}\", \"{{input}}\", \"{salt}\", \"{factor}\"]\n\
                 answer = \"grid\"\nenv = {{ SUDOKU_LAB = \"{}\" }}\n\n",
                script.display(),
                env!("CARGO_BIN_EXE_sudoku-lab")
            )
        })
        .collect();
    fs::write(dir.join("delayed.toml"), text).unwrap();
}

/// Runs the config `cfg` into `out` and writes its report; returns `out`.
fn run_and_report(cfg: &Path, out: &Path) -> std::path::PathBuf {
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let o = sudoku_lab(&["report", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    out.to_path_buf()
}

/// The `all` row of `test` comparing `a` and `b` (in either order) in `comparisons.csv`, as
/// (ratio of a over b, its interval, p, p adjusted).
fn compared(out: &Path, a: &str, b: &str, test: &str) -> (f64, f64, f64, f64, f64) {
    let mut reader = csv::Reader::from_path(out.join("comparisons.csv")).unwrap();
    for record in reader.records() {
        let r = record.unwrap();
        let num = |i: usize| r[i].parse::<f64>().unwrap();
        if &r[0] != "all" || &r[7] != test {
            continue;
        }
        if (&r[1], &r[2]) == (a, b) {
            return (num(4), num(5), num(6), num(8), num(9));
        }
        if (&r[1], &r[2]) == (b, a) {
            return (1.0 / num(4), 1.0 / num(6), 1.0 / num(5), num(8), num(9));
        }
    }
    panic!("no {test} row for {a} and {b}");
}

#[test]
fn two_copies_of_one_solver_are_not_told_apart_and_one_three_times_slower_is() {
    let dir = tempfile::tempdir().unwrap();
    delayed_solvers(dir.path());
    fs::create_dir_all(dir.path().join("p")).unwrap();
    let (p, s) = (puzzles("9x9-top95.txt"), puzzles("9x9-top95.solutions.txt"));
    let lines: Vec<String> = (0..40).map(|i| format!("{}:1:{}", p[i], s[i])).collect();
    fs::write(dir.path().join("p/top40.txt"), lines.join("\n") + "\n").unwrap();
    let cfg = dir.path().join("same.toml");
    fs::write(
        &cfg,
        "name = \"same\"\nsolvers = [\"same-a\", \"same-b\", \"slow\"]\ntime_limit = 10.0\nseed = 7\n\
         external = [\"delayed.toml\"]\n[[sets]]\nname = \"top40\"\nfiles = [\"p/top40.txt\"]\n",
    )
    .unwrap();
    let out = run_and_report(&cfg, &dir.path().join("out"));

    // One distribution: the interval holds 1, and no test tells them apart.
    let (ratio, low, high, _, p_adjusted) = compared(&out, "same-a", "same-b", "wilcoxon");
    assert!(low <= 1.0 && 1.0 <= high, "same-a over same-b: {ratio} [{low}, {high}]");
    assert!(p_adjusted >= 0.05, "p adjusted {p_adjusted}");
    // Three times as long (its delay; the worker's start-up is the same for both): the interval
    // lies above 1 and the test decides.
    let (ratio, low, _, p, _) = compared(&out, "slow", "same-a", "wilcoxon");
    assert!(low > 1.0 && (1.8..4.5).contains(&ratio), "slow over same-a: {ratio}, from {low}");
    assert!(p < 0.01, "p {p}");

    // Every solver's estimates, n = 40 instances each.
    let estimates = fs::read_to_string(out.join("estimates.csv")).unwrap();
    for solver in ["same-a", "same-b", "slow"] {
        for statistic in ["median", "par2", "solved_share"] {
            let row = format!("all,{solver},{statistic},");
            let line = estimates.lines().find(|l| l.starts_with(&row)).unwrap_or_else(|| panic!("{row}"));
            assert!(line.ends_with(",40"), "{line}");
        }
    }

    // The findings: the two copies are not told apart, and no finding names either the winner.
    let report = fs::read_to_string(out.join("REPORT.md")).unwrap();
    let findings = &report[report.find("## Key findings").unwrap()..report.find("## Conclusions").unwrap()];
    assert!(
        findings.contains("no significant difference between the two fastest, `same-")
            && findings.contains("the first two, `same-"),
        "{findings}"
    );
    for winner in ["`same-a` is faster", "`same-b` is faster", "(`same-a`) at", "(`same-b`) at", "ranks first"] {
        assert!(!findings.contains(winner), "{winner}: {findings}");
    }
    assert!(report.contains("\n## Conclusions\n\n**Which solver wins where.**"), "{report}");
    // The same runs without `same-b`: `slow` loses, and the finding names the winner with its
    // interval and n.
    let pair = dir.path().join("pair");
    fs::create_dir_all(&pair).unwrap();
    let runs = fs::read_to_string(out.join("runs.csv")).unwrap();
    let kept: Vec<&str> = runs.lines().filter(|l| !l.contains(",same-b,")).collect();
    fs::write(pair.join("runs.csv"), kept.join("\n") + "\n").unwrap();
    fs::copy(out.join("meta.json"), pair.join("meta.json")).unwrap();
    let o = sudoku_lab(&["report", pair.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let report = fs::read_to_string(pair.join("REPORT.md")).unwrap();
    let fastest =
        report.lines().find(|l| l.starts_with("1. Fastest solver by size") || l.contains(". Fastest solver by size"));
    let fastest = fastest.unwrap_or_else(|| panic!("no fastest finding: {report}"));
    assert!(fastest.contains("(`same-a`) at N = 9, ahead of `slow` by "), "{fastest}");
    assert!(fastest.contains("(95 % CI ") && fastest.contains("n = 40, p_adj "), "{fastest}");

    // `report` again: the same bytes, the bootstrap being seeded by the run's seed.
    let files = ["REPORT.md", "comparisons.csv", "estimates.csv"];
    let before: Vec<Vec<u8>> = files.iter().map(|f| fs::read(out.join(f)).unwrap()).collect();
    let o = sudoku_lab(&["report", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    for (file, bytes) in files.iter().zip(&before) {
        assert_eq!(&fs::read(out.join(file)).unwrap(), bytes, "{file} changed");
    }
}

// Issue 49, item 5: with solver seeds the report shows how far one instance's seeds spread and how
// the variance splits between seeds and instances, at the peak and off it, each with its interval.
#[test]
fn solver_seeds_show_their_spread_and_their_share_of_the_variance_at_the_peak_and_off_it() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("seeds.toml");
    fs::write(
        &cfg,
        "name = \"seed-luck\"\nboxes = [\"5x5\"]\nalphas = [0.35, 0.45, 0.55]\nmodes = [\"planted\"]\n\
         repeats = 3\nsolvers = [\"sat\", \"backtrack\"]\nsolver_seeds = 3\ntime_limit = 20.0\nseed = 42\n",
    )
    .unwrap();
    let out = run_and_report(&cfg, &dir.path().join("out"));
    let mut reader = csv::Reader::from_path(out.join("estimates.csv")).unwrap();
    let mut scopes = std::collections::BTreeSet::new();
    for record in reader.records() {
        let r = record.unwrap();
        let num = |i: usize| r[i].parse::<f64>().unwrap();
        let (estimate, low, high) = (num(3), num(4), num(5));
        match &r[2] {
            "seed_share" => assert!(0.0 <= low && low <= estimate && estimate <= high && high <= 1.0, "{r:?}"),
            "seed_spread" => assert!(1.0 <= low && low <= estimate && estimate <= high, "{r:?}"),
            _ => continue,
        }
        scopes.insert((r[0].to_owned(), r[1].to_owned()));
        assert_eq!(&r[6], if r[0].ends_with(" peak") { "3" } else { "6" }, "instances: 3 per α: {r:?}");
    }
    // `backtrack`'s dead ends peak at α = 0.45 (the middle level, deep enough to locate); the split
    // of every solver is taken there.
    for solver in ["sat", "backtrack"] {
        for place in ["peak", "off-peak"] {
            let scope = (format!("planted N=25 {place}"), solver.to_owned());
            assert!(scopes.contains(&scope), "{scope:?} in {scopes:?}");
        }
    }
    let report = fs::read_to_string(out.join("REPORT.md")).unwrap();
    let table = &report[report.find("## Seed luck").expect("a seed-luck section")..];
    assert_eq!(table.lines().filter(|l| l.starts_with("| planted |")).count(), 4, "{table}");
    assert!(table.contains("| planted | 25 | peak α* = 0.45 | `backtrack` | 3 | 3 |"), "{table}");
    assert!(table.contains("| planted | 25 | off the peak | `sat` | 6 | 3 |"), "{table}");
    let finding = report.lines().find(|l| l.contains(". Seed luck (planted instances, N = 25")).expect("the finding");
    assert!(finding.contains("α* = 0.45)") && finding.contains("off the peak seeds hold a share "), "{finding}");
    assert!(finding.contains("(95 % CI ") && finding.contains("n = 3)"), "{finding}");
    let luck = report.lines().find(|l| l.starts_with("**How much is luck.**")).expect("a Conclusions paragraph");
    assert!(
        luck.contains("`backtrack` ") && luck.contains(" at the peak against ") && luck.contains("n = 6) off it"),
        "{luck}"
    );
}
