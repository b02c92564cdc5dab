//! The instances of a config as a specification: pinned seeds, the canonical order and its
//! inverse, shards, held and streamed instances, the `instances.txt` blocks.

use std::time::Duration;

use super::*;
use crate::experiment::config::Config;
use crate::generate::{Holes, Mode};
use crate::grid::Shape;
use crate::logic::Rating;

fn config() -> Config {
    let text = r#"
        name = "t"
        boxes = ["2x2", "2x3"]
        alphas = [0.0, 0.3]
        modes = ["random", "planted", "unique"]
        difficulties = ["easy"]
        repeats = 3
        solvers = ["backtrack"]
        time_limit = 1
        seed = 11
    "#;
    Config::parse(text, "t").unwrap()
}

#[test]
fn seeds_are_pinned_and_distinct() {
    let c = config();
    let seeds: Vec<u64> = specs(&c).iter().map(|s| instance_seed(c.seed, s)).collect();
    let distinct: std::collections::HashSet<_> = seeds.iter().collect();
    assert_eq!(distinct.len(), seeds.len());
    // Pinned: a change here changes every committed instance (bump SEED_SCHEME if intended).
    let spec = Spec {
        shape: Shape::new(3, 3).unwrap(),
        mode: Mode::Planted,
        holes: Holes::Uniform,
        level: Level::Alpha(0.4),
        rep: 2,
    };
    assert_eq!(instance_seed(4, &spec), 0x4f52_35ba_4d42_f5a1, "{:#018x}", instance_seed(4, &spec));
    let spec = Spec { level: Level::Difficulty(Rating::Hard), mode: Mode::Unique, ..spec };
    assert_eq!(instance_seed(4, &spec), 0x556c_5361_bc9a_42ec, "{:#018x}", instance_seed(4, &spec));
}

#[test]
fn the_committed_seed004_instances_keep_their_ids_seeds_and_puzzles() {
    // Hole patterns joined the seed hash after seed004 was run: its rows (an older runs.csv,
    // without a holes column) must still map to this config's instances with the same seeds,
    // and its instances.txt must come out byte for byte.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = Config::load(&root.join("experiments/seed004.toml")).unwrap();
    assert_eq!(config.holes, [Holes::Uniform]);
    let (rows, _) = crate::experiment::folder::read_runs(&root.join("results/seed004/runs.csv")).unwrap();
    assert!(rows.len() > 1000 && rows.iter().all(|r| r.holes == Holes::Uniform));
    let index = crate::experiment::rows::RowIndex::new(&config);
    for row in &rows {
        index.locate(row).unwrap();
    }
    let committed = std::fs::read_to_string(root.join("results/seed004/instances.txt")).unwrap();
    let blocks = read_blocks(&committed).unwrap();
    for &(id, ref block) in blocks.iter().step_by(37) {
        let Some(Source::Generated(spec)) = source_of(&config, id) else { panic!("id {id}") };
        let instance = generate(id, spec, instance_seed(config.seed, &spec), Duration::from_secs(20)).unwrap();
        assert_eq!(&instance_block(&config, &instance), block, "instance {id}");
    }
}

#[test]
fn balanced_holes_add_instances_after_the_uniform_ones_without_moving_their_seeds() {
    let plain = config();
    let text =
        toml::to_string(&plain).unwrap().replace("repeats = 3", "holes = [\"uniform\", \"balanced\"]\nrepeats = 3");
    let both = Config::parse(&text, "t").unwrap();
    assert_eq!(both.instance_count(), plain.instance_count() + 2 * 2 * 3);
    let seeds =
        |c: &Config| -> Vec<(Spec, u64)> { specs(c).into_iter().map(|s| (s, instance_seed(c.seed, &s))).collect() };
    let (old, new) = (seeds(&plain), seeds(&both));
    let uniform: Vec<_> = new.iter().filter(|(s, _)| s.holes == Holes::Uniform).cloned().collect();
    assert_eq!(uniform, old, "uniform instances keep coordinates, order and seeds");
    let balanced: std::collections::HashSet<u64> =
        new.iter().filter(|(s, _)| s.holes == Holes::Balanced).map(|(_, seed)| *seed).collect();
    assert_eq!(balanced.len(), 12);
    assert!(old.iter().all(|(_, seed)| !balanced.contains(seed)));
    for (id, spec) in specs(&both).into_iter().enumerate() {
        assert_eq!(spec_of(&both, id), Some(spec));
        if spec.holes == Holes::Balanced {
            let i = generate(id, spec, instance_seed(both.seed, &spec), Duration::from_secs(1)).unwrap();
            assert!(
                key_comment(&both, &i).contains("mode=planted holes=balanced alpha="),
                "{}",
                key_comment(&both, &i)
            );
        }
    }
}

#[test]
fn unique_instances_have_one_solution_rate_as_asked_and_repeat() {
    let shape = Shape::new(3, 3).unwrap();
    let budget = Duration::from_secs(20);
    for (rep, rating) in Rating::ALL.into_iter().enumerate() {
        let spec = Spec {
            shape,
            mode: Mode::Unique,
            holes: Holes::Uniform,
            level: Level::Difficulty(rating),
            rep: rep as u32,
        };
        let seed = instance_seed(1, &spec);
        let i = generate(rep, spec, seed, budget).unwrap();
        assert_eq!(crate::logic::rate(&i.puzzle).0, rating);
        assert_eq!(crate::solve::search::backtrack::count_solutions(&i.puzzle, 2).0, 1);
        let solution = i.solution.as_ref().expect("a unique puzzle carries its solution");
        assert!(crate::verify::is_solution_of(&i.puzzle, solution));
        assert_eq!(generate(rep, spec, seed, budget).unwrap(), i, "deterministic for its seed");
        assert_eq!((spec.level.alpha(), spec.level.difficulty()), (UNIQUE_ALPHA, rating.name()));
        assert!(key_comment(&config(), &i).contains(&format!("mode=unique difficulty={rating} rep={rep}")));
    }
}

#[test]
fn an_unreachable_unique_puzzle_is_an_error_that_names_it() {
    let text = r#"
        name = "t"
        boxes = ["2x2"]
        modes = ["unique"]
        difficulties = ["easy", "hard"]
        repeats = 1
        solvers = ["backtrack"]
        time_limit = 1
        seed = 3
    "#;
    let err = instances(&Config::parse(text, "t").unwrap(), None).unwrap_err();
    assert_eq!((err.id, err.spec.level), (1, Level::Difficulty(Rating::Hard)));
    let message = err.to_string();
    assert!(
        message.starts_with("cannot generate instance 1 (box 2x2, mode unique, difficulty=hard, rep 0"),
        "{message}"
    );
    assert!(
        message.contains("no hard 4×4") && message.ends_with("leave this difficulty out for this box"),
        "{message}"
    );
    let spec = Spec { shape: Shape::new(4, 4).unwrap(), ..err.spec };
    let out_of_time = generate(0, spec, 1, Duration::ZERO).unwrap_err().to_string();
    assert!(out_of_time.contains("raise unique_budget (now 0 s)"), "{out_of_time}");
}

#[test]
fn spec_of_inverts_the_canonical_order() {
    let c = config();
    let all = specs(&c);
    for (id, spec) in all.iter().enumerate() {
        assert_eq!(spec_of(&c, id).as_ref(), Some(spec), "id {id}");
    }
    assert_eq!(spec_of(&c, all.len()), None);
    let shard = Shard { index: 2, count: 3 };
    let ids: Vec<usize> = shard_ids(&c, Some(shard)).collect();
    assert_eq!(ids, (0..all.len()).filter(|&id| shard.contains(id)).collect::<Vec<_>>());
}

#[test]
fn only_unique_instances_are_held_and_the_stream_hands_them_over_in_order() {
    let c = config();
    let held = held_instances(&c, None).unwrap();
    assert!(
        !held.is_empty() && held.values().all(|i| matches!(i.source, Source::Generated(s) if s.mode == Mode::Unique))
    );
    assert_eq!(held.len(), specs(&c).iter().filter(|s| s.mode == Mode::Unique).count());
    let streamed: Vec<Instance> = Stream::new(&c, None, held.clone()).map(Result::unwrap).collect();
    assert_eq!(streamed.iter().map(|i| i.id).collect::<Vec<_>>(), (0..c.instance_count()).collect::<Vec<_>>());
    assert!(held.values().all(|h| streamed[h.id] == *h), "held instances pass through unchanged");
}

#[test]
fn shards_partition_the_instances_without_changing_them() {
    let c = config();
    let all = instances(&c, None).unwrap();
    let mut joined: Vec<Instance> =
        (1..=3).flat_map(|i| instances(&c, Some(Shard { index: i, count: 3 })).unwrap()).collect();
    joined.sort_by_key(|i| i.id);
    assert_eq!(joined, all);
}

#[test]
fn blocks_round_trip_and_shards_parse() {
    let c = config();
    let text: String = instances(&c, None).unwrap().iter().map(|i| instance_block(&c, i)).collect();
    let blocks = read_blocks(&format!("{}{text}", instances_header(&c, None))).unwrap();
    assert_eq!(blocks.len(), c.instance_count());
    assert_eq!(blocks[5].0, 5);
    assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
    assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err() && "x".parse::<Shard>().is_err());
}
