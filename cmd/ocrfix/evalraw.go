package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/experiment"
)

// compareWithRaw reads the raw OCR of each document of c that has a
// prediction from the directory ocrDir (by stem, as -pred is read; with
// recursive, from its subdirectories too) and measures the predictions
// against it (compareDocs). A predicted document without raw OCR is an
// error naming it.
func compareWithRaw(c *data.Corpus, ocrDir string, recursive bool, opt eval.Options, stderr io.Writer) (*experiment.Comparison, error) {
	paths, warns, err := data.ListDir(ocrDir, "-ocr", recursive)
	for _, w := range warns {
		fmt.Fprintf(stderr, "ocrfix eval: warning: %s\n", w)
	}
	if err != nil {
		return nil, err
	}
	return compareDocs(c, ocrDir, opt, func(stem string) (*data.Text, error) {
		path, ok := paths[stem]
		if !ok {
			return nil, fmt.Errorf("-ocr %s: no raw OCR of the document %s", ocrDir, stem)
		}
		return data.ReadFile(path)
	})
}

// compareRecords measures the outputs of HIPE-OCRepair records (c, as
// evalLoadHIPE reads them) against the records' own OCR (raws, by
// document name, as evalLoadHIPE fills it) (compareDocs).
func compareRecords(c *data.Corpus, raws map[string]*data.Text, opt eval.Options) (*experiment.Comparison, error) {
	return compareDocs(c, "the records' ocr_hypothesis", opt, func(stem string) (*data.Text, error) {
		return raws[stem], nil // the same records: every one is there
	})
}

// compareDocs measures the prediction of each document of c that has one
// against its raw OCR, rawOf(stem), under opt (experiment.Compare; where
// names where the raw OCR came from), each OCR token's correction taken
// from the alignment of the raw words with the predicted ones
// (eval.OutOf).
func compareDocs(c *data.Corpus, where string, opt eval.Options, rawOf func(stem string) (*data.Text, error)) (*experiment.Comparison, error) {
	var docs []experiment.DocOutcome
	for _, d := range c.Docs {
		if d.GT == nil || d.OCR == nil {
			continue
		}
		rt, err := rawOf(d.Stem)
		if err != nil {
			return nil, err
		}
		raw, pred := rt.Words(), d.OCR.Words()
		docs = append(docs, experiment.DocOutcome{Stem: d.Stem, GT: d.GT.Words(), Raw: raw, Corrected: pred, Out: eval.OutOf(raw, pred)})
	}
	return experiment.Compare(where, docs, opt), nil
}

// writeEvalJSON writes eval's summary s and the comparison with the raw
// OCR (eval -ocr) as one JSON object {"summary": ..., "against_raw": ...}.
func writeEvalJSON(w io.Writer, s eval.Summary, cmp *experiment.Comparison) error {
	var sum bytes.Buffer
	if err := eval.WriteJSON(&sum, s); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Summary    json.RawMessage        `json:"summary"`
		AgainstRaw *experiment.Comparison `json:"against_raw"`
	}{sum.Bytes(), cmp})
}
