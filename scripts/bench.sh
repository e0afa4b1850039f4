#!/usr/bin/env bash
# The benchmark: prints figures, never fails on speed. Builds the release app
# (scripts/build.sh) and the native CLI, then runs tests/browser/bench.mjs:
# size by part, first paint and layout shift, slider-to-repaint on every
# story with and without its fix, the scenes' frame times, run() and the
# engines in wasm beside `fleetlab bench --json`, and a closing table of
# every budget beside its measured value (the one README.md quotes).
#
#   scripts/bench.sh                 build, then measure
#   NO_BUILD=1 scripts/bench.sh      measure dist/ and target/release/fleetlab as they are
#   QUICK=1 scripts/bench.sh         a smoke run (fewer moves, loads and frames)
#   MOVES=200 REPS=10 scripts/bench.sh   more samples
#
# Timings follow what else the machine runs: the load average is printed at
# each step; for figures to quote, run it alone on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
if [ -z "${NO_BUILD:-}" ]; then
  scripts/setup.sh >/dev/null
  scripts/build.sh >/dev/null 2>&1 || scripts/build.sh
  cargo build --quiet --release --bin fleetlab
fi
node tests/browser/bench.mjs
