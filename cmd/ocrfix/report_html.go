package main

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"

	"ocrfix/eval"
	"ocrfix/eval/htmlreport"
	"ocrfix/experiment"
	"ocrfix/model"
)

// The HTML reports of bench, eval and correct (-report DIR): the commands
// call these hooks; package htmlreport writes the pages.

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
			d.Cands[i] = experiment.HTMLCands(c.Ranked(i, 5))
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
