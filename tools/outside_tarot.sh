#!/bin/sh
# Installs TarotClub's JavaScript Tarot bots (GPL, https://github.com/tarotclub/tarotclub, assets/ai)
# for benchmarks/outside_tarot.py: an evaluation opponent only, never a dependency of the bot.
#
#   tools/outside_tarot.sh [DEST]     (default ~/.cache/tapis/tarotclub; needs git and node)
#
# The bots are then in DEST/assets/ai (the benchmark's default, or --ai / TAROTCLUB_AI).
# TAROTCLUB_REPO names another clone or mirror of the repository to copy from.
set -eu
DEST=${1:-$HOME/.cache/tapis/tarotclub}
REPO=${TAROTCLUB_REPO:-https://github.com/tarotclub/tarotclub.git}
COMMIT=e655b156cd151c0656e9963f3d1295e6a690da55  # 2021-06-25, the newest; assets/ai last changed at 73ceffae

command -v node >/dev/null || { echo "node is needed: apt-get install nodejs" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
git init -q "$TMP/src"
git -C "$TMP/src" fetch -q --depth 1 "$REPO" "$COMMIT"
mkdir -p "$DEST"
git -C "$TMP/src" archive FETCH_HEAD assets/ai COPYING | tar -x -C "$DEST"
echo "TarotClub's bots installed in $DEST/assets/ai"
node -e 'require("vm")' && echo "node $(node --version) ready"
