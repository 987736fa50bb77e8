#!/usr/bin/env bash
# Make sure Chromium is installed for the browser tests (Debian's package, driven by
# Playwright with executable_path=/usr/bin/chromium; Playwright's own download is not used).
# Installs it with apt-get when missing (as root, or with sudo); fails loudly otherwise.
set -uo pipefail
CHROMIUM="${GAMETABLE_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
echo "install-browser: $CHROMIUM is missing; installing Debian's chromium package" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
        echo "install-browser: FAILED: not root and no sudo; install chromium yourself (apt-get install chromium)" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium; } >/tmp/gametable-install-browser.log 2>&1; then
    echo "install-browser: FAILED: apt-get could not install chromium (see /tmp/gametable-install-browser.log)" >&2
    tail -n 5 /tmp/gametable-install-browser.log >&2
    exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: FAILED: chromium installed but $CHROMIUM is not there" >&2
    exit 1
fi
echo "install-browser: $("$CHROMIUM" --version 2>/dev/null | head -n1)"
