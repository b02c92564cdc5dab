//! Definitions as a specification: what reads, what is refused, and where the refusal points.

use super::*;

#[test]
fn a_placeholder_expands_to_its_value_and_anything_else_stays() {
    let value = |p: Placeholder| match p {
        Placeholder::Input => Some("/w/in.cnf".to_string()),
        Placeholder::LimitS => Some("7".to_string()),
        _ => None,
    };
    assert_eq!(Placeholder::expand("-t={limit_s} {input}", value), "-t=7 /w/in.cnf");
    assert_eq!(Placeholder::expand("{seed}:{x}:{input", value), "{seed}:{x}:{input");
    assert_eq!(Placeholder::expand("{{input}}", value), "{/w/in.cnf}");
    assert_eq!(PLACEHOLDERS.len(), Placeholder::ALL.len());
    assert!(Placeholder::ALL.iter().all(|&p| Placeholder::named(p.name()) == Some(p)));
}

fn builtin(name: &str) -> bool {
    name == "sat" || name == "all"
}

const CHECKS: Checks = Checks { reserved: &builtin, wanted: &|_| true };

fn parse(text: &str) -> Result<Vec<Definition>, DefinitionError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("solvers.toml");
    std::fs::write(&path, text).unwrap();
    load_file(&path, CHECKS).map_err(|e| DefinitionError { at: Location { file: "solvers.toml".into(), ..e.at }, ..e })
}

#[test]
fn a_definition_is_read_with_its_defaults() {
    let defs = parse(
        "[[external]]\nname = \"my-sat\"\ninput = \"cnf\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"sat-competition\"\n",
    )
    .unwrap();
    assert_eq!(defs.len(), 1);
    let d = &defs[0];
    assert_eq!((d.name.as_str(), d.input, d.answer, d.threads), ("my-sat", Input::Cnf, Answer::SatCompetition, 1));
    assert_eq!(d.command, ["sh", "{input}"]);
    assert!(!d.writes_output_file());
}

#[test]
fn bad_definitions_are_located_and_explained() {
    let head = "[[external]]\nname = \"x\"\n";
    let cases = [
        (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"grid\"\n"), 5, "cannot answer grid"),
        (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"sat-competition\"\ncolour = 1\n"), 6, "unknown field `colour`"),
        (format!("{head}input = \"cnf\"\ncommand = [\"no-such-solver-xyz\", \"{{input}}\"]\nanswer = \"sat-competition\"\n"), 4, "is not on PATH"),
        (format!("{head}input = \"mps\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"mip-solution\"\n"), 3, "needs a model"),
        (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\", \"{{limit}}\"]\nanswer = \"sat-competition\"\n"), 4, "unknown placeholder {limit}"),
        (format!("{head}input = \"cnf\"\ncommand = [\"sh\"]\nanswer = \"sat-competition\"\n"), 4, "never names {input}"),
        (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"minisat\"\n"), 5, "names no {output}"),
        (format!("{head}input = \"grid\"\ncommand = [\"sh\", \"{{input}}\", \"{{proof}}\"]\nanswer = \"grid\"\n"), 4, "{proof} is checked against the CNF"),
        ("[[external]]\nname = \"sat\"\ninput = \"cnf\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"minisat\"\n".into(), 2, "built-in"),
        (format!("{head}input = \"xml\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"grid\"\n"), 3, "unknown input 'xml'"),
        (format!("{head}input = \"grid\"\ncommand = [\"./nope.sh\", \"{{input}}\"]\nanswer = \"grid\"\n"), 4, "does not exist"),
    ];
    for (text, line, expected) in cases {
        let e = parse(&text).unwrap_err();
        assert_eq!(e.at.line, line, "{e}");
        assert!(e.to_string().contains(expected), "{e}");
        assert!(e.to_string().starts_with(&format!("solvers.toml:{line}:")), "{e}");
    }
}

#[test]
fn a_dzn_solver_answers_as_minizinc_or_as_a_grid_and_may_take_its_limit_in_milliseconds() {
    let def = |answer: &str| {
        format!(
            "[[external]]\nname = \"mzn\"\ninput = \"dzn\"\n\
             command = [\"sh\", \"--time-limit\", \"{{limit_ms}}\", \"model.mzn\", \"{{input}}\"]\nanswer = \"{answer}\"\n"
        )
    };
    let d = parse(&def("minizinc")).unwrap().remove(0);
    assert_eq!((d.input, d.answer, d.input.extension()), (Input::Dzn, Answer::Minizinc, "dzn"));
    assert_eq!(parse(&def("grid")).unwrap()[0].answer, Answer::Grid);
    let e = parse(&def("sat-competition")).unwrap_err();
    assert_eq!((e.at.line, e.at.column), (5, 10), "{e}");
    assert!(e.message.contains("a solver reading dzn cannot answer sat-competition"), "{e}");
    assert_eq!(e.hint.as_deref(), Some("with input = \"dzn\", answer = minizinc or grid"), "{e}");
    let e = parse(&def("minizinc").replace("\"dzn\"", "\"grid\"")).unwrap_err();
    assert!(e.message.contains("a solver reading grid cannot answer minizinc"), "{e}");
}

#[test]
fn names_that_clash_with_variants_files_or_flags_are_refused_where_they_are_written() {
    let long = "x".repeat(MAX_NAME_BYTES + 1);
    let cases = [
        ("my+sat", "'+' separates a variant"),
        (".", "it names a folder"),
        ("..", "it names a folder"),
        ("-v", "it would read as a flag"),
        (long.as_str(), "longer than file names may be"),
        ("a b", "is no solver name"),
    ];
    for (name, expected) in cases {
        let text = format!(
            "[[external]]\ninput = \"cnf\"\nname = \"{name}\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"sat-competition\"\n"
        );
        let e = parse(&text).unwrap_err();
        assert_eq!((e.at.line, e.at.column), (3, 8), "{name}: {e}");
        assert!(e.to_string().contains(expected), "{name}: {e}");
        assert!(e.hint.is_some(), "{name}: {e}");
    }
    let longest = "x".repeat(MAX_NAME_BYTES);
    assert!(check_name(&longest).is_ok());
    assert!(check_name("minisat-2.2_b").is_ok());
}

#[test]
fn a_name_defined_twice_is_reported_with_both_places() {
    let dir = tempfile::tempdir().unwrap();
    let def = "[[external]]\nname = \"twin\"\ninput = \"grid\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"grid\"\n";
    let (a, b) = (dir.path().join("a.toml"), dir.path().join("b.toml"));
    std::fs::write(&a, def).unwrap();
    std::fs::write(&b, format!("# another file\n{def}")).unwrap();
    let mut defs = load_file(&a, CHECKS).unwrap();
    defs.extend(load_file(&b, CHECKS).unwrap());
    let e = check_unique(&defs, "--external").unwrap_err();
    assert_eq!((e.at.file.as_str(), e.at.line, e.at.column), (b.to_str().unwrap(), 3, 8), "{e}");
    assert!(e.message.contains(&format!("defined twice (first at {}:2:8)", a.display())), "{e}");
    // Twice in one file: the second is located, the first named.
    let e = parse(&format!("{def}{def}")).unwrap_err();
    assert_eq!(e.at.line, 7, "{e}");
    assert!(e.message.contains("solvers.toml:2:8"), "{e}");
}

#[test]
fn a_bad_placeholder_is_located_at_the_key_that_holds_it_and_a_folder_is_no_program() {
    let head = "[[external]]\nname = \"x\"\ninput = \"grid\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"grid\"\n";
    let e = parse(&format!("{head}env = {{ A = \"{{nope}}\" }}\n")).unwrap_err();
    assert_eq!((e.at.line, e.at.column), (6, 7), "{e}");
    assert!(e.message.contains("unknown placeholder {nope}"), "{e}");
    let e = parse(&format!("{head}version = [\"sh\", \"{{nope}}\"]\n")).unwrap_err();
    assert_eq!((e.at.line, e.at.column), (6, 11), "{e}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("solver")).unwrap();
    let path = dir.path().join("s.toml");
    std::fs::write(&path, head.replace("[\"sh\"", "[\"./solver\"")).unwrap();
    let e = load_file(&path, CHECKS).unwrap_err();
    assert!(e.message.ends_with("solver is a directory, not a program"), "{e}");
    assert_eq!(e.at.line, 4, "{e}");
}

#[test]
fn here_is_the_definition_folder_and_survives_a_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("solve.sh");
    std::fs::write(&script, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = dir.path().join("s.toml");
    std::fs::write(
        &path,
        "[[external]]\nname = \"mine\"\ninput = \"grid\"\ncommand = [\"./solve.sh\", \"{input}\", \"{here}/x\"]\nanswer = \"grid\"\nthreads = 2\n",
    )
    .unwrap();
    let d = load_file(&path, CHECKS).unwrap().remove(0);
    assert_eq!(d.command[0], script.display().to_string());
    assert_eq!(d.command[2], format!("{}/x", dir.path().display()));
    let json = serde_json::to_value(&d).unwrap();
    assert_eq!(serde_json::from_value::<Definition>(json).unwrap(), d);
}

#[test]
fn serde_reads_every_kind_by_the_word_the_messages_name_it() {
    for input in Input::ALL {
        assert_eq!(serde_json::to_value(input).unwrap(), input.name());
        assert_eq!(serde_json::from_value::<Input>(input.name().into()).unwrap(), input);
    }
    for answer in Answer::ALL {
        assert_eq!(serde_json::to_value(answer).unwrap(), answer.name());
        assert_eq!(serde_json::from_value::<Answer>(answer.name().into()).unwrap(), answer);
    }
    // The hints of an unknown model or dialect list the words serde reads, and only those.
    for word in ["edge", "clique"] {
        assert!(serde_json::from_value::<Model>(word.into()).is_ok(), "{word}");
    }
    for word in "auto, cbc, scip, highs, glpk or gurobi".split([',', ' ']).filter(|w| !w.is_empty() && *w != "or") {
        assert!(serde_json::from_value::<Dialect>(word.into()).is_ok(), "{word}");
    }
    let mip = "[[external]]\nname = \"x\"\ninput = \"lp\"\nmodel = \"clique\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"mip-solution\"\n";
    assert_eq!(parse(&format!("{mip}dialect = \"highs\"\n")).unwrap()[0].dialect, Dialect::Highs);
    let e = parse(&format!("{mip}dialect = \"Highs\"\n")).unwrap_err();
    assert_eq!((e.at.line, e.at.column, e.message.as_str()), (7, 11, "unknown dialect 'Highs'"), "{e}");
    let e = parse(&mip.replace("\"clique\"", "\"Clique\"")).unwrap_err();
    assert_eq!((e.at.line, e.at.column, e.message.as_str()), (4, 9, "unknown model 'Clique'"), "{e}");
    let e = parse(&mip.replace("\"clique\"", "3")).unwrap_err();
    assert!(e.message.contains("invalid type: integer `3`, expected a string"), "{e}");
}
