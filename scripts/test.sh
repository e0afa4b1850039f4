#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs every test: format, lints, the native
# suite (model, seed figures, registry, challenges, CLI, property tests), the
# release build of the app, and the browser tests in headless Chromium.
# Screenshots land in artifacts/screenshots/ (gitignored).
# BROWSER_JOBS (default 2) is how many browser test files run at once, each
# with its own server and Chromium; 1 runs them one after another.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

step "setup"
scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step "format"
cargo fmt --all -- --check

step "lints (native)"
cargo clippy --locked --all-targets -- -D warnings

step "native tests"
cargo test --locked

step "lints (wasm)"
cargo clippy --locked --target wasm32-unknown-unknown --bins -- -D warnings
# A page build (one topic, no other view, its panel split off: scripts/pages.mjs) as well.
cargo clippy --locked --target wasm32-unknown-unknown --bins --no-default-features --features autoscaling,split-panel -- -D warnings

step "build the app (release)"
scripts/build.sh

step "browser tests"
node --test --test-concurrency="${BROWSER_JOBS:-2}" tests/browser/

step "all green in $(( $(date +%s) - start ))s"
