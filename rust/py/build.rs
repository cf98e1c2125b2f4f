//! Records how the engine was built, for `pavilion --version`: the git
//! commit when the source is a git checkout (an sdist has none), and the
//! Cargo profile.

use std::path::Path;
use std::process::Command;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let git = root.join(".git");
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success() && git.exists())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=PAVILION_COMMIT={commit}");
    println!("cargo:rustc-env=PAVILION_PROFILE={}", std::env::var("PROFILE").unwrap_or_default());
    // Build again when the checkout moves to another commit: HEAD, and the branch it names.
    let head = git.join("HEAD");
    if head.is_file() {
        println!("cargo:rerun-if-changed={}", head.display());
        if let Some(branch) =
            std::fs::read_to_string(&head).ok().and_then(|h| h.strip_prefix("ref: ").map(str::to_string))
        {
            let reference = git.join(branch.trim());
            if reference.is_file() {
                println!("cargo:rerun-if-changed={}", reference.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
