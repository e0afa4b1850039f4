#!/usr/bin/env bash
# Prints everything the model says for every preset of every topic, with and
# without its fix: figures, checks, notes and every chart as a table. Used to
# prove a refactor changes no output: run it before and after, then diff.
#   scripts/snapshot.sh > before.txt; (move code); scripts/snapshot.sh | diff before.txt -
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --bin fleetlab
bin=${CARGO_TARGET_DIR:-target}/debug/fleetlab
"$bin" figures --json
for topic in $("$bin" topics --json | python3 -c 'import json,sys; [print(t["id"]) for t in json.load(sys.stdin)]'); do
  "$bin" run "$topic" --json --tables
  for preset in $("$bin" topics --json | python3 -c "import json,sys; [print(p) for t in json.load(sys.stdin) if t['id']=='$topic' for p in t['presets']]"); do
    "$bin" run "$topic" --preset "$preset" --json
    "$bin" run "$topic" --preset "$preset" --tables
    "$bin" run "$topic" --preset "$preset" --fix --json 2>&1 || true
    "$bin" run "$topic" --preset "$preset" --fix --tables 2>&1 || true
  done
done
# Challenges: 40 problem sets (24 questions each, answers and solutions).
for seed in $(seq 1 40); do "$bin" problem-set --seed "$seed"; done
