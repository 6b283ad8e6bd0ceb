#!/usr/bin/env bash
# repeat_vs_diff.sh - `ocrfix eval` on a book repeated many times (issue #14)
# against `diff --minimal` on the same pair.
#
# A book repeated on both sides has no word that occurs once on each side,
# so the unique-word anchors of the alignment find nothing and the exact
# alignment must come from the banded divide and conquer alone. This script:
#
# 1. Makes a one-copy pair from the first WORDS (37,037) words of a
#    Gutenberg book (../shared/texts/gutenberg/$BOOK, default
#    narrative-frederick-douglass.txt), ~10% of the words corrupted OCR-style
#    by the seeded program bench/mkpair, one word per line.
# 2. Repeats both sides COPIES (27) times: 999,999 words a side.
# 3. Runs `ocrfix eval -json` on one copy and on the repeated pair and checks
#    that the repeated pair's matched-word count is at least COPIES times the
#    one-copy count (matching copy i to copy i achieves it; the recall is
#    then the same as one copy's), prints both recalls, and the wall time and
#    peak RSS of the repeated run (GNU /usr/bin/time -v).
# 4. Times `diff --minimal` on the same repeated pair (TIMEOUT seconds at
#    most, default 600; set DIFF=0 to skip it) and prints the matched count
#    it implies.
#
# Needs: go (1.26), GNU diff, GNU time at /usr/bin/time, awk, timeout, and
# the Gutenberg texts in ../shared/texts/gutenberg (or
# $OCRFIX_SHARED/texts/gutenberg). It installs nothing: it says what is
# missing and stops.
#
# Measured (2 shared cores, loaded): matched 896,022 = 27 x 33,186, recall
# 0.8960 both; ocrfix eval 35 s user CPU, 642 MB peak RSS (the alignment
# alone, bench/alignpair: 13 s, 100 MB; the rest is the exact WER and CER);
# diff --minimal 71 s user CPU (330 s wall), 82 MB, the same matched count.
#
# Usage: bench/repeat_vs_diff.sh      (from anywhere)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
texts=${OCRFIX_SHARED:-$root/../shared}/texts/gutenberg
book=${BOOK:-narrative-frederick-douglass.txt}
words=${WORDS:-37037}
copies=${COPIES:-27}
tmo=${TIMEOUT:-600}

missing=()
command -v go >/dev/null || missing+=("go (Go 1.26 toolchain)")
command -v diff >/dev/null || missing+=("diff (package diffutils)")
command -v awk >/dev/null || missing+=("awk")
command -v timeout >/dev/null || missing+=("timeout (package coreutils)")
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -v true >/dev/null 2>&1; then
	missing+=("GNU time at /usr/bin/time (package \"time\": apt-get install time)")
fi
[ -f "$texts/$book" ] || missing+=("the book $texts/$book (set OCRFIX_SHARED or BOOK)")
if [ ${#missing[@]} -gt 0 ]; then
	echo "repeat_vs_diff.sh: missing:" >&2
	printf '  - %s\n' "${missing[@]}" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building bench/mkpair and ocrfix ..."
go build -o "$tmp/mkpair" ./bench/mkpair
go build -o "$tmp/ocrfix" ./cmd/ocrfix

# field NAME < JSON: the first numeric value of "NAME" in ocrfix eval -json
field() { tr ',{' '\n\n' | awk -F: -v k="\"$1\"" '$1 ~ k {gsub(/[ "}]/, "", $2); print $2; exit}'; }

"$tmp/mkpair" -words "$words" -rate 0.1 -seed 14 -gt "$tmp/gt1.txt" -ocr "$tmp/ocr1.txt" "$texts/$book"
: >"$tmp/gt.txt"
: >"$tmp/ocr.txt"
for _ in $(seq "$copies"); do
	cat "$tmp/gt1.txt" >>"$tmp/gt.txt"
	cat "$tmp/ocr1.txt" >>"$tmp/ocr.txt"
done
echo "one copy: gt $(wc -l <"$tmp/gt1.txt") words, ocr $(wc -l <"$tmp/ocr1.txt");" \
	"repeated $copies times: gt $(wc -l <"$tmp/gt.txt"), ocr $(wc -l <"$tmp/ocr.txt")"

one=$("$tmp/ocrfix" eval -json "$tmp/gt1.txt" "$tmp/ocr1.txt")
/usr/bin/time -v -o "$tmp/time.txt" "$tmp/ocrfix" eval -json "$tmp/gt.txt" "$tmp/ocr.txt" >"$tmp/all.json"
m1=$(field matched <<<"$one")
mall=$(field matched <"$tmp/all.json")
echo "matched: one copy $m1 (x$copies = $((m1 * copies))), repeated pair $mall"
echo "recall:  one copy $(field recall <<<"$one"), repeated pair $(field recall <"$tmp/all.json")"
awk -F': ' '/Elapsed \(wall clock\)/ {wall=$2} /User time/ {u=$2} /Maximum resident set size/ {rss=$2}
	END {printf "ocrfix eval on the repeated pair: wall %s, user %ss, peak RSS %.0f MB\n", wall, u, rss/1024}' "$tmp/time.txt"
if [ "$mall" -lt $((m1 * copies)) ]; then
	echo "repeat_vs_diff.sh: FAIL: the repeated pair matched fewer words than $copies copies" >&2
	exit 1
fi

if [ "${DIFF:-1}" = 1 ]; then
	set +e
	/usr/bin/time -v -o "$tmp/dtime.txt" timeout "$tmo" diff --minimal "$tmp/gt.txt" "$tmp/ocr.txt" >"$tmp/diff.out"
	rc=$?
	set -e
	if [ "$rc" -gt 1 ]; then
		echo "diff --minimal on the repeated pair: did not finish in ${tmo}s (exit $rc)"
	else
		del=$(grep -c '^<' "$tmp/diff.out" || true)
		echo "diff --minimal matched $(($(wc -l <"$tmp/gt.txt") - del))"
		awk -F': ' '/Elapsed \(wall clock\)/ {wall=$2} /User time/ {u=$2} /Maximum resident set size/ {rss=$2}
			END {printf "diff --minimal on the repeated pair: wall %s, user %ss, peak RSS %.0f MB\n", wall, u, rss/1024}' "$tmp/dtime.txt"
	fi
fi
