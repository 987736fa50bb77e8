#!/usr/bin/env bash
# axe-core for the browser tests' accessibility checks (tests/web/axe.py injects axe.min.js
# into the page with Playwright). Installed from the npm registry with npm into a cache
# folder outside the repository (GAMETABLE_AXE_DIR, default ~/.cache/gametable/axe);
# nothing happens when the pinned version is already there. Fails loudly otherwise.
set -uo pipefail
VERSION="${GAMETABLE_AXE_VERSION:-4.14.1}"
DIR="${GAMETABLE_AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gametable/axe}"
TARGET="$DIR/node_modules/axe-core/axe.min.js"
if [ -f "$TARGET" ] && grep -q "axe v$VERSION" "$TARGET" 2>/dev/null; then
    exit 0
fi
if ! command -v npm >/dev/null; then
    echo "install-axe: FAILED: npm is missing (apt-get install npm), needed to install axe-core" >&2
    exit 1
fi
mkdir -p "$DIR"
LOG="$DIR/install.log"
if ! npm install --prefix "$DIR" --no-save --no-audit --no-fund --silent "axe-core@$VERSION" >"$LOG" 2>&1; then
    echo "install-axe: FAILED: npm could not install axe-core@$VERSION (see $LOG)" >&2
    tail -n 5 "$LOG" >&2
    exit 1
fi
if [ ! -f "$TARGET" ]; then
    echo "install-axe: FAILED: axe-core installed but $TARGET is not there" >&2
    exit 1
fi
echo "install-axe: axe-core $VERSION in $TARGET"
