#!/usr/bin/env bash
# Sets up (scripts/setup.sh), builds and serves the app on
# http://127.0.0.1:8080/ (Trunk rebuilds on every change under src/, www/,
# challenges/). Pass --port N to choose another port.
#
# The development build goes to target/serve-dist/, never to dist/: dist/ is
# what scripts/build.sh makes, the tests and the benchmark load, and a static
# host serves. Without live reload: Trunk's is an inline script, which the
# page's Content-Security-Policy refuses; reload the page after a rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
echo "Fleetlab: http://127.0.0.1:8080/ (Ctrl-C stops)"
exec trunk serve --release --cargo-profile wasm-release --dist target/serve-dist --no-autoreload=true "$@"
