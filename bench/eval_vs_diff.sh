#!/usr/bin/env bash
# eval_vs_diff.sh - speed check of `ocrfix eval` (exact LCS word alignment)
# against `diff --minimal` (the same LCS, over the words one per line).
#
# 1. Makes a 100k-word pair from the first 100,000 words of Emma
#    (../shared/texts/austen), ~10% of the words corrupted OCR-style by the
#    seeded program bench/mkpair, both sides written one word per line.
#    Times `diff --minimal` and `ocrfix eval` (which also computes the exact
#    WER and CER) on the same two files (best of RUNS runs each, wall and
#    user CPU), checks that they agree on the matched-word count, and prints
#    the time ratios diff/ocrfix.
# 2. Makes a 1M-word pair (the six novels concatenated, cycled to 1,000,000
#    words, 10% corrupted) and prints the time and peak RSS of `ocrfix eval`
#    (GNU /usr/bin/time -v). Set DIFF1M=1 to time diff on it too (slow).
#
# Needs: go (1.26), GNU diff (diffutils), GNU time at /usr/bin/time (Debian/
# Ubuntu package "time"), awk, and the Austen texts in ../shared/texts/austen
# (or $OCRFIX_SHARED/texts/austen). It installs nothing: it says what is
# missing and stops.
#
# Usage: bench/eval_vs_diff.sh        (from anywhere; RUNS=3 by default)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
texts=${OCRFIX_SHARED:-$root/../shared}/texts/austen
runs=${RUNS:-3}

missing=()
command -v go >/dev/null || missing+=("go (Go 1.26 toolchain)")
command -v diff >/dev/null || missing+=("diff (package diffutils)")
command -v awk >/dev/null || missing+=("awk")
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -v true >/dev/null 2>&1; then
	missing+=("GNU time at /usr/bin/time (package \"time\": apt-get install time)")
fi
[ -f "$texts/emma.txt" ] || missing+=("the Austen novels in $texts (set OCRFIX_SHARED)")
if [ ${#missing[@]} -gt 0 ]; then
	echo "eval_vs_diff.sh: missing:" >&2
	printf '  - %s\n' "${missing[@]}" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building bench/mkpair and the evaluator ..."
go build -o "$tmp/mkpair" ./bench/mkpair
tool="ocrfix eval"
if go build -o "$tmp/ocrfix" ./cmd/ocrfix 2>"$tmp/build.err"; then
	evalcmd=("$tmp/ocrfix" eval)
else
	echo "NOTE: cmd/ocrfix does not build (see below); timing bench/alignpair (align.Align alone) instead" >&2
	sed 's/^/  /' "$tmp/build.err" >&2
	go build -o "$tmp/alignpair" ./bench/alignpair
	evalcmd=("$tmp/alignpair")
	tool="bench/alignpair"
fi

# best_time CMD... : runs CMD $runs times (output discarded) and prints the
# fastest wall time and the smallest user CPU time in seconds ("wall user",
# GNU time). diff exits 1 when the files differ. On a loaded machine the
# user CPU times are the steadier comparison.
best_time() {
	local bw="" bu="" rc w u
	for _ in $(seq "$runs"); do
		set +e
		/usr/bin/time -f "%e %U" -o "$tmp/t.txt" "$@" >/dev/null 2>&1
		rc=$?
		set -e
		if [ "$rc" -gt 1 ]; then
			echo "eval_vs_diff.sh: '$*' failed with exit code $rc" >&2
			exit 1
		fi
		read -r w u < <(tail -1 "$tmp/t.txt")
		bw=$(awk -v a="$w" -v c="$bw" 'BEGIN{if (c=="" || a<c) c=a; printf "%.3f", c}')
		bu=$(awk -v a="$u" -v c="$bu" 'BEGIN{if (c=="" || a<c) c=a; printf "%.3f", c}')
	done
	echo "$bw $bu"
}

# matched_by_tool GT PRED: the matched-word count the evaluator reports
matched_by_tool() {
	if [ "$tool" = "ocrfix eval" ]; then
		"${evalcmd[@]}" -json "$1" "$2" | tr ',{' '\n\n' | awk -F: '/"matched"/{gsub(/[ "]/,"",$2); print $2; exit}'
	else
		"${evalcmd[@]}" "$1" "$2" | awk '{print $2}'
	fi
}

echo
echo "== 100k words: first 100,000 words of Emma, 10% corrupted (seed 1)"
"$tmp/mkpair" -words 100000 -rate 0.1 -seed 1 -gt "$tmp/gt100k.txt" -ocr "$tmp/ocr100k.txt" "$texts/emma.txt"
echo "gt $(wc -l <"$tmp/gt100k.txt") lines, ocr $(wc -l <"$tmp/ocr100k.txt") lines (one word per line)"
gtn=$(wc -l <"$tmp/gt100k.txt")
set +e
diffdel=$(diff --minimal "$tmp/gt100k.txt" "$tmp/ocr100k.txt" | grep -c '^<')
set -e
echo "matched words: diff --minimal $((gtn - diffdel)), $tool $(matched_by_tool "$tmp/gt100k.txt" "$tmp/ocr100k.txt")"
read -r td tdu < <(best_time diff --minimal "$tmp/gt100k.txt" "$tmp/ocr100k.txt")
read -r te teu < <(best_time "${evalcmd[@]}" "$tmp/gt100k.txt" "$tmp/ocr100k.txt")
echo "diff --minimal: wall ${td}s user ${tdu}s   $tool: wall ${te}s user ${teu}s   (best of $runs)"
awk -v d="$td" -v e="$te" -v du="$tdu" -v eu="$teu" -v t="$tool" 'BEGIN{
	if (e > 0) printf "ratio diff/%s = %.2f wall (%s)", t, d/e, (d > e ? "ocrfix is faster" : "ocrfix is SLOWER");
	if (eu > 0) printf ", %.2f user CPU", du/eu;
	printf "\n" }'

echo
echo "== 1M words: the six novels concatenated (cycled), 10% corrupted (seed 2)"
"$tmp/mkpair" -words 1000000 -rate 0.1 -seed 2 -gt "$tmp/gt1m.txt" -ocr "$tmp/ocr1m.txt" \
	"$texts"/emma.txt "$texts"/mansfield_park.txt "$texts"/northanger_abbey.txt \
	"$texts"/persuasion.txt "$texts"/pride_prejudice.txt "$texts"/sense_sensibility.txt
/usr/bin/time -v "${evalcmd[@]}" "$tmp/gt1m.txt" "$tmp/ocr1m.txt" >/dev/null 2>"$tmp/time1m.txt" || {
	echo "eval_vs_diff.sh: $tool failed on the 1M-word pair:" >&2
	cat "$tmp/time1m.txt" >&2
	exit 1
}
awk -v t="$tool" -F': ' '
	/Elapsed \(wall clock\)/ {wall=$2}
	/Maximum resident set size/ {rss=$2}
	END {printf "%s on 1M words: wall %s, peak RSS %.0f MB\n", t, wall, rss/1024}' "$tmp/time1m.txt"
if [ "${DIFF1M:-0}" = 1 ]; then
	/usr/bin/time -v diff --minimal "$tmp/gt1m.txt" "$tmp/ocr1m.txt" >/dev/null 2>"$tmp/diff1m.txt" || true
	awk -F': ' '/Elapsed \(wall clock\)/ {wall=$2} /Maximum resident set size/ {rss=$2}
		END {printf "diff --minimal on 1M words: wall %s, peak RSS %.0f MB\n", wall, rss/1024}' "$tmp/diff1m.txt"
fi
