//! A definition's program: resolved when the file is read (a path with a `/` relative to the
//! file's folder, a bare name looked up on `PATH`) and checked to be an executable file.

use std::path::{Path, PathBuf};

use super::Definition;

/// `path` made absolute against the current folder (left as it is when that is unknown).
pub(super) fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        return path.to_path_buf();
    }
    std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
}

/// The program to start: a path with a `/` (relative to `here`), which must be an executable
/// file, or a name found on `PATH`. The error carries the program as it would be started.
pub(super) fn resolve_program(program: &str, here: &Path) -> Result<String, (String, String)> {
    if program.contains('/') {
        let path = if Path::new(program).is_absolute() { PathBuf::from(program) } else { absolute(here).join(program) };
        // `./solve.sh` is the file beside the definition: drop the `.` steps.
        let path: PathBuf = path.components().filter(|c| *c != std::path::Component::CurDir).collect();
        let shown = path.display().to_string();
        return if is_executable(&path) {
            Ok(shown)
        } else if path.is_dir() {
            Err((shown.clone(), format!("program {shown} is a directory, not a program")))
        } else if path.exists() {
            Err((shown.clone(), format!("program {shown} is not executable")))
        } else {
            Err((shown.clone(), format!("program {shown} does not exist")))
        };
    }
    if on_path(program) {
        return Ok(program.to_string());
    }
    Err((program.to_string(), format!("program '{program}' is not on PATH")))
}

/// True when `program` names an executable file in a folder of `PATH`.
pub fn on_path(program: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| is_executable(&dir.join(program)))
}

/// Checks that a definition's program exists now (for a definition read with it unwanted).
pub fn check_program(def: &Definition) -> Result<(), String> {
    let program = &def.command[0];
    let ok = if program.contains('/') { is_executable(Path::new(program)) } else { on_path(program) };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "external solver {}: program {program} is not there (install it: scripts/setup-peers.sh installs the peers)",
            def.name
        ))
    }
}

/// True for an executable regular file.
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
