#!/usr/bin/env bash
# Correction speed of the working tree against an old commit, measured in
# one run: model.BenchmarkCorrectADS (train on 30 documents of
# ads-fall2018, correct 10 others, one goroutine, cold caches) from the
# test binary of each side, run alternately (old, new; then new, old; ...)
# so that the load of a shared machine falls on both alike. Prints each
# run's words/s and words/cpu-s and the ratio new/old of the medians (and
# the median of the ratios within a round).
#
#   bench/correct_speed.sh [OLD] [ROUNDS]
#
# OLD is a commit (default 0a44212, the last one before collection
# profiles and the English features); ROUNDS the alternations (default 4;
# each runs both binaries once). Environment:
#   BENCHTIME  -test.benchtime of each run (default 10x: ten corrections of
#              the 10 documents after one training; the benchmark trains
#              once more for its first, one-iteration run)
#   COUNT      -test.count of each run (default 1)
#   NICE       niceness of the runs (default 10)
#   OCRFIX_SHARED  the shared directory (default: ../shared beside the
#              repository), which must hold data/ads-fall2018
#   OUT        a directory to keep the raw outputs in (old.txt and new.txt,
#              in benchstat's format); default a temporary one, removed
#
# The benchmark is the same on both sides from 0a44212 on (30 training
# documents, 10 test documents, the default options with the built-in word
# list; only Model.Correct's signature gained the profile argument, nil
# here). Only the working tree's uncommitted changes to the benchmark would
# make the sides differ.
set -euo pipefail

old=${1:-0a44212}
rounds=${2:-4}
benchtime=${BENCHTIME:-10x}
count=${COUNT:-1}
niceness=${NICE:-10}

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
shared=${OCRFIX_SHARED:-$(dirname "$root")/shared}
if [ ! -d "$shared/data/ads-fall2018/gt" ]; then
  echo "correct_speed: no $shared/data/ads-fall2018/gt (set OCRFIX_SHARED)" >&2
  exit 2
fi
shared=$(cd "$shared" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${OUT:-$tmp/out}
mkdir -p "$out" "$tmp/old"
: >"$out/old.txt"
: >"$out/new.txt"

oldrev=$(git -C "$root" rev-parse --short "$old^{commit}")
git -C "$root" archive "$oldrev" | tar -x -C "$tmp/old"
if ! grep -q 'func BenchmarkCorrectADS' "$tmp/old/model/bench_test.go" 2>/dev/null; then
  echo "correct_speed: $oldrev has no model.BenchmarkCorrectADS" >&2
  exit 2
fi
echo "== building the test binaries of $oldrev and of the working tree ($(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . || echo ', modified'))"
(cd "$tmp/old" && go test -c -o "$tmp/old.test" ./model)
(cd "$root" && go test -c -o "$tmp/new.test" ./model)

run() { # side
  local f="$tmp/run.txt"
  (cd "$tmp" && OCRFIX_SHARED="$shared" nice -n "$niceness" "$tmp/$1.test" \
    -test.run '^$' -test.bench '^BenchmarkCorrectADS$' \
    -test.benchtime "$benchtime" -test.count "$count") >"$f" 2>&1 || { cat "$f" >&2; exit 1; }
  grep '^BenchmarkCorrectADS' "$f" >>"$out/$1.txt" || { cat "$f" >&2; exit 1; }
  grep '^BenchmarkCorrectADS' "$f" | awk -v side="$1" -v r="$2" '{
    for (i = 2; i <= NF; i++) { if ($i == "words/s") ws = $(i-1); if ($i == "words/cpu-s") wc = $(i-1) }
    printf "round %d  %-3s  %8.0f words/s  %8.0f words/cpu-s\n", r, side, ws, wc }' | tee -a "$tmp/table.txt"
}

for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then run old "$r"; run new "$r"; else run new "$r"; run old "$r"; fi
done

awk '
function median(a, n,   i, j, t) {
  for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
  return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
}
{
  r = $2; side = $3; ws = $4; wc = $6
  if (side == "old") { no++; ows[no] = ws; owc[no] = wc; ro[r] += ws; rco[r] += wc; cnto[r]++ }
  else { nn++; nws[nn] = ws; nwc[nn] = wc; rn[r] += ws; rcn[r] += wc; cntn[r]++ }
  rounds[r] = 1
}
END {
  k = 0
  for (r in rounds) if (cnto[r] && cntn[r]) { k++; pr[k] = (rn[r]/cntn[r]) / (ro[r]/cnto[r]); pc[k] = (rcn[r]/cntn[r]) / (rco[r]/cnto[r]) }
  mows = median(ows, no); mnws = median(nws, nn); mowc = median(owc, no); mnwc = median(nwc, nn)
  printf "\nmedian of %d runs each:  old %.0f words/s, %.0f words/cpu-s;  new %.0f words/s, %.0f words/cpu-s\n", no, mows, mowc, mnws, mnwc
  printf "ratio new/old of the medians:  words/s %.3f   words/cpu-s %.3f\n", mnws / mows, mnwc / mowc
  printf "median ratio within a round (%d rounds):  words/s %.3f   words/cpu-s %.3f\n", k, median(pr, k), median(pc, k)
}' "$tmp/table.txt"
