#!/usr/bin/env bash
# Installs what Fleetlab's build and tests need on a fresh Debian machine with
# Rust from rustup, and skips whatever is already present. Idempotent; safe to
# run before every serve/test. See ../README.md ("Setting up") for the list.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
log() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock, or Trunk
# tries to download one (and this machine has no network but the registries).
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
[ -n "$WB_VERSION" ] || { echo "setup: cannot read the wasm-bindgen version from Cargo.lock" >&2; exit 1; }

# A quicker release profile for installing tools (about a third faster cold).
fast_install() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install "$@"
}

for component in rustfmt clippy; do
  if rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    log "$component: present"
  else
    log "$component: installing"; rustup component add "$component"
  fi
done

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "wasm32 target: present"
else
  log "wasm32 target: installing"; rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WB_VERSION" ]; then
  log "wasm-bindgen-cli $WB_VERSION: present"
else
  # No --locked: the tool's own lock pins a webpki-roots the registry lacks.
  log "wasm-bindgen-cli $WB_VERSION: installing (a few minutes)"
  fast_install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

if [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
  log "trunk $TRUNK_VERSION: present"
else
  # 0.22 needs a newer rustc than this machine has.
  log "trunk $TRUNK_VERSION: installing (about six minutes)"
  fast_install --locked trunk --version "$TRUNK_VERSION" --force
fi

# Splits each page build's challenge panel into a part fetched after the
# first paint (scripts/pages.mjs).
WASM_SPLIT_VERSION=0.2.4
if command -v wasm-split-cli >/dev/null && cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  log "wasm-split-cli $WASM_SPLIT_VERSION: present"
else
  log "wasm-split-cli $WASM_SPLIT_VERSION: installing (a few minutes)"
  fast_install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --force
fi

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  log "chromium + chromedriver: present"
else
  log "chromium + chromedriver: installing from Debian"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# npm packages (playwright-core to drive Chromium, binaryen for wasm-opt,
# axe-core for the accessibility checks, scorm-again to play the LMS,
# esbuild to minify the built scripts and stylesheet),
# exactly as package-lock.json says; reinstalled only when the lock changes.
stamp=node_modules/.fleetlab-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  log "npm packages: present"
else
  log "npm packages: installing from package-lock.json"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
# Trunk looks for wasm-opt on PATH; Debian's binaryen 108 breaks the page.
export PATH="$PWD/node_modules/.bin:$PATH"
log "ready"
