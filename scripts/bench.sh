#!/usr/bin/env bash
# The benchmark: prints figures, never fails on speed. Builds the release app
# and the native CLI, then prints bundle sizes, slider-to-repaint latency in
# headless Chromium, and the model's timings in wasm and natively.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
scripts/build.sh >/dev/null 2>&1 || scripts/build.sh
node tests/browser/bench.mjs
echo
cargo run --quiet --release --bin fleetlab -- bench
