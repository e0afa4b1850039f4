#!/usr/bin/env bash
# Builds the app into dist/ with the small release profile (wasm-release).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
trunk build --release --cargo-profile wasm-release "$@"
