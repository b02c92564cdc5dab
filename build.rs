//! Build script: records the git revision of the source tree this binary is built from, once, at
//! build time, so that a run never starts git nor reads a checkout (`meta.json`'s `git_revision`).
//!
//! git is asked about this crate's own folder only: `GIT_DIR`, `GIT_WORK_TREE` and the other
//! variables that would point it elsewhere are removed from its environment. Without git, or
//! outside a checkout, the revision is `unknown`. The script re-runs when HEAD, the branch it
//! points at, the index or the sources change, so the dirty flag follows edits to the sources.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Variables through which the environment could point git at another repository.
const GIT_VARIABLES: [&str; 8] = [
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_COMMON_DIR",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_CEILING_DIRECTORIES",
    "GIT_NAMESPACE",
];

fn main() {
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    for path in ["build.rs", "Cargo.toml", "Cargo.lock", "src"] {
        println!("cargo:rerun-if-changed={}", here.join(path).display());
    }
    for var in GIT_VARIABLES {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let revision = revision(&here);
    println!("cargo:rustc-env=SUDOKU_LAB_GIT_REVISION={revision}");
}

/// `git rev-parse HEAD` of `here` (`+dirty` with uncommitted changes to tracked files), or
/// `unknown`; asks cargo to re-run when the repository's HEAD, branch or index change.
fn revision(here: &Path) -> String {
    let git = |args: &[&str]| -> Option<String> {
        let mut command = Command::new("git");
        command.arg("-C").arg(here).args(args).stderr(std::process::Stdio::null());
        for var in GIT_VARIABLES {
            command.env_remove(var);
        }
        let out = command.output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let Some(rev) = git(&["rev-parse", "HEAD"]).filter(|r| r.len() >= 40 && r.chars().all(|c| c.is_ascii_hexdigit()))
    else {
        return "unknown".into();
    };
    let absolute = |p: String| {
        let p = PathBuf::from(p);
        if p.is_absolute() {
            p
        } else {
            here.join(p)
        }
    };
    let git_dir = git(&["rev-parse", "--git-dir"]).map(absolute);
    let common_dir = git(&["rev-parse", "--git-common-dir"]).map(absolute);
    let mut watched: Vec<PathBuf> = Vec::new();
    if let Some(dir) = &git_dir {
        watched.extend([dir.join("HEAD"), dir.join("index")]);
    }
    if let Some(dir) = common_dir.as_ref().or(git_dir.as_ref()) {
        watched.push(dir.join("packed-refs"));
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watched.push(dir.join(branch));
        }
    }
    // A path that does not exist would make cargo re-run the script at every build.
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    if dirty {
        format!("{rev}+dirty")
    } else {
        rev
    }
}
