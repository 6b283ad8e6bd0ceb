#!/usr/bin/env bash
# What a model changes in text that has no error: clean pages (the truth
# itself) corrected as if they were OCR, where every change is a word
# broken. Pages are cut from public-domain books of ../shared/texts that
# no rendered collection of the repository holds (12 pages of 45 lines
# from the middle third of each of eight books, the same every run), and
# corrected as one collection with the built-in model (or MODEL). Prints
# the tokens changed, the eval of the corrected pages against the clean
# ones, and every change with its count.
#
#   bench/clean_text.sh [TRUTH_DIR]
#
# With TRUTH_DIR (a directory of truth pages, such as
# data/collections/early/gt), those pages are corrected instead.
# Environment:
#   MODEL          a model file for correct -model (default: the built-in one)
#   OCRFIX_SHARED  the shared directory (default: ../shared beside the
#                  repository), which must hold texts/gutenberg
#   OUT            where to keep the pages and their correction (default:
#                  a temporary directory, removed)
#
# README ("Bad input", the clean-text test) gives the figures of the
# built-in model and of the held-out models.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${OCRFIX_SHARED:-../shared}
out=${OUT:-}
if [[ -z "$out" ]]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
go build -o "$out/ocrfix" ./cmd/ocrfix
if [[ $# -ge 1 ]]; then
  in=$1
else
  in=$out/in
  rm -rf "$in"
  mkdir -p "$in"
  for b in moby-dick frankenstein federalist-papers rural-rides voyage-of-the-beagle \
    uncle-toms-cabin devils-dictionary infantry-drill-regulations; do
    src=$shared/texts/gutenberg/$b.txt
    [[ -f $src ]] || { echo "missing $src" >&2; exit 1; }
    # the book (between Project Gutenberg's start and end lines where it
    # has them)
    if grep -q '\*\*\* START' "$src"; then
      awk '/\*\*\* START/{on=1; next} /\*\*\* END/{on=0} on' "$src"
    else
      cat "$src"
    fi | tr -d '\r' > "$out/book.txt"
    n=$(wc -l < "$out/book.txt")
    start=$((n / 3))
    for p in $(seq 0 11); do
      from=$((start + p * 45 + 1))
      sed -n "${from},$((from + 44))p" "$out/book.txt" > "$in/${b}_p$(printf %02d "$p").txt"
    done
  done
fi
args=()
[[ -n "${MODEL:-}" ]] && args=(-model "$MODEL")
rm -rf "$out/corrected"
"$out/ocrfix" correct "${args[@]}" -o "$out/corrected" "$in"
"$out/ocrfix" eval -gt "$in" -pred "$out/corrected" | grep -E '^(doc|micro)'
echo "changes (count, clean -> corrected):"
for f in "$in"/*.txt; do
  { diff <(tr -s ' \t' '\n\n' < "$f" | grep -v '^$') \
      <(tr -s ' \t' '\n\n' < "$out/corrected/$(basename "$f")" | grep -v '^$') || true; } |
    awk '/^[0-9]/ {if (a != "" || b != "") print a " -> " b; a = ""; b = ""; next}
         /^</ {a = a (a == "" ? "" : " ") substr($0, 3)}
         /^>/ {b = b (b == "" ? "" : " ") substr($0, 3)}
         END {if (a != "" || b != "") print a " -> " b}'
done | sort | uniq -c | sort -rn
