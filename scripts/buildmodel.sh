#!/usr/bin/env bash
# Rebuilds ocrfix's built-in default model, model/builtin/data/default.model,
# from the licence-clean collections in the repository: the embedded Austen
# corpus (data/corpus) and the collections under data/collections (public-
# domain books rendered and read by Tesseract, scripts/gencorpus). Training
# cross-fits by collection, so the ranker and the margins per kind of change
# are learned on collections the components had not seen, and -unseen: the
# changes a target collection's own profile does not support are never made
# (a collection nobody trained on). Same inputs, same
# seed, same Go version: same bytes.
#
#   bash scripts/buildmodel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
args=(-corpus embedded)
for c in data/collections/*/; do
  args+=(-corpus "${c%/}")
done
go run ./cmd/ocrfix train "${args[@]}" -seed 1 -unseen -o model/builtin/data/default.model
