#!/usr/bin/env bash
# Builds the app into dist/ with the small release profile (wasm-release)
# and one page build per topic (scripts/pages.mjs: what a topic page loads),
# then adds the bundle that lets dist/index.html open from disk
# (scripts/offline.mjs; a hosted page never loads it), then minifies the
# scripts and the stylesheet (scripts/minify.mjs, esbuild), then writes
# NAME.gz and NAME.br beside every file for hosts that serve precompressed
# files (scripts/precompress.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
trunk build --release --cargo-profile wasm-release "$@"
node scripts/pages.mjs dist
node scripts/offline.mjs dist
node scripts/minify.mjs dist
node scripts/precompress.mjs dist
