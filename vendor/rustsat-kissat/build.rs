#![warn(clippy::pedantic)]

use glob::glob;
use std::{
    env,
    fs::{self, File},
    io::Write,
    path::{Path, PathBuf},
    process::Command,
    str,
};

macro_rules! check_env_var {
    ($var:expr) => {
        match env::var($var) {
            Err(env::VarError::NotPresent) => None,
            Ok(val) => Some(val),
            Err(err) => panic!("`{}` variable error: {err}", $var),
        }
    };
}

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Version {
    // Note: derived order makes top < bottom
    Sc2022Bulky,
    Sc2022Hyper,
    Sc2022Light,
    V300,
    V310,
    V311,
    V400,
    V401,
    V402,
    V403,
    #[default]
    V404,
}

/// Checks if the version was set manually via a feature
macro_rules! version_set_manually {
    () => {
        cfg!(any(
            // keep-sorted start
            feature = "sc2022-bulky",
            feature = "sc2022-hyper",
            feature = "sc2022-light",
            feature = "v3-0-0",
            feature = "v3-1-0",
            feature = "v3-1-1",
            feature = "v4-0-0",
            feature = "v4-0-1",
            feature = "v4-0-2",
            feature = "v4-0-3",
            feature = "v4-0-4",
            // keep-sorted end
        ))
    };
}

impl Version {
    fn determine() -> Self {
        if cfg!(feature = "v4-0-4") {
            Version::V404
        } else if cfg!(feature = "v4-0-3") {
            Version::V403
        } else if cfg!(feature = "v4-0-2") {
            Version::V402
        } else if cfg!(feature = "v4-0-1") {
            Version::V401
        } else if cfg!(feature = "v4-0-0") {
            Version::V400
        } else if cfg!(feature = "v3-1-1") {
            Version::V311
        } else if cfg!(feature = "v3-1-0") {
            Version::V310
        } else if cfg!(feature = "v3-0-0") {
            Version::V300
        } else if cfg!(feature = "sc2022-light") {
            Version::Sc2022Light
        } else if cfg!(feature = "sc2022-hyper") {
            Version::Sc2022Hyper
        } else if cfg!(feature = "sc2022-bulky") {
            Version::Sc2022Bulky
        } else {
            // default to newest version
            Version::default()
        }
    }

    fn reference(self) -> &'static str {
        match self {
            Version::Sc2022Bulky => "refs/tags/sc2022-bulky",
            Version::Sc2022Hyper => "refs/tags/sc2022-hyper",
            Version::Sc2022Light => "refs/tags/sc2022-light",
            Version::V300 => "refs/tags/rel-3.0.0",
            Version::V310 => "refs/tags/rel-3.1.0",
            Version::V311 => "refs/tags/rel-3.1.1",
            Version::V400 => "refs/tags/rel-4.0.0",
            Version::V401 => "refs/tags/rel-4.0.1",
            Version::V402 => "refs/tags/rel-4.0.2",
            Version::V403 => "refs/tags/rel-4.0.3",
            Version::V404 => "refs/tags/rel-4.0.4",
        }
    }
}

fn main() {
    let out_dir = env::var("OUT_DIR").unwrap();

    let version = Version::determine();

    // Build C library
    let kissat_src_dir = build(version);

    // Built solver is in out_dir
    println!("cargo:rustc-link-search={out_dir}");
    println!("cargo:rustc-link-search={out_dir}/lib");
    println!("cargo:rustc-link-lib=static=kissat");

    // Mark when to rerun the build script
    println!("cargo:rerun-if-changed={}/src", kissat_src_dir.display());
    println!("cargo:rerun-if-env-changed=KISSAT_SRC_DIR");

    // Generate Rust FFI bindings
    generate_bindings(&kissat_src_dir, &out_dir);
}

fn get_kissat_src(version: Version) -> PathBuf {
    if let Some(src_dir) = check_env_var!("KISSAT_SRC_DIR") {
        if version_set_manually!() {
            println!("cargo:warning=Both version feature and KISSAT_SRC_DIR. Will ignore version feature");
        }
        return PathBuf::from(src_dir);
    }

    if version == Version::default() {
        // the sources for the default version are included with the crate and do not need to be
        // cloned
        return PathBuf::from("csrc");
    }

    #[cfg(feature = "git")]
    {
        let mut kissat_src_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
        kissat_src_dir.push("kissat");
        update_repo(
            &kissat_src_dir,
            "https://github.com/arminbiere/kissat.git",
            "master",
            version.reference(),
        );
        kissat_src_dir
    }
    #[cfg(not(feature = "git"))]
    unreachable!("non-default features enable the git feature")
}

/// Generates Rust FFI bindings
fn generate_bindings(kissat_src_dir: &Path, out_dir: &str) {
    let bindings = bindgen::Builder::default()
        .rust_target("1.77.0".parse().unwrap()) // Set MSRV
        .header(
            kissat_src_dir
                .join("src")
                .join("kissat.h")
                .to_str()
                .unwrap(),
        )
        .header(kissat_src_dir.join("src").join("error.h").to_str().unwrap())
        .blocklist_function("kissat_copyright")
        .blocklist_function("kissat_build")
        .blocklist_function("kissat_banner")
        .blocklist_function("kissat_has_configuration")
        .blocklist_function("kissat_error")
        .blocklist_function("kissat_fatal")
        .blocklist_function("kissat_fatal_message_start")
        .blocklist_function("kissat_abort")
        .blocklist_function("kissat_set_prefix")
        .generate()
        .expect("Unable to generate ffi bindings");
    bindings
        .write_to_file(PathBuf::from(out_dir).join("bindings.rs"))
        .expect("Could not write ffi bindings");
}

fn build(version: Version) -> PathBuf {
    let kissat_src_dir = get_kissat_src(version);
    let kissat_dir_str = kissat_src_dir.to_str().unwrap();

    // We specify the build manually here instead of calling make for better portability
    let src_files = glob(&format!("{kissat_dir_str}/src/*.c"))
        .unwrap()
        .filter_map(|res| {
            if let Ok(p) = res {
                if let Some(name) = p.file_name() {
                    if name == "main.c"
                        || name == "application.c"
                        || name == "handle.c"
                        || name == "parse.c"
                        || name == "witness.c"
                    {
                        return None; // Filter out application files
                    }
                }
                Some(p)
            } else {
                None
            }
        });
    // Setup build configuration
    let mut kissat_build = cc::Build::new();
    if cfg!(feature = "debug") && env::var("PROFILE").unwrap() == "debug" {
        kissat_build
            .opt_level(0)
            // Silence warnings with newer GCC
            .define("_FORTIFY_SOURCE", Some("0"))
            .define("DEBUG", None)
            .warnings(true)
            .debug(true);
    } else {
        kissat_build
            .opt_level(3)
            .define("NDEBUG", None)
            .warnings(false);
    }
    #[cfg(feature = "safe")]
    kissat_build.define("SAFE", None); // --safe
    #[cfg(feature = "quiet")]
    kissat_build.define("QUIET", None); // --quiet

    // Generate build header
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    let mut build_header =
        File::create(out_dir.join("build.h")).expect("Could not create kissat build header");
    let mut kissat_version =
        fs::read_to_string(kissat_src_dir.join("VERSION")).expect("Cannot read kissat version");
    kissat_version.retain(|c| c != '\n');
    let (compiler_desc, compiler_flags) = get_compiler_description(&kissat_build.get_compiler());
    write!(
                build_header,
                "#define VERSION \"{}\"\n#define COMPILER \"{} {}\"\n#define ID \"{}\"\n#define BUILD \"{}\"\n#define DIR \"{}\"",
                kissat_version, compiler_desc, compiler_flags, version.reference(), chrono::Utc::now(), kissat_dir_str
            ).expect("Failed to write kissat build.h");
    // sudoku-lab patch: kissat 4 and CaDiCaL 2 both embed their own, ABI-incompatible copy of
    // "kitten" (with a few helper functions) under the same global names, so a program linking
    // both fails with duplicate symbols (or, linked by force, corrupts memory). Kissat's copies get
    // a prefix of their own; the public kissat_* API is untouched.
    for symbol in KISSAT_PRIVATE_SYMBOLS {
        kissat_build.define(symbol, Some(format!("sudoku_lab_kissat_{symbol}").as_str()));
    }
    // Build Kissat
    kissat_build
        .include(kissat_src_dir.join("src"))
        .include(out_dir)
        .warnings(false)
        .files(src_files)
        .compile("kissat");

    kissat_src_dir
}

/// Returns true if there were changes, false if not
#[cfg(feature = "git")]
fn update_repo(path: &Path, url: &str, branch: &str, reference: &str) -> bool {
    let mut changed = false;
    let repo = if let Ok(repo) = git2::Repository::open(path) {
        if repo.find_reference(reference).is_err() {
            // Fetch repo
            let mut remote = repo
                .find_remote("origin")
                .unwrap_or_else(|e| panic!("Expected remote \"origin\" in git repo {path:?}: {e}"));
            remote.fetch(&[branch], None, None).unwrap_or_else(|e| {
                panic!("Could not fetch \"origin/{branch}\" for git repo {path:?}: {e}")
            });
            drop(remote);
            changed = true;
        }
        repo
    } else {
        if path.exists() {
            fs::remove_dir_all(path).unwrap_or_else(|e| {
                panic!(
                    "Could not delete directory {}: {}",
                    path.to_str().unwrap(),
                    e
                )
            });
        };
        changed = true;
        git2::Repository::clone(url, path)
            .unwrap_or_else(|e| panic!("Could not clone repository {url}: {e}"))
    };
    let target_commit = repo
        .find_reference(reference)
        .expect("could not find specified reference")
        .peel_to_commit()
        .expect("could not peel to commit");
    repo.checkout_tree(
        target_commit.as_object(),
        Some(git2::build::CheckoutBuilder::new().force()),
    )
    .expect("could not checkout commit");
    repo.set_head_detached(target_commit.id())
        .expect("could not detach head");
    changed
}

/// Gets a description of the C(pp) compiler used and the used flags
fn get_compiler_description(compiler: &cc::Tool) -> (String, String) {
    let compiler_command = compiler.to_command();
    let mut first_line = true;
    let compiler_version = match Command::new(compiler_command.get_program())
        .arg("--version")
        .output()
    {
        Ok(output) => {
            let mut version = String::from_utf8(output.stdout).unwrap();
            version.retain(|c| {
                if first_line && c == '\n' {
                    first_line = false;
                    false
                } else {
                    first_line
                }
            });
            version
        }
        Err(_) => String::from(compiler_command.get_program().to_str().unwrap()),
    };
    let compiler_flags = compiler.cflags_env();
    (
        compiler_version,
        String::from(compiler_flags.to_str().unwrap()),
    )
}

/// sudoku-lab patch: kissat's global symbols outside its kissat_* API that clash with CaDiCaL's
/// (found with `nm --defined-only` on both archives).
const KISSAT_PRIVATE_SYMBOLS: [&str; 27] = [
    "completely_backtrack_to_root_level",
    "kitten_assume",
    "kitten_binary",
    "kitten_clause",
    "kitten_clause_with_id_and_exception",
    "kitten_clear",
    "kitten_compute_clausal_core",
    "kitten_embedded",
    "kitten_failed",
    "kitten_fixed",
    "kitten_flip_literal",
    "kitten_flip_phases",
    "kitten_no_ticks_limit",
    "kitten_randomize_phases",
    "kitten_release",
    "kitten_set_ticks_limit",
    "kitten_shrink_to_clausal_core",
    "kitten_shuffle_clauses",
    "kitten_solve",
    "kitten_status",
    "kitten_track_antecedents",
    "kitten_traverse_core_clauses",
    "kitten_traverse_core_ids",
    "kitten_unit",
    "kitten_value",
    "new_learned_klause",
    "reset_gate_hash_table",
];
