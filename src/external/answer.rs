//! Reading an external solver's answer back into the harness's terms: a grid (to be verified by
//! the caller), a proof of infeasibility, a limit, or text that says nothing readable.
//!
//! Each format is read strictly enough that garbage is never mistaken for an answer: a status
//! line is required where the format has one, literals and values must parse, and a solution must
//! name every cell it fills through the input file's variables or columns. Which cells and digits
//! a grid holds is the decoder's business; whether it is a solution is [`crate::verify`]'s (the
//! `grid` answer asks it too, only to decide between a grid and a status word printed beside it).

use super::definition::{Answer, Dialect};
use super::input::{cell_of_column, Key};
use crate::format;
use crate::graph::digit_of;
use crate::grid::Grid;

/// What an answer says.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// A completed grid (not yet verified).
    Grid(Grid),
    /// The solver proved there is no solution.
    Infeasible,
    /// The solver gave up (its own limit, or "unknown").
    Unknown(String),
    /// Nothing readable: why.
    Unreadable(String),
}

/// Decodes `text` (stdout or the output file) as `answer` for `puzzle`, whose input file was
/// written with `key`.
pub fn decode(answer: Answer, dialect: Dialect, text: &str, key: &Key, puzzle: &Grid) -> Verdict {
    match (answer, key) {
        (Answer::SatCompetition, Key::Cnf(columns)) => sat_competition(text, columns.as_deref(), puzzle),
        (Answer::Minisat, Key::Cnf(columns)) => minisat(text, columns.as_deref(), puzzle),
        (Answer::MipSolution, Key::Mip(order)) => mip_solution(dialect, text, order, puzzle),
        (Answer::ColSolution, _) => col_solution(text, puzzle),
        (Answer::Grid, _) => grid(text, puzzle),
        (Answer::Minizinc, _) => minizinc(text, puzzle),
        (answer, key) => Verdict::Unreadable(format!("answer {answer} does not fit the input ({key:?})")),
    }
}

/// The grid of the true literals among `literals` (DIMACS numbers; auxiliary ones ignored).
fn from_literals(literals: &[i64], columns: Option<&[(usize, usize)]>, puzzle: &Grid) -> Verdict {
    let Some(columns) = columns else {
        return Verdict::Unreadable("a model of an unsatisfiable formula (the empty clause)".into());
    };
    let mut grid = puzzle.clone();
    // A cell with two true digits (the minimal encoding allows it) keeps the first: any choice
    // is a solution when the house constraints hold, and the oracle judges the grid.
    for &lit in literals.iter().filter(|&&l| l > 0) {
        let Some(&(cell, k)) = usize::try_from(lit - 1).ok().and_then(|i| columns.get(i)) else { continue };
        if grid.get(cell) == 0 {
            grid.set(cell, digit_of(k));
        }
    }
    if let Some(cell) = (0..grid.cells().len()).find(|&c| grid.get(c) == 0) {
        return Verdict::Unreadable(format!("the model leaves cell {} empty", cell + 1));
    }
    Verdict::Grid(grid)
}

/// Parses literals, stopping at `0`.
fn literals<'a>(words: impl Iterator<Item = &'a str>) -> Result<Vec<i64>, String> {
    let mut out = Vec::new();
    for w in words {
        let lit: i64 = w.parse().map_err(|_| format!("'{w}' is no literal"))?;
        if lit == 0 {
            break;
        }
        out.push(lit);
    }
    Ok(out)
}

/// SAT competition output: `s …` status, `v …` literal lines; `c` comments and other lines ignored.
fn sat_competition(text: &str, columns: Option<&[(usize, usize)]>, puzzle: &Grid) -> Verdict {
    let mut status = None;
    let mut words = Vec::new();
    for line in text.lines() {
        if let Some(s) = line.strip_prefix("s ") {
            status = Some(s.trim().to_ascii_uppercase());
        } else if let Some(v) = line.strip_prefix("v ").or_else(|| (line.trim() == "v").then_some("")) {
            words.extend(v.split_whitespace());
        }
    }
    match status.as_deref() {
        Some("SATISFIABLE") => match literals(words.into_iter()) {
            Ok(lits) if !lits.is_empty() || columns.is_some_and(<[_]>::is_empty) => {
                from_literals(&lits, columns, puzzle)
            }
            Ok(_) => Verdict::Unreadable("s SATISFIABLE without v lines".into()),
            Err(e) => Verdict::Unreadable(e),
        },
        Some("UNSATISFIABLE") => Verdict::Infeasible,
        Some(word @ ("UNKNOWN" | "INDETERMINATE" | "TIMEOUT" | "MEMOUT")) => {
            Verdict::Unknown(format!("the solver answered s {word}"))
        }
        Some(other) => Verdict::Unreadable(format!("unknown status line 's {other}'")),
        None => Verdict::Unreadable("no 's' status line".into()),
    }
}

/// MiniSat's result file: `SAT` and a line of literals, `UNSAT`, or `INDET`.
fn minisat(text: &str, columns: Option<&[(usize, usize)]>, puzzle: &Grid) -> Verdict {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    match lines.next() {
        Some("SAT") => match literals(lines.flat_map(str::split_whitespace)) {
            Ok(lits) => from_literals(&lits, columns, puzzle),
            Err(e) => Verdict::Unreadable(e),
        },
        Some("UNSAT") => Verdict::Infeasible,
        Some("INDET") => Verdict::Unknown("MiniSat answered INDET".into()),
        Some(other) => Verdict::Unreadable(format!("first line '{}' is not SAT, UNSAT or INDET", clip(other))),
        None => Verdict::Unreadable("the result file is empty".into()),
    }
}

/// Status words of MIP solution files.
enum MipStatus {
    Solution,
    Infeasible,
    Unknown(String),
}

/// Reads a status phrase.
fn mip_status(phrase: &str) -> MipStatus {
    let p = phrase.to_ascii_lowercase();
    if p.contains("infeasible") || p.contains("no feasible") || p.contains("empty") && p.contains("integer") {
        MipStatus::Infeasible
    } else if p.contains("optimal") || p.contains("feasible") || p.contains("solution found") {
        MipStatus::Solution
    } else {
        MipStatus::Unknown(phrase.trim().to_string())
    }
}

/// A MIP solution file in one of the dialects of [`Dialect`].
fn mip_solution(dialect: Dialect, text: &str, order: &[String], puzzle: &Grid) -> Verdict {
    let dialect = if dialect == Dialect::Auto { detect(text) } else { dialect };
    let read = match dialect {
        Dialect::Cbc => cbc(text),
        Dialect::Scip => scip(text),
        Dialect::Highs => highs(text),
        Dialect::Glpk => glpk(text, order),
        Dialect::Gurobi | Dialect::Auto => gurobi(text),
    };
    match read {
        Ok(answer) => answer.verdict(puzzle),
        Err(why) => Verdict::Unreadable(why),
    }
}

/// What a MIP solution file says: the solver's status, and each variable's value as printed.
struct MipAnswer {
    status: MipStatus,
    values: Vec<(String, f64)>,
}

impl MipAnswer {
    /// The verdict on `puzzle`: the grid the variables set to 1 fill in, when the status is a
    /// solution.
    fn verdict(self, puzzle: &Grid) -> Verdict {
        let values = match self.status {
            MipStatus::Infeasible => return Verdict::Infeasible,
            MipStatus::Unknown(why) => return Verdict::Unknown(format!("the solver's status: {why}")),
            MipStatus::Solution => self.values,
        };
        if values.iter().any(|(_, v)| v.is_nan()) {
            return Verdict::Unreadable("a variable value that is no number".into());
        }
        let n = puzzle.n();
        let mut grid = puzzle.clone();
        for (name, _) in values.iter().filter(|(_, v)| *v > 0.5) {
            let Some((row, col, digit)) = cell_of_column(name) else { continue };
            if row <= n && col <= n && usize::from(digit) <= n && grid.get((row - 1) * n + col - 1) == 0 {
                grid.set((row - 1) * n + col - 1, digit);
            }
        }
        match (0..n * n).find(|&c| grid.get(c) == 0) {
            Some(cell) => Verdict::Unreadable(format!("the solution leaves cell {} empty", cell + 1)),
            None => Verdict::Grid(grid),
        }
    }
}

/// The first line of `text` that is not blank, trimmed.
fn first_line(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("")
}

/// `name value` pairs from the words of `lines`: the name at `name`, the value after it, on lines
/// of at least `min_words` words.
fn name_values<'a>(lines: impl Iterator<Item = &'a str>, name: usize, min_words: usize) -> Vec<(String, f64)> {
    lines
        .map(|line| line.split_whitespace().collect::<Vec<&str>>())
        .filter(|w| w.len() >= min_words)
        .map(|w| (w[name].to_string(), parse_value(w[name + 1])))
        .collect()
}

/// CBC's `-solu` file: "Optimal - objective value 0.00000000", then "  0 x_r1c1_1  1  0".
fn cbc(text: &str) -> Result<MipAnswer, String> {
    let first = first_line(text);
    let Some((phrase, _)) = first.split_once(" - objective value") else {
        return Err(format!("no CBC status line (found '{}')", clip(first)));
    };
    Ok(MipAnswer { status: mip_status(phrase), values: name_values(text.lines().skip(1), 1, 3) })
}

/// SCIP's `write solution`: `solution status: …`, `objective value: …`, `name value (obj:c)`.
fn scip(text: &str) -> Result<MipAnswer, String> {
    let Some(line) = text.lines().find(|l| l.starts_with("solution status:")) else {
        return Err("no 'solution status:' line".into());
    };
    let values = name_values(text.lines().filter(|l| !l.contains(':') || l.contains("(obj:")), 0, 2);
    let status = &line["solution status:".len()..];
    let status = if text.contains("no solution available") {
        match mip_status(status) {
            MipStatus::Infeasible => MipStatus::Infeasible,
            _ => MipStatus::Unknown(status.trim().to_string()),
        }
    } else {
        mip_status(status)
    };
    Ok(MipAnswer { status, values })
}

/// HiGHS's `--solution_file`: `Model status`, its value on the next line, then `# Columns N` and
/// `name value` lines.
fn highs(text: &str) -> Result<MipAnswer, String> {
    let mut lines = text.lines().map(str::trim);
    if !lines.any(|l| l == "Model status") {
        return Err("no 'Model status' line".into());
    }
    let status = lines.next().unwrap_or("").to_string();
    let mut in_columns = false;
    let columns = text.lines().filter(|line| {
        if line.starts_with("# Columns") {
            in_columns = true;
            false
        } else if line.starts_with('#') {
            in_columns = false;
            false
        } else {
            in_columns
        }
    });
    let values = name_values(columns, 0, 2);
    Ok(MipAnswer { status: mip_status(&status), values })
}

/// GLPK's raw `glpsol -w` file: "s mip ROWS COLS STATUS OBJ" (o optimal, f feasible, n no
/// feasible, u undefined) and "j COLUMN VALUE" lines, the columns numbered in `order`.
fn glpk(text: &str, order: &[String]) -> Result<MipAnswer, String> {
    let Some(head) = text.lines().find(|l| l.starts_with("s mip ")) else {
        return Err("no 's mip' line (glpsol -w writes one)".into());
    };
    let mut values = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("j ")) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let column = w.get(1).and_then(|c| c.parse::<usize>().ok()).and_then(|c| order.get(c.wrapping_sub(1)));
        if let (Some(name), Some(v)) = (column, w.get(2)) {
            values.push((name.clone(), parse_value(v)));
        }
    }
    let status = match head.split_whitespace().nth(4) {
        Some("o" | "f") => MipStatus::Solution,
        Some("n") => MipStatus::Infeasible,
        other => MipStatus::Unknown(format!("GLPK status {}", other.unwrap_or("missing"))),
    };
    Ok(MipAnswer { status, values })
}

/// Gurobi's `.sol` (and any `name value` list): `#` comments, then `name value` lines; a
/// solution when there are any.
fn gurobi(text: &str) -> Result<MipAnswer, String> {
    let values: Vec<(String, f64)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| line.split_whitespace().collect::<Vec<&str>>())
        .filter(|w| w.len() == 2)
        .map(|w| (w[0].to_string(), parse_value(w[1])))
        .collect();
    if values.is_empty() {
        return Err(format!("no 'name value' lines (first line '{}')", clip(first_line(text))));
    }
    Ok(MipAnswer { status: MipStatus::Solution, values })
}

/// A value as the solver printed it (NaN when it is no number).
fn parse_value(word: &str) -> f64 {
    word.parse().unwrap_or(f64::NAN)
}

/// The dialect a MIP solution file is written in.
fn detect(text: &str) -> Dialect {
    let first = first_line(text);
    if text.lines().any(|l| l.starts_with("s mip ")) {
        Dialect::Glpk
    } else if text.lines().any(|l| l.trim() == "Model status") {
        Dialect::Highs
    } else if text.lines().any(|l| l.starts_with("solution status:")) {
        Dialect::Scip
    } else if first.contains(" - objective value") {
        Dialect::Cbc
    } else {
        Dialect::Gurobi
    }
}

/// A colouring: `s …` status lines, `l V C` or `v V C` lines, or bare colours in node order.
/// Colours are labels: a cell's digit is the digit of the colour node with its colour.
fn col_solution(text: &str, puzzle: &Grid) -> Verdict {
    let n = puzzle.n();
    let nodes = n * n + n;
    let mut colour: Vec<Option<u64>> = vec![None; nodes];
    let mut bare = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('c')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            ["s", rest @ ..] => {
                let status = rest.join(" ").to_ascii_lowercase();
                if status.contains("unsat") || status.contains("infeasible") || status.contains("no colouring") {
                    return Verdict::Infeasible;
                }
                if status.contains("unknown") {
                    return Verdict::Unknown(format!("the solver's status: {status}"));
                }
            }
            ["l" | "v", v, c] => match (v.parse::<usize>(), c.parse::<u64>()) {
                (Ok(v), Ok(c)) if (1..=nodes).contains(&v) => colour[v - 1] = Some(c),
                _ => return Verdict::Unreadable(format!("'{}' is no 'l NODE COLOUR' line", clip(line))),
            },
            _ => {
                for word in w {
                    match word.parse::<u64>() {
                        Ok(c) => bare.push(c),
                        Err(_) => return Verdict::Unreadable(format!("'{}' is no colour", clip(word))),
                    }
                }
            }
        }
    }
    if colour.iter().all(Option::is_none) && bare.len() == nodes {
        colour = bare.into_iter().map(Some).collect();
    }
    let Some(colour) = colour.into_iter().collect::<Option<Vec<u64>>>() else {
        return Verdict::Unreadable(format!("not every one of the {nodes} nodes has a colour"));
    };
    let digit_of_colour: std::collections::HashMap<u64, u8> =
        (0..n).map(|k| (colour[n * n + k], digit_of(k))).collect();
    if digit_of_colour.len() < n {
        return Verdict::Unreadable("two colour nodes share a colour: not a proper colouring".into());
    }
    let mut grid = puzzle.clone();
    for (cell, c) in colour.iter().enumerate().take(n * n) {
        match digit_of_colour.get(c) {
            Some(&d) => grid.set(cell, d),
            None => return Verdict::Unreadable(format!("cell {} has a colour no colour node has", cell + 1)),
        }
    }
    Verdict::Grid(grid)
}

/// A grid in any format the harness reads, or a status word on a line of its own.
///
/// An answer holds at most one complete grid: several are unreadable, with the reason — the
/// harness never searches them for one that verifies, which would pass over a wrong first grid.
/// A complete grid that is a solution of `puzzle` is the answer whatever status words surround it
/// (a script that prints `None` before its grid solved the puzzle). A complete grid that is no
/// solution is returned for the caller to call wrong, unless a status word also claims something:
/// then the output contradicts itself and is unreadable, with the reason, never infeasible. A
/// status word with no complete grid beside it (the puzzle echoed, log lines) is the answer, as
/// long as every status word says the same.
fn grid(text: &str, puzzle: &Grid) -> Verdict {
    let mut words: Vec<(String, Verdict)> = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    for line in text.lines() {
        let word = line.trim().trim_start_matches("s ").to_ascii_uppercase();
        match status_word(&word) {
            Some(verdict) => words.push((word, verdict)),
            None if line.trim_start().starts_with('#') => {}
            None => rest.push(line),
        }
    }
    let parsed = format::parse(&rest.join("\n"), "answer", None, Some(puzzle.shape()));
    let grids: Vec<Grid> =
        parsed.as_ref().map_or(Vec::new(), |entries| entries.iter().map(|e| e.puzzle.clone()).collect());
    let complete: Vec<&Grid> = grids.iter().filter(|g| g.givens() == g.cells().len()).collect();
    if complete.len() > 1 {
        return Verdict::Unreadable(format!(
            "{} complete grids in the answer; a grid answer holds one (the puzzle echoed, with its holes, may come before it)",
            complete.len()
        ));
    }
    if let Some(solution) = complete.first().filter(|g| crate::verify::is_solution_of(puzzle, g)) {
        return Verdict::Grid((*solution).clone());
    }
    let claims: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
    match (complete.first(), words.first()) {
        (Some(g), None) => Verdict::Grid((*g).clone()),
        (Some(_), Some(_)) => Verdict::Unreadable(format!(
            "conflicting output: the solver answered {} and also printed a complete grid that is no solution",
            claims.join(", ")
        )),
        (None, Some((_, verdict))) if words.iter().all(|(_, v)| v == verdict) => verdict.clone(),
        (None, Some(_)) => {
            Verdict::Unreadable(format!("conflicting output: the solver answered {}", claims.join(" and ")))
        }
        (None, None) => match parsed {
            Ok(_) if !grids.is_empty() => Verdict::Unreadable("the answer grid has empty cells".into()),
            Ok(_) => Verdict::Unreadable("no grid in the answer".into()),
            Err(e) => Verdict::Unreadable(format!("no grid in the answer: {e}")),
        },
    }
}

/// MiniZinc's output: solutions, each ended by a line `----------` (the last one is the answer,
/// read as a grid), then maybe `==========` (the search is complete); or a line
/// `=====UNSATISFIABLE=====`, `=====UNKNOWN=====` (a limit), `=====ERROR=====`. `%` comments (the
/// `%%%mzn-stat` lines of `--statistics`) are skipped. Without a status line or a solution ended
/// by `----------`, nothing was answered: the solver was stopped mid-output or failed.
fn minizinc(text: &str, puzzle: &Grid) -> Verdict {
    let mut block: Vec<&str> = Vec::new();
    let mut solution: Option<String> = None;
    for line in text.lines().filter(|l| !l.trim_start().starts_with('%')) {
        match line.trim() {
            "----------" => solution = Some(std::mem::take(&mut block).join("\n")),
            "==========" => {}
            "=====UNSATISFIABLE=====" if solution.is_none() => return Verdict::Infeasible,
            "=====UNSATISFIABLE=====" => {
                return Verdict::Unreadable("conflicting output: =====UNSATISFIABLE===== after a solution".into())
            }
            "=====UNKNOWN=====" if solution.is_none() => {
                return Verdict::Unknown("MiniZinc answered =====UNKNOWN=====".into())
            }
            word @ ("=====UNKNOWN=====" | "=====ERROR=====" | "=====UNBOUNDED=====" | "=====UNSATorUNBOUNDED=====") => {
                return Verdict::Unreadable(format!("MiniZinc answered {word}"))
            }
            _ => block.push(line),
        }
    }
    let Some(solution) = solution else {
        return Verdict::Unreadable("no solution ended by ---------- and no =====STATUS===== line".into());
    };
    match format::parse(&solution, "answer", Some(format::Format::Grid), Some(puzzle.shape())) {
        Ok(entries) if entries.len() == 1 && entries[0].puzzle.givens() == puzzle.cells().len() => {
            Verdict::Grid(entries[0].puzzle.clone())
        }
        Ok(_) => Verdict::Unreadable("the solution is not one complete grid".into()),
        Err(e) => Verdict::Unreadable(format!("the solution is no grid: {e}")),
    }
}

/// What a status word of a `grid` answer says (`None` when the line is no status word).
fn status_word(word: &str) -> Option<Verdict> {
    match word {
        "UNSAT" | "UNSATISFIABLE" | "INFEASIBLE" | "NO SOLUTION" | "NONE" => Some(Verdict::Infeasible),
        "UNKNOWN" | "TIMEOUT" | "LIMIT" => Some(Verdict::Unknown(format!("the solver answered {word}"))),
        _ => None,
    }
}

/// At most 80 characters of `s`, for messages.
pub fn clip(s: &str) -> String {
    if s.chars().count() <= 80 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(80).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{planted, rng_from_seed};
    use crate::grid::Shape;
    use crate::solve::ilp::column_name;
    use crate::verify::is_solution_of;

    fn instance() -> (Grid, Grid) {
        let p = planted(Shape::new(2, 2).unwrap(), 0.3, &mut rng_from_seed(11));
        (p.puzzle, p.solution)
    }

    /// The columns a CNF of `puzzle` would have: every (empty cell, colour).
    fn columns(puzzle: &Grid) -> Vec<(usize, usize)> {
        (0..16).filter(|&c| puzzle.get(c) == 0).flat_map(|c| (0..4).map(move |k| (c, k))).collect()
    }

    fn model(puzzle: &Grid, solution: &Grid) -> Vec<i64> {
        columns(puzzle)
            .iter()
            .enumerate()
            .map(|(i, &(c, k))| if digit_of(k) == solution.get(c) { i as i64 + 1 } else { -(i as i64 + 1) })
            .collect()
    }

    #[test]
    fn sat_competition_and_minisat_answers_decode_to_the_solution() {
        let (p, s) = instance();
        let lits: Vec<String> = model(&p, &s).iter().map(i64::to_string).collect();
        let key = Key::Cnf(Some(columns(&p)));
        let text = format!("c hello\ns SATISFIABLE\nv {}\nv {} 0\n", lits[..5].join(" "), lits[5..].join(" "));
        let Verdict::Grid(g) = decode(Answer::SatCompetition, Dialect::Auto, &text, &key, &p) else { panic!() };
        assert!(is_solution_of(&p, &g));
        let text = format!("SAT\n{} 0\n", lits.join(" "));
        assert_eq!(decode(Answer::Minisat, Dialect::Auto, &text, &key, &p), Verdict::Grid(s));
        assert_eq!(decode(Answer::Minisat, Dialect::Auto, "UNSAT\n", &key, &p), Verdict::Infeasible);
        assert_eq!(decode(Answer::SatCompetition, Dialect::Auto, "s UNSATISFIABLE\n", &key, &p), Verdict::Infeasible);
        for word in ["UNKNOWN", "INDETERMINATE", "TIMEOUT"] {
            let v = decode(Answer::SatCompetition, Dialect::Auto, &format!("s {word}\n"), &key, &p);
            assert!(matches!(v, Verdict::Unknown(_)), "{word}: {v:?}");
        }
        for garbage in ["", "hello world", "s SATISFIABLE\nv 1 x 0\n", "s SATISFIABLE\n"] {
            let v = decode(Answer::SatCompetition, Dialect::Auto, garbage, &key, &p);
            assert!(matches!(v, Verdict::Unreadable(_)), "{garbage:?}: {v:?}");
        }
    }

    #[test]
    fn mip_solutions_of_every_dialect_decode() {
        let (p, s) = instance();
        let names: Vec<(String, f64)> = columns(&p)
            .iter()
            .map(|&(c, k)| (column_name(c, k, 4), if digit_of(k) == s.get(c) { 1.0 } else { 0.0 }))
            .collect();
        let order: Vec<String> = names.iter().map(|(n, _)| n.clone()).collect();
        let key = Key::Mip(order);
        let body = |f: &dyn Fn(usize, &str, f64) -> String| {
            names.iter().enumerate().map(|(i, (n, v))| f(i, n, *v)).collect::<Vec<_>>().join("\n")
        };
        let files = [
            format!("Optimal - objective value 0.00000000\n{}\n", body(&|i, n, v| format!("{i:6} {n:20} {v} 0"))),
            format!(
                "solution status: optimal solution found\nobjective value: 0\n{}\n",
                body(&|_, n, v| format!("{n} {v} \t(obj:0)"))
            ),
            format!(
                "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n# Columns {}\n{}\n# Rows 0\n",
                names.len(),
                body(&|_, n, v| format!("{n} {v}"))
            ),
            format!("c Problem: x\ns mip 5 {} o 0\n{}\ne o f\n", names.len(), body(&|i, _, v| format!("j {} {v}", i + 1))),
            format!("# Objective value = 0\n{}\n", body(&|_, n, v| format!("{n} {v}"))),
        ];
        for text in &files {
            assert_eq!(decode(Answer::MipSolution, Dialect::Auto, text, &key, &p), Verdict::Grid(s.clone()), "{text}");
        }
        let infeasible = [
            "Infeasible - objective value 0.00000000\n",
            "solution status: infeasible\nno solution available\n",
            "Model status\nInfeasible\n",
            "s mip 5 5 n 0\n",
        ];
        for text in infeasible {
            assert_eq!(decode(Answer::MipSolution, Dialect::Auto, text, &key, &p), Verdict::Infeasible, "{text}");
        }
        let v = decode(Answer::MipSolution, Dialect::Auto, "Stopped on time - objective value 0\n", &key, &p);
        assert!(matches!(v, Verdict::Unknown(_)), "{v:?}");
        let v = decode(Answer::MipSolution, Dialect::Auto, "garbage\n", &key, &p);
        assert!(matches!(v, Verdict::Unreadable(_)), "{v:?}");
    }

    #[test]
    fn a_colouring_is_read_through_the_colour_nodes_whatever_its_labels() {
        let (p, s) = instance();
        // Colour labels permuted: digit d is colour 10·(5 − d).
        let label = |d: u8| 10 * (5 - u64::from(d));
        let mut lines = vec!["s col 4".to_string()];
        lines.extend((0..16).map(|c| format!("l {} {}", c + 1, label(s.get(c)))));
        lines.extend((1..=4u8).map(|d| format!("l {} {}", 16 + usize::from(d), label(d))));
        let text = lines.join("\n");
        assert_eq!(decode(Answer::ColSolution, Dialect::Auto, &text, &Key::Plain, &p), Verdict::Grid(s.clone()));
        let bare: Vec<String> =
            (0..16).map(|c| label(s.get(c))).chain((1..=4).map(label)).map(|c| c.to_string()).collect();
        assert_eq!(decode(Answer::ColSolution, Dialect::Auto, &bare.join(" "), &Key::Plain, &p), Verdict::Grid(s));
        let v = decode(Answer::ColSolution, Dialect::Auto, "l 1 1\n", &Key::Plain, &p);
        assert!(matches!(v, Verdict::Unreadable(_)));
    }

    #[test]
    fn a_grid_answer_is_any_grid_format_or_a_status_word() {
        let (p, s) = instance();
        let line = crate::format::to_line(&s);
        assert_eq!(
            decode(Answer::Grid, Dialect::Auto, &format!("# solved\n{line}\n"), &Key::Plain, &p),
            Verdict::Grid(s)
        );
        assert_eq!(decode(Answer::Grid, Dialect::Auto, "INFEASIBLE\n", &Key::Plain, &p), Verdict::Infeasible);
        assert!(matches!(decode(Answer::Grid, Dialect::Auto, "unknown\n", &Key::Plain, &p), Verdict::Unknown(_)));
        assert!(matches!(decode(Answer::Grid, Dialect::Auto, "xyz\n", &Key::Plain, &p), Verdict::Unreadable(_)));
    }

    #[test]
    fn minizinc_output_is_the_last_solution_or_its_status_line() {
        let (p, s) = instance();
        let rows: String =
            (0..4).map(|r| (0..4).map(|c| s.get(r * 4 + c).to_string()).collect::<Vec<_>>().join(" ") + "\n").collect();
        let decoded = |text: &str| decode(Answer::Minizinc, Dialect::Auto, text, &Key::Plain, &p);
        assert_eq!(decoded(&format!("{rows}----------\n")), Verdict::Grid(s.clone()));
        let with_stats = format!("%%%mzn-stat: nodes=3\n{rows}----------\n==========\n%%%mzn-stat-end\n");
        assert_eq!(decoded(&with_stats), Verdict::Grid(s.clone()));
        assert_eq!(decoded("=====UNSATISFIABLE=====\n"), Verdict::Infeasible);
        assert!(matches!(decoded("=====UNKNOWN=====\n"), Verdict::Unknown(_)));
        // A grid cut off before its separator (stopped mid-output), an error, or no answer at all.
        for text in [rows.as_str(), "=====ERROR=====\n", "", "1 2\n----------\n"] {
            assert!(matches!(decoded(text), Verdict::Unreadable(_)), "{text:?}: {:?}", decoded(text));
        }
        let v = decoded(&format!("{rows}----------\n=====UNSATISFIABLE=====\n"));
        assert!(matches!(&v, Verdict::Unreadable(why) if why.contains("conflicting")), "{v:?}");
        // A complete grid that is no solution is returned for the caller to call wrong.
        let wrong: String = (0..4).map(|_| "1 1 1 1\n").collect();
        assert!(matches!(decoded(&format!("{wrong}----------\n")), Verdict::Grid(g) if !is_solution_of(&p, &g)));
    }

    #[test]
    fn a_solution_in_a_grid_answer_wins_over_a_status_word_and_conflicts_are_errors() {
        let (p, s) = instance();
        let line = crate::format::to_line(&s);
        let decoded = |text: &str| decode(Answer::Grid, Dialect::Auto, text, &Key::Plain, &p);
        // A script that prints its function's `None` (or a stale "unknown") before the grid solved it.
        for word in ["None", "UNKNOWN", "s UNSATISFIABLE"] {
            assert_eq!(decoded(&format!("{word}\n{line}\n")), Verdict::Grid(s.clone()), "{word}");
        }
        // The puzzle echoed before the status word is no answer grid: the status word stands.
        let echoed = format!("{}\nINFEASIBLE\n", crate::format::to_line(&p));
        assert_eq!(decoded(&echoed), Verdict::Infeasible);
        // A status word beside a complete grid that is no solution contradicts itself.
        let mut wrong = s.clone();
        let (a, b) = (wrong.get(0), wrong.get(1));
        wrong.set(0, b);
        wrong.set(1, a);
        let wrong_line = crate::format::to_line(&wrong);
        for word in ["None", "INFEASIBLE", "unknown"] {
            let v = decoded(&format!("{word}\n{wrong_line}\n"));
            let Verdict::Unreadable(why) = &v else { panic!("{word}: {v:?}") };
            assert!(why.contains("conflicting output"), "{why}");
        }
        // Alone, the wrong grid is returned for the caller to call wrong.
        assert_eq!(decoded(&format!("{wrong_line}\n")), Verdict::Grid(wrong));
        // Two status words that disagree are no answer either.
        let v = decoded("UNSAT\nUNKNOWN\n");
        assert!(matches!(&v, Verdict::Unreadable(why) if why.contains("UNSAT and UNKNOWN")), "{v:?}");
        assert_eq!(decoded("c log line\nUNSAT\nUNSAT\n"), Verdict::Infeasible);
    }

    #[test]
    fn several_complete_grids_in_a_grid_answer_are_unreadable_whichever_verifies() {
        let (p, s) = instance();
        let mut wrong = s.clone();
        let (a, b) = (wrong.get(0), wrong.get(1));
        wrong.set(0, b);
        wrong.set(1, a);
        let (right, wrong) = (crate::format::to_line(&s), crate::format::to_line(&wrong));
        let decoded = |text: &str| decode(Answer::Grid, Dialect::Auto, text, &Key::Plain, &p);
        // A wrong first grid is not passed over for a second one that verifies, nor the reverse.
        for text in [format!("{wrong}\n{right}\n"), format!("{right}\n{wrong}\n"), format!("{right}\n{right}\n")] {
            assert_eq!(
                decoded(&text),
                Verdict::Unreadable(
                    "2 complete grids in the answer; a grid answer holds one (the puzzle echoed, with its holes, may come before it)"
                        .into()
                ),
                "{text}"
            );
        }
        // The puzzle echoed (with its holes) before the one complete grid is still read.
        let echoed = format!("{}\n{right}\n", crate::format::to_line(&p));
        assert_eq!(decoded(&echoed), Verdict::Grid(s));
    }
}
