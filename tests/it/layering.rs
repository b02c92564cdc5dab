//! The module layering, checked from the source alone (no external tool): no import cycle between
//! the library's modules, and the top-level modules import only downwards, in the order the crate
//! documents (`LAYERS`).
//!
//! The graph has one node per file of `src/` (a module; `lib.rs` is the crate root, the binary's
//! `main.rs` is left out, inline modules belong to their file). An edge A → B is a path in A's code
//! that names B: `use crate::…`, `use super::…`, `use self::…` (brace groups expanded) and
//! `crate::…` or `super::…` paths in expressions, each resolved to the longest prefix that is a
//! module file. Comments and string literals are stripped first. Two kinds of path are left out on
//! purpose: a module naming its own descendants (a parent declares and re-exports its children:
//! containment, not dependence; children importing their parent's items do count), and test code
//! (`#[cfg(test)]` items and the files declared under them), which may reach anywhere. `super::`
//! inside an inline module is read as the file's `super` (library code has no such path).
//!
//! Run: `cargo test --release --test it layering::`. A failure names the cycle, with the path
//! behind each edge.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The top-level modules from the top layer down; a module may import its own layer and those
/// below it. The documented order is `cli → report/plot → results → experiment → puzzle →
/// generate → solve → logic, verify, certificates, graph, format → grid`. Two modules are not in it and sit
/// where their imports put them: `play` (the terminal game, driven by `cli`; it imports
/// `experiment`, `puzzle`, `generate`, `solve`, …) beside `report` and `plot`, and `export`
/// (imports `solve`, `format`, `graph`, `verify`) beside `generate`.
const LAYERS: &[&[&str]] = &[
    &["cli"],
    &["report", "plot", "play"],
    &["results"],
    &["experiment"],
    &["external"],
    &["puzzle"],
    &["generate", "export"],
    &["solve"],
    &["logic", "verify", "certificates", "graph", "format"],
    &["grid"],
];

/// A module as its path from the crate root (`[]` is the root, `["solve", "search"]` is
/// `src/solve/search/mod.rs`).
type Module = Vec<String>;

/// `solve::search`, or `crate` for the root.
fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

/// The module graph: every module, and for each edge the first path that made it.
#[derive(Debug, Default)]
struct Graph {
    modules: BTreeSet<Module>,
    edges: BTreeMap<Module, BTreeMap<Module, String>>,
}

impl Graph {
    /// The graph of `files`: (module, source text) pairs.
    fn of(files: &[(Module, String)]) -> Graph {
        let mut code = BTreeMap::new();
        let mut test_only: BTreeSet<Module> = BTreeSet::new();
        for (module, text) in files {
            let (kept, test_children) = without_tests(&strip(text));
            test_only.extend(test_children.into_iter().map(|child| [module.clone(), vec![child]].concat()));
            code.insert(module.clone(), kept);
        }
        let in_tests = |m: &Module| (1..=m.len()).any(|k| test_only.contains(&m[..k]));
        let modules: BTreeSet<Module> = code.keys().filter(|m| !in_tests(m)).cloned().collect();
        let mut edges: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
        for module in &modules {
            for path in paths(&code[module]) {
                let Some(target) = resolve(module, &path, &modules) else { continue };
                if target.starts_with(module) {
                    continue; // itself, or one of its descendants
                }
                edges.entry(module.clone()).or_default().entry(target).or_insert_with(|| path.join("::"));
            }
        }
        Graph { modules, edges }
    }

    /// Some cycle, as the modules along it with the first one repeated at the end.
    fn cycle(&self) -> Option<Vec<Module>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            Open,
            Done,
        }
        let mut mark: BTreeMap<&Module, Mark> = self.modules.iter().map(|m| (m, Mark::New)).collect();
        for start in &self.modules {
            if mark[start] != Mark::New {
                continue;
            }
            // Depth-first, iterative: the stack holds each open module and its remaining targets.
            let mut stack: Vec<(&Module, Vec<&Module>)> = vec![(start, self.targets(start))];
            mark.insert(start, Mark::Open);
            while let Some((module, targets)) = stack.last_mut() {
                let module = *module;
                match targets.pop() {
                    Some(next) if mark.get(next) == Some(&Mark::Open) => {
                        let from = stack.iter().position(|(m, _)| *m == next).expect("an open module is on the stack");
                        let mut cycle: Vec<Module> = stack[from..].iter().map(|(m, _)| (*m).clone()).collect();
                        cycle.push(next.clone());
                        return Some(cycle);
                    }
                    Some(next) if mark.get(next) == Some(&Mark::New) => {
                        mark.insert(next, Mark::Open);
                        stack.push((next, self.targets(next)));
                    }
                    Some(_) => {}
                    None => {
                        mark.insert(module, Mark::Done);
                        stack.pop();
                    }
                }
            }
        }
        None
    }

    /// The modules `m` imports, last first (they are popped).
    fn targets(&self, m: &Module) -> Vec<&Module> {
        self.edges.get(m).map(|t| t.keys().rev().collect()).unwrap_or_default()
    }

    /// `a → b (crate::b::X) → …`: a cycle with the path behind each edge.
    fn describe(&self, cycle: &[Module]) -> String {
        let mut text = name(&cycle[0]);
        for pair in cycle.windows(2) {
            let why = &self.edges[&pair[0]][&pair[1]];
            text.push_str(&format!(" → {} (`{why}`)", name(&pair[1])));
        }
        text
    }

    /// Imports between top-level modules that go up the layers: (from, to, path).
    fn upward_imports(&self, layers: &[&[&str]]) -> Vec<(String, String, String)> {
        let layer = |m: &Module| m.first().and_then(|top| layers.iter().position(|l| l.contains(&top.as_str())));
        let mut out = Vec::new();
        for (from, targets) in &self.edges {
            for (to, why) in targets {
                if let (Some(a), Some(b)) = (layer(from), layer(to)) {
                    if a > b {
                        out.push((name(from), name(to), why.clone()));
                    }
                }
            }
        }
        out
    }
}

/// The module a path in `module` names: the longest prefix of its absolute form that is a
/// module. `None` for paths that start elsewhere (`std::…`, a child's name, an external crate).
fn resolve(module: &Module, path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    let (mut absolute, rest) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("super" | "self") => (module.clone(), path),
        _ => return None,
    };
    let mut rest = rest.iter().peekable();
    while let Some(step) = rest.peek() {
        match step.as_str() {
            "super" => {
                absolute.pop();
            }
            "self" => {}
            _ => break,
        }
        rest.next();
    }
    absolute.extend(rest.cloned());
    (0..=absolute.len()).rev().map(|k| absolute[..k].to_vec()).find(|m| modules.contains(m))
}

/// `text` without comments, string and character literals (each literal left as `""`).
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c));
    let word_before = |i: usize| i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    while i < chars.len() {
        if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            let mut depth = 0;
            while i < chars.len() {
                if at(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if at(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if chars[i] == 'r' && !word_before(i) && (at(i + 1, "\"") || at(i + 1, "#")) {
            let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(chars[i]);
                i += 1;
                continue;
            }
            let end: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            i += 2 + hashes;
            while i < chars.len() && !at(i, &end) {
                i += 1;
            }
            i += end.chars().count();
            out.push_str("\"\"");
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if chars[i] == '\'' && (at(i + 1, "\\") || chars.get(i + 2) == Some(&'\'')) {
            // A character literal; a lifetime (`'a`) has no closing quote two places on.
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `code` without its `#[cfg(test)]` items, and the names of the child modules declared under
/// `#[cfg(test)]` (`mod tests;`), whose files are test code too.
fn without_tests(code: &str) -> (String, Vec<String>) {
    const ATTRIBUTE: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut children = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(ATTRIBUTE) {
        out.push_str(&rest[..at]);
        let item = &rest[at + ATTRIBUTE.len()..];
        // The item ends at a `;` outside braces or at the brace that closes its body.
        let mut depth = 0usize;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        let words: Vec<&str> = item[..end].split(|c: char| !(c.is_alphanumeric() || c == '_')).collect();
        let words: Vec<&str> = words.into_iter().filter(|w| !w.is_empty()).collect();
        if item[..end].trim_end().ends_with(';') {
            if let Some(k) = words.iter().position(|w| *w == "mod") {
                children.extend(words.get(k + 1).map(|w| (*w).to_owned()));
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, children)
}

/// Every module path in `code`: the paths of its `use` trees, and `crate::…`, `super::…` and
/// `self::…` paths anywhere.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let starts_word = |i: usize| code[..i].chars().next_back().is_none_or(|c| !is_word(c) && c != '$');
    let mut from = 0;
    while let Some(k) = code[from..].find("use") {
        let at = from + k;
        from = at + 3;
        let followed = code[at + 3..].chars().next().is_some_and(char::is_whitespace);
        if !starts_word(at) || !followed {
            continue;
        }
        let Some(end) = code[at..].find(';') else { break };
        expand(&[], &code[at + 3..at + end], &mut out);
    }
    for root in ["crate", "super", "self"] {
        let mut from = 0;
        while let Some(k) = code[from..].find(root) {
            let at = from + k;
            from = at + root.len();
            if !starts_word(at) {
                continue;
            }
            let mut path = vec![root.to_owned()];
            let mut rest = code[at + root.len()..].trim_start();
            while let Some(after) = rest.strip_prefix("::") {
                let after = after.trim_start();
                let segment: String = after.chars().take_while(|c| is_word(*c)).collect();
                if segment.is_empty() {
                    break;
                }
                rest = after[segment.len()..].trim_start();
                path.push(segment);
            }
            if path.len() > 1 {
                out.push(path);
            }
        }
    }
    out
}

/// Expands one use tree (`a::{b, c::d as e, self}`) after `prefix` into full paths.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(prefix, &inner[start..], out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    let (head, tail) = match tree.split_once("::") {
        Some((head, tail)) => (head.trim(), Some(tail)),
        None => (tree.split_whitespace().next().unwrap_or(""), None),
    };
    match (head, tail) {
        ("self" | "*", None) => out.push(prefix.to_vec()),
        (_, None) => out.push([prefix, &[head.to_owned()]].concat()),
        (_, Some(tail)) => expand(&[prefix, &[head.to_owned()]].concat(), tail, out),
    }
}

/// Every `.rs` file under `src/` but `main.rs`, as (module, text).
fn crate_sources() -> Vec<(Module, String)> {
    fn walk(dir: &Path, prefix: &Module, out: &mut Vec<(Module, String)>) {
        let mut entries: Vec<_> = fs::read_dir(dir).expect("read src").map(|e| e.expect("dir entry").path()).collect();
        entries.sort();
        for path in entries {
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("utf-8 file name").to_owned();
            if path.is_dir() {
                walk(&path, &[prefix.clone(), vec![stem]].concat(), out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let module = match (prefix.is_empty(), stem.as_str()) {
                    (true, "main") => continue,
                    (true, "lib") | (false, "mod") => prefix.clone(),
                    _ => [prefix.clone(), vec![stem]].concat(),
                };
                out.push((module, fs::read_to_string(&path).expect("read source")));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &Vec::new(), &mut out);
    out
}

/// Builds a module from `a::b` notation.
fn module(path: &str) -> Module {
    path.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect()
}

#[test]
fn no_import_cycle_between_modules() {
    let graph = Graph::of(&crate_sources());
    assert!(graph.modules.len() > 50, "the walk found the crate's files: {}", graph.modules.len());
    assert!(graph.edges[&module("report")].contains_key(&module("plot")), "report names plot::caption");
    if let Some(cycle) = graph.cycle() {
        panic!("import cycle: {}", graph.describe(&cycle));
    }
}

#[test]
fn top_level_modules_import_only_downwards() {
    let sources = crate_sources();
    let lib = &sources.iter().find(|(m, _)| m.is_empty()).expect("src/lib.rs").1;
    let declared: BTreeSet<String> = strip(lib)
        .lines()
        .filter_map(|l| {
            l.trim().strip_suffix(';')?.split_whitespace().skip_while(|w| *w != "mod").nth(1).map(str::to_owned)
        })
        .collect();
    let layered: BTreeSet<String> = LAYERS.iter().flat_map(|l| l.iter().map(|m| (*m).to_owned())).collect();
    assert_eq!(declared, layered, "every top-level module of src/lib.rs has a place in LAYERS, and no other");
    let graph = Graph::of(&sources);
    let upward = graph.upward_imports(LAYERS);
    assert!(upward.is_empty(), "imports against the layering (from, to, path): {upward:#?}");
}

/// A small crate, as (module, text).
fn example(files: &[(&str, &str)]) -> Vec<(Module, String)> {
    files.iter().map(|(m, text)| (module(m), (*text).to_owned())).collect()
}

/// The layers of the table in `docs/architecture.md`: the backticked names of each row's
/// `modules` cell, top layer first.
fn documented_layers() -> Vec<Vec<String>> {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md");
    let text = fs::read_to_string(&page).expect("docs/architecture.md");
    text.lines()
        .filter(|l| l.starts_with("| ") && l.split('|').nth(1).is_some_and(|c| c.trim().parse::<u32>().is_ok()))
        .map(|l| {
            let cell = l.split('|').nth(2).unwrap_or_default();
            cell.split('`').skip(1).step_by(2).map(str::to_owned).collect()
        })
        .collect()
}

#[test]
fn the_architecture_page_lists_the_layers_the_checker_enforces() {
    let enforced: Vec<Vec<String>> = LAYERS.iter().map(|l| l.iter().map(|m| m.to_string()).collect()).collect();
    assert_eq!(documented_layers(), enforced, "docs/architecture.md's table of layers, top first");
}

#[test]
fn the_checker_finds_a_cycle_and_names_its_edges() {
    let files = example(&[
        ("", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("a", "use crate::b::Thing;\n"),
        ("b", "use super::{c::{self, Other as O}, d};\n"),
        ("c", "pub fn f() -> usize { crate::a::g() }\n"),
    ]);
    let graph = Graph::of(&files);
    let cycle = graph.cycle().expect("a → b → c → a");
    assert_eq!(cycle.len(), 4);
    assert_eq!(cycle.first(), cycle.last());
    let text = graph.describe(&cycle);
    for edge in ["→ b (`crate::b::Thing`)", "→ c (`super::c`)", "→ a (`crate::a::g`)"] {
        assert!(text.contains(edge), "{edge} missing from {text}");
    }
}

#[test]
fn tests_comments_strings_and_a_parent_naming_its_children_make_no_cycle() {
    let files = example(&[
        ("", "pub mod x;\npub mod y;\n"),
        ("x", "mod child;\npub use child::Item;\nuse self::child::Other;\npub struct Shared;\n"),
        ("x::child", "use super::Shared;\nuse crate::y::Z;\n"),
        (
            "y",
            "// crate::x::Item\nconst S: &str = \"crate::x::Item\";\nconst R: &str = r#\"super::x\"#;\n\
             fn f<'a>(c: char) -> bool { c == '\"' }\n#[cfg(test)]\nmod tests {\n    use crate::x::Item;\n}\n\
             #[cfg(test)]\npub(crate) mod more;\n",
        ),
        ("y::more", "use crate::x::Item;\n"),
    ]);
    let graph = Graph::of(&files);
    assert_eq!(graph.cycle(), None, "{:?}", graph.edges);
    assert!(!graph.modules.contains(&module("y::more")), "a file declared under #[cfg(test)] is test code");
    assert!(graph.edges[&module("x::child")].contains_key(&module("x")), "a child importing its parent counts");
    assert!(!graph.edges.contains_key(&module("y")), "y names x only in comments, literals and tests");
    // An import of the child outside the test module closes the cycle.
    let mut files = files;
    files[3].1.push_str("use crate::x::child::Z;\n");
    let graph = Graph::of(&files);
    let cycle = graph.cycle().expect("y → x::child → y after all");
    assert!(graph.describe(&cycle).contains("→ x::child (`crate::x::child::Z`)"), "{}", graph.describe(&cycle));
}

#[test]
fn an_import_up_the_layers_is_reported() {
    let files = example(&[
        ("", "pub mod grid;\npub mod solve;\n"),
        ("grid", "use crate::solve::Solver;\n"),
        ("solve", "use crate::grid::Grid;\n"),
    ]);
    let graph = Graph::of(&files);
    let upward = graph.upward_imports(&[&["solve"], &["grid"]]);
    assert_eq!(upward, vec![("grid".to_owned(), "solve".to_owned(), "crate::solve::Solver".to_owned())]);
    assert!(graph.upward_imports(&[&["solve", "grid"]]).is_empty(), "one layer may import itself");
}
