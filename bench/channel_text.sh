#!/usr/bin/env bash
# How a model corrects the errors of an engine it never saw: the clean
# pages of bench/clean_text.sh (96 pages of eight Gutenberg books outside
# every training collection) read by a simulated engine
# (scripts/habitsim, deterministic), corrected as one collection with the
# built-in model (or MODEL), and evaluated against the clean pages.
#
#   bench/channel_text.sh [KIND]
#
# KIND is a kind of scripts/habitsim (default confuse: 8 words in 100 get
# one confusion of old newspaper engines, e read as c, n as u, d as cl,
# ...; h-ii: h and H read as ii and II; h-li, long-s; spaces: 4 words in
# 100 broken apart or run into the next). Environment as for
# bench/clean_text.sh (MODEL, OCRFIX_SHARED, OUT). Prints the habits the
# model was adapted to and the eval of the raw and corrected pages.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-confuse}
out=${OUT:-}
if [[ -z "$out" ]]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
# the clean pages, as bench/clean_text.sh cuts them (its correction of
# them is not needed here)
OUT="$out/clean" bash bench/clean_text.sh > /dev/null 2>&1
rm -rf "$out/coll" "$out/read" "$out/corrected"
mkdir -p "$out/coll/gt" "$out/coll/ocr"
cp "$out/clean/in"/*.txt "$out/coll/gt/"
cp "$out/clean/in"/*.txt "$out/coll/ocr/"
go run ./scripts/habitsim -kind "$kind" -o "$out/read" "$out/coll"
args=()
[[ -n "${MODEL:-}" ]] && args=(-model "$MODEL")
"$out/clean/ocrfix" correct "${args[@]}" -o "$out/corrected" "$out/read/ocr" 2>&1 | grep -E 'model:|adapted|corrected'
echo "raw:"
"$out/clean/ocrfix" eval -gt "$out/read/gt" -pred "$out/read/ocr" | grep -E '^(doc|micro)'
echo "corrected:"
"$out/clean/ocrfix" eval -gt "$out/read/gt" -pred "$out/corrected" | grep -E '^(doc|micro)'
