#!/usr/bin/env bash
# Runs a command while the machine is busy: two busy loops (one per core of
# the 2-core machines this project is tested on) and a second Chromium
# working through the built app. A test that passes only on a quiet machine
# fails here. From the project root, with dist/ built (scripts/build.sh):
#
#   scripts/under-load.sh node --test --test-concurrency=1 tests/browser/
#   scripts/under-load.sh scripts/test.sh          # the whole suite
#   RUNS=5 scripts/under-load.sh scripts/test.sh   # five runs in a row, all must pass
set -u
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/under-load.sh COMMAND [ARGS...]" >&2; exit 2; }
[ -f dist/index.html ] || { echo "under-load: build dist/ first (scripts/build.sh)" >&2; exit 2; }
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
loads=()
for _ in 1 2; do ( while :; do :; done ) & loads+=($!); done
node scripts/busy-browser.mjs >/dev/null 2>&1 & browser=$!
stop() {
  kill "${loads[@]}" 2>/dev/null
  kill "$browser" 2>/dev/null
  for _ in 1 2 3 4 5; do kill -0 "$browser" 2>/dev/null || return 0; sleep 1; done
  pkill -KILL -P "$browser" 2>/dev/null; kill -KILL "$browser" 2>/dev/null
}
trap stop EXIT
runs=${RUNS:-1}
for i in $(seq 1 "$runs"); do
  echo "under-load: run $i of $runs: $*"
  "$@" || { echo "under-load: run $i of $runs FAILED" >&2; exit 1; }
done
echo "under-load: $runs of $runs passed"
