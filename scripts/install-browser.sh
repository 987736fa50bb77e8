#!/usr/bin/env bash
# Make sure Chromium is installed for the browser tests (Debian's package, driven by
# Playwright with executable_path=/usr/bin/chromium; Playwright's own download is not used),
# with a font for Japanese (Debian's Noto CJK: the pages in Japanese, their screenshots and
# layout checks need its glyphs). Installs what is missing with apt-get (as root, or with
# sudo); fails loudly otherwise.
set -uo pipefail
CHROMIUM="${GAMETABLE_CHROMIUM:-/usr/bin/chromium}"
PACKAGES=()
[ -x "$CHROMIUM" ] || PACKAGES+=(chromium)
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
    PACKAGES+=(fonts-noto-cjk)
fi
if [ ${#PACKAGES[@]} -eq 0 ]; then
    exit 0
fi
echo "install-browser: installing Debian's ${PACKAGES[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
        echo "install-browser: FAILED: not root and no sudo; install ${PACKAGES[*]} yourself (apt-get install ${PACKAGES[*]})" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${PACKAGES[@]}"; } >/tmp/gametable-install-browser.log 2>&1; then
    echo "install-browser: FAILED: apt-get could not install ${PACKAGES[*]} (see /tmp/gametable-install-browser.log)" >&2
    tail -n 5 /tmp/gametable-install-browser.log >&2
    exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: FAILED: chromium installed but $CHROMIUM is not there" >&2
    exit 1
fi
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
    echo "install-browser: FAILED: fonts-noto-cjk installed but no font has Japanese glyphs" >&2
    exit 1
fi
echo "install-browser: $("$CHROMIUM" --version 2>/dev/null | head -n1)"
