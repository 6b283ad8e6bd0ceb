#!/usr/bin/env bash
# Compare ocrfix's LDA with scikit-learn and gensim on the ground truth of a
# corpus (default ../shared/data/ads-fall2018): same documents, vocabulary
# (ocrfix's, dumped), K=30, priors and held-out split (ocrfix's seeded 10%),
# training time and held-out perplexity under one common evaluator,
# printed as ratios. Needs Debian's python3-sklearn and python3-gensim; it
# installs nothing and exits non-zero, saying what is missing.
#
# Usage: bench/lda_peers.sh [CORPUS [lda_peers.py options] [-- ocrfix lda flags]]
#   e.g. bench/lda_peers.sh ../shared/data/ads-fall2018 --fast-iters 0 -- -partitions 2
#   (bench/lda_peers.py -h lists its options: priors, peer iterations, ...)
# Environment: PYTHON (default /usr/bin/python3, Debian's, where apt puts
# the packages).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$root/../shared/data/ads-fall2018}
shift || true
py=${PYTHON:-/usr/bin/python3}
if [ ! -d "$corpus/gt" ]; then
  echo "lda_peers: no corpus at $corpus (want $corpus/gt/)" >&2
  exit 2
fi
if ! command -v "$py" >/dev/null; then
  echo "lda_peers: no Python at $py (set PYTHON, or apt-get install python3)" >&2
  exit 3
fi
missing=()
for m in numpy:python3-numpy scipy:python3-scipy sklearn:python3-sklearn gensim:python3-gensim; do
  "$py" -c "import ${m%%:*}" 2>/dev/null || missing+=("${m#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "lda_peers: missing for $py: ${missing[*]}; install with: apt-get install ${missing[*]}" >&2
  exit 3
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/ocrfix" ./cmd/ocrfix)
"$py" "$root/bench/lda_peers.py" --ocrfix "$tmp/ocrfix" --corpus "$corpus" "$@"
