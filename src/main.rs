//! `fleetlab`: the model on the command line (see `fleetlab --help`).

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    fleetlab::cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
