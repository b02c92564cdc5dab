//! The placeholders of a command, its version command and its environment: `{input}`,
//! `{output}`, `{limit_s}`, … — the one list of them ([`Placeholder::ALL`]), their names and
//! their expansion.

/// A `{name}` a command, its version command or its environment may hold: the one list of them,
/// their names, and their expansion ([`Placeholder::expand`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placeholder {
    /// `{input}`: the input file.
    Input,
    /// `{output}`: the file the solver writes its answer to.
    Output,
    /// `{limit_s}`: the time limit in whole seconds, rounded up.
    LimitS,
    /// `{limit_ms}`: the time limit in whole milliseconds, rounded up.
    LimitMs,
    /// `{seed}`: the instance's seed.
    Seed,
    /// `{threads}`: the definition's `threads`.
    Threads,
    /// `{workdir}`: the job's own folder.
    Workdir,
    /// `{here}`: the folder of the definitions file (resolved when the file is read).
    Here,
    /// `{proof}`: the file a DRAT proof of "unsatisfiable" goes to.
    Proof,
}

impl Placeholder {
    /// Every placeholder, in the order the docs list them.
    pub const ALL: [Placeholder; 9] = [
        Placeholder::Input,
        Placeholder::Output,
        Placeholder::LimitS,
        Placeholder::LimitMs,
        Placeholder::Seed,
        Placeholder::Threads,
        Placeholder::Workdir,
        Placeholder::Here,
        Placeholder::Proof,
    ];

    /// Its name between the braces.
    pub const fn name(self) -> &'static str {
        match self {
            Placeholder::Input => "input",
            Placeholder::Output => "output",
            Placeholder::LimitS => "limit_s",
            Placeholder::LimitMs => "limit_ms",
            Placeholder::Seed => "seed",
            Placeholder::Threads => "threads",
            Placeholder::Workdir => "workdir",
            Placeholder::Here => "here",
            Placeholder::Proof => "proof",
        }
    }

    /// The placeholder named `name`, if any.
    pub fn named(name: &str) -> Option<Placeholder> {
        Placeholder::ALL.into_iter().find(|p| p.name() == name)
    }

    /// `arg` with every `{name}` that `value` gives a value for replaced by it (the others are
    /// left as they are).
    pub fn expand(arg: &str, value: impl Fn(Placeholder) -> Option<String>) -> String {
        let mut out = String::with_capacity(arg.len());
        let mut rest = arg;
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            out.push_str(&rest[..open]);
            match Placeholder::named(&after[..close]).and_then(&value) {
                Some(v) => {
                    out.push_str(&v);
                    rest = &after[close + 1..];
                }
                // Not one to expand: the brace stays, and the scan goes on after it.
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The placeholders' names ([`Placeholder::ALL`]).
pub const PLACEHOLDERS: [&str; 9] = {
    let mut names = [""; 9];
    let mut i = 0;
    while i < 9 {
        names[i] = Placeholder::ALL[i].name();
        i += 1;
    }
    names
};

/// The first `{…}` of `arg` that is no placeholder.
pub(super) fn unknown_placeholder(arg: &str) -> Option<String> {
    let mut rest = arg;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        let name = &after[..close];
        if Placeholder::named(name).is_none() {
            return Some(name.to_string());
        }
        rest = &after[close + 1..];
    }
    None
}
