package main

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"

	"ocrfix/eval"
	"ocrfix/eval/htmlreport"
	"ocrfix/model"
)

// The HTML reports of bench, eval and correct (-report DIR): the commands
// call these hooks; package htmlreport writes the pages.

// writeBenchHTML writes DIR/index.html and DIR/docs/ of a benchmark: the
// summary as the bench table prints it, and the held-out documents.
func writeBenchHTML(dir string, r *benchReport, cv *model.CVResult, opt eval.Options) error {
	var text bytes.Buffer
	if err := writeBenchTable(&text, r); err != nil {
		return err
	}
	sum := htmlreport.Table{Header: []string{"", "matched", "recall (micro)", "recall (macro)", "error reduction", "broken", "broken rate"}}
	sum.Rows = append(sum.Rows, []string{"raw OCR", strconv.Itoa(r.RawMatched), frac4(r.RawRecall), frac4(r.RawMacroRecall), "", "", ""})
	if h := r.Hunspell; h != nil {
		sum.Rows = append(sum.Rows, []string{"Hunspell 1st suggestion", strconv.Itoa(h.Matched), frac4(h.Recall), frac4(h.MacroRecall), pct1(h.ErrorReduction), strconv.Itoa(h.Broken), pct2(h.BrokenRate)})
	}
	sum.Rows = append(sum.Rows, []string{"ocrfix corrected", strconv.Itoa(r.CorrectedMatched), frac4(r.CorrectedRecall), frac4(r.CorrectedMacroRecall), pct1(r.ErrorReduction), strconv.Itoa(r.Broken), pct2(r.BrokenRate)})
	if n := r.NoConfidence; n != nil {
		sum.Rows = append(sum.Rows, []string{"ocrfix without confidences", strconv.Itoa(n.Matched), frac4(n.Recall), frac4(n.MacroRecall), pct1(n.ErrorReduction), strconv.Itoa(n.Broken), pct2(n.BrokenRate)})
	}
	sum.Rows = append(sum.Rows, []string{"oracle (best candidate path)", strconv.Itoa(r.OracleMatched), frac4(r.OracleRecall), frac4(r.OracleMacroRecall), pct1(eval.ErrorReduction(r.GTWords, r.RawMatched, r.OracleMatched)), "", ""})
	h := &htmlreport.Header{
		Title:      fmt.Sprintf("ocrfix bench: %s, %d documents, %d folds", r.Corpus, r.Docs, r.Folds),
		Provenance: provenance(fmt.Sprintf("trained on the other folds of the corpus, seed %d", r.Seed), r.WordLists),
		Summary:    sum,
		Notes: []string{
			fmt.Sprintf("word recall by the order-preserving alignment (%s); %d ground-truth words; %d documents held out in %d folds by whole document, seed %d", r.Options, r.GTWords, r.Docs, r.Folds, r.Seed),
			fmt.Sprintf("oracle gain captured: %s (corrected - raw) / (oracle - raw); tokens changed: %d; candidates per token: %.1f", pct1(r.OracleGainCaptured), r.Changed, r.CandidatesPerToken),
			"error reduction = (errors raw - errors corrected) / errors raw, errors being gt words the alignment does not match; broken = gt words the raw OCR matched and the corrected text does not; broken rate = broken / raw matched.",
		},
		Text: text.String(),
	}
	docs := make([]htmlreport.BenchDoc, len(cv.Docs))
	for i, o := range cv.Docs {
		d := htmlreport.BenchDoc{Name: o.Stem, GT: o.GT, Raw: o.Raw, Out: o.Out, Oracle: o.Oracle, Cands: map[int][]htmlreport.Cand{}}
		for p, cs := range o.Ranked {
			d.Cands[p] = candsOf(cs)
		}
		docs[i] = d
	}
	return htmlreport.WriteBench(dir, h, docs, opt)
}

func candsOf(cs []model.Scored) []htmlreport.Cand {
	out := make([]htmlreport.Cand, len(cs))
	for i, c := range cs {
		out[i] = htmlreport.Cand{Text: c.Text, Span: c.Span, Score: c.Score}
	}
	return out
}

// writeEvalHTML writes DIR/index.html and DIR/docs/ of an evaluation.
func writeEvalHTML(dir, corpus string, s eval.Summary) error {
	var text bytes.Buffer
	bw := bufio.NewWriter(&text)
	if err := eval.WriteTable(bw, s); err != nil {
		return err
	}
	bw.Flush()
	h := &htmlreport.Header{
		Title:      fmt.Sprintf("ocrfix eval: %s, %d documents", corpus, s.Docs),
		Provenance: provenance("none (an evaluation of given text)", nil),
		Text:       text.String(),
	}
	return htmlreport.WriteEval(dir, h, s)
}

// correctReport collects the corrections of ocrfix correct -report.
type correctReport struct {
	docs []htmlreport.ChangeDoc
}

// add records the correction c of the OCR text of file path.
func (r *correctReport) add(path string, words []string, c *model.Correction) {
	d := htmlreport.ChangeDoc{Name: filepath.Base(path), Words: words, Out: c.Out, Cands: map[int][]htmlreport.Cand{}}
	for i, o := range c.Out {
		if o != words[i] {
			d.Cands[i] = candsOf(c.Ranked(i, 5))
		}
	}
	r.docs = append(r.docs, d)
}

// write writes DIR/index.html.
func (r *correctReport) write(dir, modelDesc string, wordLists []string) error {
	h := &htmlreport.Header{
		Title:      fmt.Sprintf("ocrfix correct: %d documents", len(r.docs)),
		Provenance: provenance(modelDesc, wordLists),
	}
	return htmlreport.WriteChanges(dir, h, r.docs)
}
