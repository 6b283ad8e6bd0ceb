#!/usr/bin/env bash
# ocrfix on HIPE-OCRepair 2026 data: the English records of the JSONL
# files given (the competition's development or training sets, which the
# repository does not hold: their licences are theirs; read them where
# they are) are corrected as one collection by ocrfix correct, which reads
# and writes the competition's JSONL, with the built-in model (or MODEL):
# by default, which writes the hyphen of a word broken at a line end as ¬
# in such records (the sets' truth writes it so), and with -line-breaks
# keep; ocrfix eval then measures the raw OCR and each correction against
# the truth, record by record: words matched (recall), the words the raw
# OCR had right that a correction lost (broken, by eval -vs-ocr), cMER
# (micro and macro, the competition's normalisation) and the documents
# whose cMER the correction lowered, kept and raised (the competition's
# preference score).
#
#   bench/hipe_dev.sh FILE.jsonl...
#
# Environment:
#   MODEL  a model file for correct -model (default: the built-in one)
#   OUT    where to keep the corrected files (default: a temporary
#          directory, removed)
#
# README ("Correcting a collection nobody labelled") gives the figures of
# three sets.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -eq 0 ]]; then
  echo "usage: bench/hipe_dev.sh FILE.jsonl..." >&2
  exit 2
fi
out=${OUT:-}
if [[ -z "$out" ]]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
bin="$out/ocrfix"
go build -o "$bin" ./cmd/ocrfix
model=()
[[ -n "${MODEL:-}" ]] && model=(-model "$MODEL")
"$bin" correct ${model[@]+"${model[@]}"} -o "$out/mark" "$@"
"$bin" correct ${model[@]+"${model[@]}"} -line-breaks keep -o "$out/keep" "$@"
"$bin" eval -json -lang en -raw "$@" >"$out/ocr.json"
for t in keep mark; do
  files=()
  for f in "$@"; do files+=("$out/$t/$(basename "$f")"); done
  "$bin" eval -json -lang en "${files[@]}" >"$out/$t.json"
  "$bin" eval -json -lang en -vs-ocr "${files[@]}" >"$out/$t.vs.json"
done
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
ev = {t: json.load(open(f"{out}/{t}.json")) for t in ("ocr", "keep", "mark")}
vs = {t: json.load(open(f"{out}/{t}.vs.json"))["against_raw"] for t in ("keep", "mark")}
raw = {d["doc"]: d["cmer"] for d in ev["ocr"]["per_doc"]}
print(f'{ev["ocr"]["docs"]} documents, {ev["ocr"]["gt_words"]} truth words')
print(f'{"":28} {"matched":>8} {"recall":>7} {"broken":>6} {"cMER":>7} {"cMER red.":>9} {"macro cMER":>10}  docs cMER lower/same/higher (preference)')
for t, name in (("ocr", "raw OCR"), ("mark", "corrected (default)"), ("keep", "corrected, -line-breaks keep")):
    e = ev[t]
    red = 1 - e["cmer"] / ev["ocr"]["cmer"] if ev["ocr"]["cmer"] else float("nan")
    lo = sa = hi = 0
    for d in e["per_doc"]:
        r, c = raw[d["doc"]], d["cmer"]
        if r is None or c is None: sa += 1
        elif c < r: lo += 1
        elif c > r: hi += 1
        else: sa += 1
    pref = "" if t == "ocr" else f'{lo}/{sa}/{hi} ({(lo - hi) / (lo + sa + hi):+.3f})'
    broken = "" if t == "ocr" else vs[t]["broken"]
    print(f'{name:28} {e["matched"]:>8} {e["recall"]:>7.4f} {broken:>6} {e["cmer"]:>7.4f} {"" if t == "ocr" else f"{red:.1%}":>9} {e["macro_cmer"]:>10.4f}  {pref}')
PY
