//! Experiments over instance sets, end to end through the real binary: `[[sets]]` tables name puzzle
//! files by glob patterns relative to the config; every puzzle is an instance with a stable id and
//! an expected verdict; runs, resume, shards, merge, the report and the figures work for them as
//! for generated instances, and an answer that contradicts an expectation is flagged (a verified
//! one counts, and the expectation is reported wrong).

use std::fs;
use std::path::{Path, PathBuf};

use sudoku_lab::experiment::record::RunRow;

use crate::common::{self, certificate, puzzles, rows, sudoku_lab};

/// A folder with puzzles of three sizes: 9×9 as `PUZZLE:1:SOLUTION`, 16×16 and 4×4 bare.
fn puzzle_folder(dir: &Path) -> PathBuf {
    let data = dir.join("puzzles");
    fs::create_dir_all(&data).unwrap();
    let (p9, s9) = (puzzles("9x9-top95.txt"), puzzles("9x9-top95.solutions.txt"));
    let nine: String = p9.iter().zip(&s9).take(3).map(|(p, s)| format!("{p}:1:{s}\n")).collect();
    fs::write(data.join("9x9-top.txt"), nine).unwrap();
    fs::write(data.join("16x16-gecode.txt"), puzzles("16x16-gecode-10.txt")[..2].join("\n") + "\n").unwrap();
    fs::write(data.join("4x4.txt"), puzzles("4x4-samples.txt").join("\n") + "\n").unwrap();
    data
}

fn write_config(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("sets.toml");
    fs::write(
        &path,
        format!("name = \"sets\"\nsolvers = [\"backtrack\", \"sat\"]\ntime_limit = 20.0\nseed = 3\n{body}"),
    )
    .unwrap();
    path
}

const THREE_SIZES: &str = "[[sets]]\nname = \"mixed\"\nfiles = [\"puzzles/*.txt\"]\n";

#[test]
fn a_set_of_three_sizes_runs_verified_with_stable_ids_and_a_report_grouped_by_set() {
    let dir = tempfile::tempdir().unwrap();
    puzzle_folder(dir.path());
    let cfg = write_config(dir.path(), THREE_SIZES);
    let out = dir.path().join("out");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let rows = rows(&out);
    assert_eq!(rows.len(), (3 + 2 + 3) * 2, "every puzzle × every solver");
    for r in &rows {
        assert_eq!(
            (r.outcome.word(), r.verified, r.mode.word(), r.set.as_str()),
            ("solved", Some(true), "set", "mixed")
        );
        assert!(r.contradiction.is_empty(), "{r:?}");
        let expected_alpha = r.givens as f64 / (r.n * r.n) as f64;
        assert!((r.alpha - expected_alpha).abs() < 1e-4, "α is the puzzle's fill: {r:?}");
    }
    let sizes: std::collections::BTreeSet<usize> = rows.iter().map(|r| r.n).collect();
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [4, 9, 16]);
    let ids: Vec<&str> = rows.iter().filter(|r| r.solver == "sat").map(|r| r.instance.as_str()).collect();
    assert_eq!(
        ids[..2],
        ["puzzles/16x16-gecode.txt#1", "puzzles/16x16-gecode.txt#2"],
        "files sorted, puzzles numbered"
    );
    let expected: Vec<&str> = rows.iter().filter(|r| r.n == 9).map(|r| r.expected.as_str()).collect();
    assert!(expected.iter().all(|e| *e == "unique"), "PUZZLE:1:SOLUTION gives unique: {expected:?}");
    assert!(rows.iter().filter(|r| r.n != 9).all(|r| r.expected.is_empty()));
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    let files = meta["sets"][0]["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[0]["path"], "puzzles/16x16-gecode.txt");
    assert_eq!(files[0]["sha256"].as_str().map(str::len), Some(64));

    // The same config with one more file: the old puzzles keep their ids and seeds.
    fs::write(dir.path().join("puzzles/0-extra.txt"), puzzles("4x4-samples.txt")[0].clone() + "\n").unwrap();
    let again = dir.path().join("again");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", again.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let key = |r: &RunRow| (r.instance.clone(), r.solver.clone(), r.seed);
    let old: Vec<_> = rows.iter().map(key).collect();
    let new: Vec<_> = self::rows(&again).iter().map(key).collect();
    assert!(old.iter().all(|k| new.contains(k)), "stable ids and seeds");

    let report = sudoku_lab(&["report", out.to_str().unwrap()]);
    assert!(report.status.success(), "{}", common::stderr(&report));
    let text = fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(text.contains("| 9 | 3×3 | mixed |"), "rows grouped by set and N: {text}");
    assert!(text.contains("| 16 | 4×4 | mixed |"), "{text}");
}

#[test]
fn an_answer_contradicting_the_expected_verdict_is_flagged_and_a_verified_one_beats_the_expectation() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("puzzles");
    fs::create_dir_all(&data).unwrap();
    // A solvable puzzle claimed to have no solution, and one claimed to have two; a third that
    // truly has none (two 1s in its first row), rightly claimed so.
    let p = &puzzles("9x9-top95.txt")[..2];
    let none = format!("11{}", &p[0][2..]);
    fs::write(data.join("claims.txt"), format!("{}:0\n{}:2\n{none}:0\n", p[0], p[1])).unwrap();
    let cfg = write_config(dir.path(), "[[sets]]\nname = \"claims\"\nfiles = [\"puzzles/claims.txt\"]\n");
    let out = dir.path().join("out");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "a contradiction fails the run: {}", common::stderr(&o));
    let err = common::stderr(&o);
    assert!(err.contains("instance=puzzles/claims.txt#1"), "{err}");
    assert!(err.contains("the expected verdict is wrong: backtrack's verified solution contradicts it"), "{err}");
    let rows = rows(&out);
    for r in &rows {
        let (first, third) = (r.instance.ends_with("#1"), r.instance.ends_with("#3"));
        assert_eq!(r.expected, if first || third { "unsolvable" } else { "solvable" });
        assert_eq!(r.contradiction.is_empty(), !first, "{r:?}");
        let outcome = if third { "infeasible" } else { "solved" };
        assert_eq!(r.outcome.word(), outcome, "what the run itself found: {r:?}");
        assert_eq!(certificate(r), if third { "checked" } else { "" }, "{r:?}");
    }
    let report = sudoku_lab(&["report", out.to_str().unwrap()]);
    assert!(report.status.success(), "{}", common::stderr(&report));
    let text = fs::read_to_string(out.join("REPORT.md")).unwrap();
    let findings = text.split("## ").nth(1).unwrap_or_default();
    assert!(!findings.contains("gave a wrong answer"), "no solver was wrong: {text}");
    assert!(findings.contains("1 puzzle(s) have a wrong expected verdict"), "{text}");
    assert!(text.contains("| claims | puzzles/claims.txt#1 | backtrack | solved | unsolvable |"), "{text}");
    let par2 = text.lines().find(|l| l.contains("PAR-2 over all instances")).unwrap();
    assert!(par2.contains("n = 3), 3 solved"), "the verified solution and the checked proof count: {par2}");
}

#[test]
fn a_glob_from_the_root_never_reads_a_runs_own_results_and_a_foreign_instances_file_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("puzzles");
    fs::create_dir_all(&data).unwrap();
    fs::write(data.join("a.txt"), puzzles("9x9-top95.txt")[..2].join("\n") + "\n").unwrap();
    let cfg = write_config(dir.path(), "[[sets]]\nname = \"all\"\nfiles = [\"**/*.txt\"]\n");
    let out = dir.path().join("results/sets");
    let run = |more: &[&str]| {
        let mut args = vec!["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()];
        args.extend_from_slice(more);
        sudoku_lab(&args)
    };
    let o = run(&[]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert_eq!(rows(&out).len(), 4, "two puzzles × two solvers");
    // results/sets/instances.txt now matches `**/*.txt`, but is never read as a puzzle file.
    let o = run(&["--resume"]);
    assert!(o.status.success(), "resume is not refused: {}", common::stderr(&o));
    for _ in 0..2 {
        let o = run(&["--force"]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        assert_eq!(rows(&out).len(), 4, "--force does not grow the set");
    }
    // A folder with an instances.txt that no run wrote is refused, and the file kept (outside the
    // config's folder, where `**/*.txt` would read it as puzzles).
    let elsewhere = tempfile::tempdir().unwrap();
    let mine = elsewhere.path().join("mine");
    fs::create_dir_all(&mine).unwrap();
    fs::write(mine.join("instances.txt"), "my notes\n").unwrap();
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", mine.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(common::stderr(&o).contains("instances.txt, which no run of sudoku-lab wrote"), "{}", common::stderr(&o));
    assert_eq!(fs::read_to_string(mine.join("instances.txt")).unwrap(), "my notes\n");
}

#[test]
fn resume_after_a_file_changed_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    puzzle_folder(dir.path());
    let cfg = write_config(dir.path(), THREE_SIZES);
    let out = dir.path().join("out");
    assert!(sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]).status.success());
    let path = dir.path().join("puzzles/4x4.txt");
    let mut text = fs::read_to_string(&path).unwrap();
    text = text.replacen('3', "0", 1);
    fs::write(&path, text).unwrap();
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap(), "--resume"]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("puzzles/4x4.txt changed since the folder was started"),
        "{}",
        common::stderr(&o)
    );
}

#[test]
fn shards_merge_into_the_one_run() {
    let dir = tempfile::tempdir().unwrap();
    puzzle_folder(dir.path());
    let cfg = write_config(dir.path(), THREE_SIZES);
    let [whole, a, b, merged] = ["whole", "a", "b", "merged"].map(|n| dir.path().join(n));
    assert!(sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", whole.to_str().unwrap()]).status.success());
    for (shard, folder) in [("1/2", &a), ("2/2", &b)] {
        let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap(), "--shard", shard]);
        assert!(o.status.success(), "{}", common::stderr(&o));
    }
    let o = sudoku_lab(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--out", merged.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let key = |r: &RunRow| (r.set.clone(), r.instance.clone(), r.solver.clone(), r.seed, r.outcome);
    let (x, y): (Vec<_>, Vec<_>) = (rows(&whole).iter().map(key).collect(), rows(&merged).iter().map(key).collect());
    assert_eq!(x, y, "the same runs in the same order");
}

#[test]
fn bad_sets_stop_the_run_before_it_starts_naming_the_config_line() {
    let dir = tempfile::tempdir().unwrap();
    puzzle_folder(dir.path());
    let cases = [
        ("[[sets]]\nname = \"s\"\nfiles = [\"nothing-*.txt\"]\n", "sets.toml:5:1: sets[0].files[0]: 'nothing-*.txt' matches no file"),
        (
            "[[sets]]\nname = \"s\"\nfiles = [\"puzzles/4x4.txt\"]\nexpect = \"maybe\"\n",
            "unknown variant `maybe`, expected one of `solvable`, `unsolvable`, `unique`",
        ),
        (
            "[[sets]]\nname = \"s\"\nfiles = [\"puzzles/4x4.txt\"]\n[[sets]]\nname = \"s\"\nfiles = [\"puzzles/4x4.txt\"]\n",
            "sets.toml:8:1: sets[1].name: set name 's' is used twice",
        ),
        (
            "[[sets]]\nname = \"s\"\nfiles = [\"puzzles/4x4.txt\"]\nbox = \"3x3\"\n",
            "puzzles/4x4.txt:1:1: found 16 cells; expected 81 for a 9×9 grid with 3x3 boxes",
        ),
    ];
    for (body, said) in cases {
        let cfg = write_config(dir.path(), body);
        let out = dir.path().join("never");
        let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{body}: {}", common::stderr(&o));
        assert!(common::stderr(&o).contains(said), "{body}: {}", common::stderr(&o));
        assert!(!common::stderr(&o).contains("--"), "a config's words, not flags: {}", common::stderr(&o));
        assert!(!out.exists(), "nothing was written");
    }
}

#[test]
fn sets_and_generated_instances_run_in_one_config() {
    let dir = tempfile::tempdir().unwrap();
    puzzle_folder(dir.path());
    let body = format!("boxes = [\"2x2\"]\nalphas = [0.3]\nmodes = [\"planted\"]\nrepeats = 2\n{THREE_SIZES}");
    let cfg = write_config(dir.path(), &body);
    let out = dir.path().join("out");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let rows = rows(&out);
    let generated = rows.iter().filter(|r| r.set.is_empty()).count();
    assert_eq!((generated, rows.len() - generated), (2 * 2, 8 * 2));
    assert!(rows[..4].iter().all(|r| r.mode.word() == "planted"), "the generated grid comes first");
    let instances = fs::read_to_string(out.join("instances.txt")).unwrap();
    assert!(instances.contains("set=mixed instance=puzzles/9x9-top.txt#1 rep=0"), "{instances}");
    let o = sudoku_lab(&["solve", out.join("instances.txt").to_str().unwrap(), "--solver", "backtrack"]);
    assert!(o.status.success(), "instances.txt re-runs: {}", common::stderr(&o));
}

#[test]
fn a_set_spanning_many_fills_is_binned_and_drawn_as_the_share_solved_against_fill() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(common::data("9x9-top95.txt"), dir.path().join("top95.txt")).unwrap();
    let body = "[[sets]]\nname = \"top95\"\nfiles = [\"top95.txt\"]\nexpect = \"unique\"\nfill_bin = 0.04\n";
    let cfg = dir.path().join("top.toml");
    fs::write(&cfg, format!("name = \"top\"\nsolvers = [\"backtrack\"]\ntime_limit = 5.0\nseed = 1\n{body}")).unwrap();
    let out = dir.path().join("out");
    assert!(sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]).status.success());
    let fills: std::collections::BTreeSet<u64> =
        rows(&out).iter().map(|r| (r.alpha * 10_000.0).round() as u64).collect();
    assert!(fills.len() > 6, "top95 spans many fill levels: {fills:?}");
    let plot = sudoku_lab(&["plot", out.to_str().unwrap()]);
    assert!(plot.status.success(), "{}", common::stderr(&plot));
    assert!(out.join("solved_vs_fill.png").is_file() && out.join("solved_vs_fill.svg").is_file());
    assert!(sudoku_lab(&["report", out.to_str().unwrap()]).status.success());
    let text = fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(text.contains("](solved_vs_fill.png)"), "the report embeds it");
    // The tables group the puzzles in 4 % fill bins (lower edges), not one row per fill.
    let binned: Vec<&str> = text.lines().filter(|l| l.starts_with("| 9 | 3×3 | top95 |")).collect();
    assert!(!binned.is_empty() && binned.len() < fills.len(), "{binned:?}");
    assert!(
        binned
            .iter()
            .all(|l| ["0.16", "0.2", "0.24", "0.28", "0.32"].iter().any(|b| l.contains(&format!("| top95 | {b} |")))),
        "{binned:?}"
    );
}

#[test]
fn a_file_name_with_a_control_character_is_refused_and_a_backtick_is_kept_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("puzzles");
    fs::create_dir_all(&data).unwrap();
    let four = puzzles("4x4-samples.txt");
    // A newline in the name would end the id's line in instances.txt, which then reads back wrong.
    fs::write(data.join("a\nb.txt"), four[0].clone() + "\n").unwrap();
    let cfg = write_config(dir.path(), "[[sets]]\nname = \"odd\"\nfiles = [\"puzzles/*.txt\"]\n");
    let out = dir.path().join("never");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains(
            "sets.toml:5:1: sets[0].files[0]: 'puzzles/a\\nb.txt' has a control character (U+000A) in its name"
        ),
        "{}",
        common::stderr(&o)
    );
    assert!(!out.exists(), "nothing was written");
    fs::remove_file(data.join("a\nb.txt")).unwrap();
    // A backtick is a fine file name; the report's inline code keeps it whole.
    fs::write(data.join("x`y.txt"), four[0].clone() + "\n").unwrap();
    let out = dir.path().join("out");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let instances = fs::read_to_string(out.join("instances.txt")).unwrap();
    assert!(instances.contains("instance=puzzles/x`y.txt#1 "), "{instances}");
    assert!(sudoku_lab(&["report", out.to_str().unwrap()]).status.success());
    let text = fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(text.contains("odd (``puzzles/x`y.txt``)"), "a longer fence around the backtick: {text}");
}

#[test]
fn a_set_s_box_that_disagrees_with_a_json_file_s_box_is_refused_and_bad_bytes_are_located() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("puzzles");
    fs::create_dir_all(&data).unwrap();
    let four = "{\"box\":[1,4],\"cells\":[[1,2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}\n";
    fs::write(data.join("four.json"), four).unwrap();
    let cfg = write_config(dir.path(), "[[sets]]\nname = \"j\"\nfiles = [\"puzzles/four.json\"]\nbox = \"2x2\"\n");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", dir.path().join("never").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains(
            "puzzles/four.json:1:8: the file says \"box\": 1x4, but the set's box gives 2x2; drop the set's box to take the shape from the file"
        ),
        "{}",
        common::stderr(&o)
    );
    // A byte that is no UTF-8: the line and column of the byte.
    fs::write(data.join("bytes.txt"), b"1234341221434321\n12\xff4341221434321\n").unwrap();
    let cfg = write_config(dir.path(), "[[sets]]\nname = \"b\"\nfiles = [\"puzzles/bytes.txt\"]\n");
    let o = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", dir.path().join("never").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("puzzles/bytes.txt:2:3: byte 0xFF is no UTF-8; expected UTF-8 text"),
        "{}",
        common::stderr(&o)
    );
}

#[test]
fn meta_json_records_the_sets_folder_absolute_for_a_bare_config_name() {
    let dir = tempfile::tempdir().unwrap();
    puzzle_folder(dir.path());
    write_config(dir.path(), "[[sets]]\nname = \"four\"\nfiles = [\"puzzles/4x4.txt\"]\n");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["run", "sets.toml", "--out", "out"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", common::stderr(&o));
    let meta: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("out/meta.json")).unwrap()).unwrap();
    let folder = meta["sets"][0]["folder"].as_str().unwrap();
    assert_eq!(Path::new(folder), fs::canonicalize(dir.path()).unwrap(), "{meta}");
}
