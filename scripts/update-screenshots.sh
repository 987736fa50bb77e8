#!/usr/bin/env bash
# Refresh the README's pictures: run the browser tests (they save screenshots in
# artifacts/screenshots/) and copy each game's mid-game table to docs/images/.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/pytest -q tests/web -k "whole" -p no:randomly
mkdir -p docs/images
for game in ramen-ramen rummikub ramen-fury ramen-tips; do
    cp "artifacts/screenshots/${game}-midgame.png" "docs/images/${game}.png"
done
# The tables in French and Japanese (tests/web/test_web_languages.py's screenshots).
.venv/bin/pytest -q tests/web/test_web_languages.py -k "ramen-fury-fr or rummikub-ja"
cp artifacts/screenshots/game-ramen-fury-fr-mid-1280.png docs/images/ramen-fury-fr.png
cp artifacts/screenshots/game-rummikub-ja-mid-1280.png docs/images/rummikub-ja.png
echo "docs/images/ updated from artifacts/screenshots/"
