//! The config reader as a specification: what resolves to what, and every refusal naming its key.

use super::*;

#[test]
fn the_committed_configs_of_issue_17_load_with_ilp_hybrid() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments");
    for (file, instances) in [("ilp-hybrid.toml", 50), ("seed004.toml", 320)] {
        let config = Config::load(&dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(config.instance_count(), instances, "{file}");
        assert!(config.solvers.iter().any(|s| s.kind() == Some(SolverKind::IlpHybrid)), "{file}");
    }
}

const GOOD: &str = r#"
        name = "t"
        boxes = ["2x2", "2x3"]
        sizes = [9]
        alphas = [0.0, 0.5]
        modes = ["random", "planted"]
        repeats = 2
        solvers = ["backtrack", "ilp-clique"]
        time_limit = 1.5
        seed = 7
    "#;

#[test]
fn a_good_config_resolves_sizes_and_defaults_and_round_trips() {
    let c = Config::parse(GOOD, "t.toml").unwrap();
    assert_eq!(c.boxes.iter().map(|b| b.to_string()).collect::<Vec<_>>(), ["2x2", "2x3", "3x3"]);
    assert_eq!(c.memory_mb, DEFAULT_MEMORY_MB);
    assert_eq!(c.instance_count(), 3 * 2 * 2 * 2);
    assert_eq!(Config::parse(&toml::to_string(&c).unwrap(), "again").unwrap(), c);
}

#[test]
fn bad_values_name_their_key() {
    let cases = [
        ("alphas = [0.0, 0.5]", "alphas = [0.0, 1.5]", "alphas[1]: α = 1.5 is outside [0, 1]"),
        ("repeats = 2", "repeats = 0", "repeats: 0 repeats"),
        (
            "repeats = 2",
            "repeats = 4294967295",
            "4294967295 repeats = 51539607540 instances, × 2 solver(s) = 103079215080 runs; at most 10000000",
        ),
        (
            "repeats = 2",
            "repeats = 100000\nsolver_seeds = 1000",
            "100000 repeats = 1200000 instances, × 2 solver(s) × 1000 solver seeds = 2400000000 runs",
        ),
        ("\"ilp-clique\"]", "\"ilp\"]", "solvers[1]: unknown solver 'ilp'; expected one of: ilp-edge"),
        ("seed = 7", "seed = 7\ncolour = 1", "unknown field `colour`"),
        ("sizes = [9]", "sizes = [7]", "sizes[0]: size 7 has no sensible box shape"),
        ("sizes = [9]", "sizes = [4]", "box 2x2 is listed twice"),
        ("\"2x3\"]", "\"2by3\"]", "boxes[1]: '2by3' is not a box shape"),
        ("alphas = [0.0, 0.5]", "alphas = []", "alphas: no fill fraction"),
    ];
    for (from, to, expected) in cases {
        let text = GOOD.replace(from, to);
        let err = Config::parse(&text, "t.toml").unwrap_err().to_string();
        assert!(err.contains(expected), "{to}: {err}");
    }
}

#[test]
fn bad_values_name_their_line_and_column() {
    // GOOD's lines are indented by 8 spaces; line 1 is empty.
    let cases = [
        ("alphas = [0.0, 0.5]", "alphas = [0.0, 1.5]", "t.toml:5:24: alphas[1]"),
        ("repeats = 2", "repeats = 0", "t.toml:7:19: repeats"),
        ("\"ilp-clique\"]", "\"ilp\"]", "t.toml:8:33: solvers[1]: unknown solver 'ilp'"),
        ("name = \"t\"", "name = \"a b\"", "t.toml:2:16: name"),
    ];
    for (from, to, expected) in cases {
        let err = Config::parse(&GOOD.replace(from, to), "t.toml").unwrap_err().to_string();
        assert!(err.starts_with(expected), "{to}: {err}");
    }
}

#[test]
fn external_files_and_tables_mixed_in_two_forms_get_a_hint() {
    let text = format!(
            "{GOOD}\nexternal = [\"solvers.toml\"]\n\n[[external]]\nname = \"x\"\ninput = \"grid\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"grid\"\n"
        );
    let err = Config::parse(&text, "t.toml").unwrap_err().to_string();
    assert!(err.contains("hint: `external = [...]` and `[[external]]` tables are two ways"), "{err}");
    // Either form alone gets no such hint, nor does an unrelated error.
    let err = Config::parse(&GOOD.replace("seed = 7", "seed = \"x\""), "t.toml").unwrap_err().to_string();
    assert!(!err.contains("hint"), "{err}");
}

/// GOOD with two declared questions: a pair at one cell in CPU time, and a set pooled over all.
fn with_questions(first: &str) -> String {
    format!("{GOOD}\n[[questions]]\n{first}\n\n[[questions]]\nsolvers = [\"ilp-clique\", \"backtrack\"]\n")
}

#[test]
fn questions_resolve_round_trip_and_refuse_what_the_config_does_not_run() {
    let good =
        "solvers = [\"backtrack\", \"ilp-clique\"]\ngroup = \"planted\"\nn = 9\nalphas = [0.5]\nmeasure = \"cpu\"";
    let c = Config::parse(&with_questions(good), "t.toml").unwrap();
    assert_eq!(c.questions.len(), 2);
    let q = &c.questions[0];
    assert_eq!(
        (q.group.as_deref(), q.n, q.alphas.as_slice(), q.measure),
        (Some("planted"), Some(9), &[0.5][..], Measure::Cpu)
    );
    assert_eq!(
        (c.questions[1].group.as_ref(), c.questions[1].measure, c.questions[1].estimand),
        (None, Measure::Wall, Estimand::GeometricMeanRatio)
    );
    assert_eq!(Config::parse(&toml::to_string(&c).unwrap(), "again").unwrap(), c);
    // A refusal is located at its table: the first `[[questions]]` is line 12 (GOOD ends on line 11).
    let cases = [
        ("n = 9", "n = 5", "t.toml:12:1: questions[0]: n: 5 is no size of this config"),
        ("\"ilp-clique\"]\ngroup", "\"sat\"]\ngroup", "questions[0]: solvers[1]: 'sat' is no solver of this config"),
        (
            "\"ilp-clique\"]\ngroup",
            "]\ngroup",
            "questions[0]: solvers: a question compares at least two solvers, not 1",
        ),
        ("\"planted\"", "\"qwh\"", "questions[0]: group: 'qwh' is no group of this config (random, planted)"),
        ("[0.5]", "[0.25]", "questions[0]: alphas[0]: 0.25 is no α of this config"),
        ("\"cpu\"", "\"gpu\"", "unknown variant `gpu`, expected `wall` or `cpu`"),
        ("measure", "metric", "unknown field `metric`"),
    ];
    for (from, to, expected) in cases {
        let err = Config::parse(&with_questions(&good.replace(from, to)), "t.toml").unwrap_err().to_string();
        assert!(err.contains(expected), "{to}: {err}");
    }
    let twice = with_questions("solvers = [\"backtrack\", \"ilp-clique\"]");
    let err = Config::parse(&twice, "t.toml").unwrap_err().to_string();
    assert!(err.contains("questions[1]: asks what questions[0] asks"), "{err}");
}

#[test]
fn identity_ignores_jobs_the_generation_budget_and_the_questions_only() {
    let c = Config::parse(GOOD, "t.toml").unwrap();
    let d = Config { jobs: Some(8), unique_budget: Some(60.0), ..c.clone() };
    assert_eq!(c.identity(), d.identity());
    let asked = Config::parse(&with_questions("solvers = [\"backtrack\", \"ilp-clique\"]\nn = 9"), "t.toml").unwrap();
    assert_eq!((asked.identity(), asked.digest()), (c.identity(), c.digest()), "a question changes no run");
    assert_ne!(c.identity(), Config { time_limit: 2.0, ..c.clone() }.identity());
}

const UNIQUE: &str = r#"
        name = "u"
        boxes = ["3x3", "4x4"]
        modes = ["unique"]
        difficulties = ["easy", "expert"]
        repeats = 3
        solvers = ["backtrack"]
        time_limit = 1
        seed = 7
    "#;

#[test]
fn a_unique_config_needs_no_alphas_and_resolves_the_budget() {
    let c = Config::parse(UNIQUE, "u.toml").unwrap();
    assert_eq!(c.difficulties, [Rating::Easy, Rating::Expert]);
    assert!(c.alphas.is_empty());
    assert_eq!(c.unique_budget, Some(DEFAULT_UNIQUE_BUDGET));
    assert_eq!(c.instance_count(), 2 * 2 * 3);
    let text = toml::to_string(&c).unwrap();
    assert!(!text.contains("alphas"), "{text}");
    assert_eq!(Config::parse(&text, "again").unwrap(), c);
    let budget = Config::parse(&UNIQUE.replace("seed = 7", "seed = 7\nunique_budget = 2.5"), "u").unwrap();
    assert_eq!(budget.unique_budget(), std::time::Duration::from_millis(2500));
    // Modes mix: each sweeps its own levels.
    let mixed = GOOD
        .replace("modes = [\"random\", \"planted\"]", "modes = [\"planted\", \"unique\"]\ndifficulties = [\"hard\"]");
    let m = Config::parse(&mixed, "m.toml").unwrap();
    assert_eq!(m.instance_count(), 3 * (2 + 1) * 2);
    assert_eq!(Config::parse(&toml::to_string(&m).unwrap(), "again").unwrap(), m);
    // Configs written before mode unique existed still read (meta.json keeps them).
    let old = Config::parse(GOOD, "t.toml").unwrap();
    assert!(!toml::to_string(&old).unwrap().contains("difficulties"));
    assert_eq!((old.difficulties.len(), old.unique_budget), (0, None));
}

#[test]
fn bad_unique_configs_name_their_key() {
    let cases = [
        (
            "\"expert\"]",
            "\"extreme\"]",
            "difficulties[1]: unknown difficulty 'extreme'; expected one of: easy, medium, hard, expert",
        ),
        ("\"expert\"]", "\"easy\"]", "difficulties: difficulty easy is listed twice"),
        ("difficulties = [\"easy\", \"expert\"]", "", "difficulties: no difficulty: mode unique needs difficulties"),
        ("difficulties = [\"easy\", \"expert\"]", "difficulties = []", "difficulties: no difficulty"),
        ("[\"unique\"]", "[\"planted\"]\nalphas = [0.5]", "difficulties: difficulties apply to mode unique only"),
        ("[\"unique\"]", "[\"planted\", \"unique\"]", "alphas: no fill fraction: modes random and planted need alphas"),
        ("seed = 7", "seed = 7\nalphas = [0.5]", "alphas: only modes random and planted have fill fractions"),
        ("seed = 7", "seed = 7\nunique_budget = 0", "unique_budget: 0 is not a time limit"),
        ("seed = 7", "seed = 7\nunique_budget = -1.5", "unique_budget: -1.5 is not a time limit"),
        ("seed = 7", "seed = 7\ndifficulty = [\"easy\"]", "unknown field `difficulty`"),
        ("[\"unique\"]", "[\"unique\", \"unique\"]", "modes: mode unique is listed twice"),
        ("[\"unique\"]", "[\"uniq\"]", "unknown variant `uniq`"),
    ];
    for (from, to, expected) in cases {
        assert!(UNIQUE.contains(from), "{from}");
        let err = Config::parse(&UNIQUE.replacen(from, to, 1), "u.toml").unwrap_err().to_string();
        assert!(err.contains(expected), "{to}: {err}");
    }
    let planted = GOOD.replace("seed = 7", "seed = 7\nunique_budget = 5");
    let err = Config::parse(&planted, "t.toml").unwrap_err().to_string();
    assert!(err.contains("unique_budget: the generation budget applies to mode unique only"), "{err}");
}

const FAMILIES: &str = r#"
    name = "f"
    latin = [30, 33]
    boxes = ["3x3"]
    alphas = [0.68]
    modes = ["planted"]
    holes = ["uniform", "balanced"]
    repeats = 2
    solvers = ["sat"]
    time_limit = 1
    seed = 7
"#;

#[test]
fn latin_orders_resolve_to_1xn_boxes_and_hole_patterns_multiply_planted_instances() {
    let c = Config::parse(FAMILIES, "f.toml").unwrap();
    assert_eq!(c.boxes.iter().map(|b| b.to_string()).collect::<Vec<_>>(), ["3x3", "1x30", "1x33"]);
    assert!(c.boxes[1].is_latin() && !c.boxes[0].is_latin());
    assert_eq!(c.holes, [Holes::Uniform, Holes::Balanced]);
    assert_eq!(c.instance_count(), 3 * 2 * 2);
    // meta.json keeps the resolved config, which reads back to the same config.
    assert_eq!(Config::parse(&toml::to_string(&c).unwrap(), "again").unwrap(), c);
    // Without `holes` the pattern is uniform and is not written, so older identities match.
    let plain = Config::parse(&FAMILIES.replace("holes = [\"uniform\", \"balanced\"]", ""), "f.toml").unwrap();
    assert_eq!(plain.holes, [Holes::Uniform]);
    assert!(!toml::to_string(&plain).unwrap().contains("holes"));
}

#[test]
fn bad_families_and_hole_patterns_name_their_key() {
    let cases = [
        ("latin = [30, 33]", "latin = [30, 65]", "latin[1]: order 65: Latin squares here have order 2 to 64"),
        ("latin = [30, 33]", "latin = [1]", "latin[0]: order 1"),
        ("latin = [30, 33]", "latin = [0]", "latin[0]: order 0"),
        ("latin = [30, 33]", "latin = [30, 30]", "box 1x30 is listed twice"),
        ("boxes = [\"3x3\"]", "boxes = [\"1x30\"]", "box 1x30 is listed twice"),
        ("holes = [\"uniform\", \"balanced\"]", "holes = []", "holes: no hole pattern"),
        ("\"uniform\", \"balanced\"]", "\"balanced\", \"balanced\"]", "holes: hole pattern balanced is listed twice"),
        ("\"uniform\", \"balanced\"]", "\"uniform\", \"regular\"]", "unknown variant `regular`"),
        ("modes = [\"planted\"]", "modes = [\"random\"]", "holes: hole patterns apply to mode planted only"),
    ];
    for (from, to, expected) in cases {
        assert!(FAMILIES.contains(from), "{from}");
        let err = Config::parse(&FAMILIES.replacen(from, to, 1), "f.toml").unwrap_err().to_string();
        assert!(err.contains(expected), "{to}: {err}");
    }
    // Uniform holes alone are the default and need no planted mode.
    let random = FAMILIES
        .replace("modes = [\"planted\"]", "modes = [\"random\"]")
        .replace("\"uniform\", \"balanced\"", "\"uniform\"");
    assert!(Config::parse(&random, "f.toml").is_ok());
}

/// The number a config's comment states before `word` as `= NUMBER word` (or `× NUMBER word`),
/// the first time: `= 2,240 runs` gives 2240.
fn stated(comment: &str, sign: &str, word: &str) -> Option<u64> {
    let tokens: Vec<&str> = comment.split_whitespace().collect();
    tokens.windows(3).find_map(|w| {
        let word_matches = w[2].trim_end_matches([',', ';', '.', ':']) == word;
        (w[0] == sign && word_matches).then(|| w[1].replace(',', "").parse().ok()).flatten()
    })
}

#[test]
fn the_committed_configs_state_their_own_instance_solver_and_run_counts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let comment: String =
            text.lines().filter_map(|l| l.trim_start().strip_prefix('#')).collect::<Vec<_>>().join(" ");
        // The instances without the solvers, whose external programs need not be installed here.
        let mut table: toml::Table = toml::from_str(&text).unwrap();
        let solvers = table["solvers"].as_array().map_or(0, Vec::len) as u64;
        table.remove("external");
        table.insert("solvers".into(), toml::Value::Array(vec!["backtrack".into()]));
        let config = Config::parse(&toml::to_string(&table).unwrap(), path.to_str().unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let instances = config.instance_count() as u64;
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        if let Some(n) = stated(&comment, "=", "instances") {
            assert_eq!(n, instances, "{file}: its comment's instances");
            checked += 1;
        }
        for word in ["solvers", "solver"] {
            if let Some(n) = stated(&comment, "×", word) {
                assert_eq!(n, solvers, "{file}: its comment's solvers");
                checked += 1;
            }
        }
        if let Some(n) = stated(&comment, "=", "runs") {
            let seeds = u64::from(config.solver_seeds);
            assert_eq!(n, instances * solvers * seeds, "{file}: its comment's runs (× its solver seeds)");
            checked += 1;
        }
    }
    assert!(checked >= 10, "the budgets were found: {checked}");
}

#[test]
fn the_run_limit_is_checked_once_naming_the_grid_when_it_alone_is_over_and_else_the_whole() {
    let c = Config::parse(GOOD, "t.toml").unwrap();
    let size = Size::of(&c);
    assert_eq!((size.boxes, size.levels, size.generated, size.from_sets, size.runs()), (3, 4, 24, 0, 48));
    assert_eq!(size.check(), Ok(()));
    let grid = Size::of(&Config { repeats: u32::MAX, ..c.clone() }).check().unwrap_err();
    assert_eq!(grid.key(), "repeats");
    assert!(grid.to_string().starts_with("3 box shape(s) × 4 level(s) × 4294967295 repeats = "), "{grid}");
    let together = grid.counted_together();
    assert_eq!(together.key(), "sets");
    assert!(together.to_string().contains("instances (the grid's and the sets' puzzles × their repeats)"));
    let past_u64 = Size { boxes: u64::MAX, levels: 2, ..size };
    assert_eq!((past_u64.generated_runs(), past_u64.runs()), (48, 48), "fields are what they are");
    assert_eq!(Size { generated: u64::MAX, from_sets: 1, ..size }.runs(), u64::MAX, "saturated, not wrapped");
    // The sets' puzzles count: a grid within the limit and a set that is not, together over it.
    let dir = tempfile::tempdir().unwrap();
    let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(dir.path().join("p.txt"), format!("{puzzle}\n")).unwrap();
    let text = format!("{GOOD}\n[[sets]]\nname = \"s\"\nfiles = [\"p.txt\"]\nrepeats = {MAX_RUNS}\n");
    let err = Config::parse(&text, dir.path().join("t.toml").to_str().unwrap()).unwrap_err().to_string();
    assert!(err.contains("t.toml:12:1: sets: 10000024 instances (the grid's and the sets' puzzles"), "{err}");
}
