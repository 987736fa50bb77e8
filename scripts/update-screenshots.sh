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
echo "docs/images/ updated from artifacts/screenshots/"
