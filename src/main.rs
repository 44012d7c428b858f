//! The `pachisi` command: check, simulate, list moves, replay and play variants.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
