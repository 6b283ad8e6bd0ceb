package experiment

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"text/tabwriter"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/eval/htmlreport"
)

// Comparison measures corrected text against the raw OCR it corrected as
// bench measures its own corrections, for corrections made elsewhere
// (ocrfix eval -ocr: by ocrfix correct, or any other tool): word recall
// and cMER before and after, the error reduction, the words the raw OCR
// had right that the correction lost, and the changes by kind that helped
// and hurt (from each OCR token's correction, DocOutcome.Out).
type Comparison struct {
	Raw        string // where the raw OCR came from
	Docs       int
	GTWords    int
	RawMatched int
	RawRecall  float64
	RawCMER    float64
	Corrected  Figures // the corrected text's, against the raw OCR's
	Changes    int
	Kinds      []KindFigures // by eval.Kinds
	docs       []DocOutcome
}

// KindFigures are the changes of one kind and what they did: helped (they
// match more ground-truth words than the OCR tokens they replaced) and
// hurt (fewer).
type KindFigures struct {
	Kind   string `json:"kind"`
	Made   int    `json:"made"`
	Helped int    `json:"helped"`
	Hurt   int    `json:"hurt"`
}

// Compare measures docs (GT, Raw, Corrected and Out of each; Out as
// model.Correction.Out, eval.OutOf for a text corrected elsewhere) under
// opt; raw names where the raw OCR came from.
func Compare(raw string, docs []DocOutcome, opt eval.Options) *Comparison {
	c := &Comparison{Raw: raw, Docs: len(docs), docs: docs}
	c.Corrected = FiguresOf(docs, func(o DocOutcome) []string { return o.Corrected }, opt)
	f := &c.Corrected
	c.GTWords, c.RawMatched, c.RawCMER = f.gtWords, f.rawMatched, f.rawCMER
	var tally [eval.NumKinds]eval.KindTally
	for _, o := range docs {
		eff := eval.ChangeEffects(o.GT, o.Raw, o.Out, opt)
		c.Changes += len(eff)
		for k, t := range eval.TallyKinds(eff) {
			tally[k].Add(t)
		}
	}
	c.RawRecall = ratio(c.RawMatched, c.GTWords)
	if !(c.RawCMER > 0) {
		c.Corrected.CMERReduction = math.NaN() // no raw error to lower: undefined, not 0
	}
	for _, k := range eval.Kinds {
		c.Kinds = append(c.Kinds, KindFigures{k.String(), tally[k].Changes, tally[k].Helped, tally[k].Hurt})
	}
	return c
}

// WriteTable writes the comparison as a table for people.
func (c *Comparison) WriteTable(w io.Writer) error {
	docs := fmt.Sprintf("%d documents", c.Docs)
	if c.Docs == 1 {
		docs = "1 document"
	}
	fmt.Fprintf(w, "against the raw OCR, %s (%s, %d ground-truth words):\n", c.Raw, docs, c.GTWords)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\tmatched\trecall\tcMER\terror reduction\tbroken\tbroken rate\t")
	fmt.Fprintf(tw, "raw OCR\t%d\t%s\t%s\t\t\t\t\n", c.RawMatched, frac4(c.RawRecall), frac4(c.RawCMER))
	k := c.Corrected
	fmt.Fprintf(tw, "corrected\t%d\t%s\t%s\t%s\t%d\t%s\t\n", k.Matched, frac4(k.Recall), frac4(k.CMER), pct1(k.ErrorReduction), k.Broken, pct2(k.BrokenRate))
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "cMER %s lower; changes by kind, made / helped / hurt:", pct1(k.CMERReduction))
	for _, x := range c.Kinds {
		fmt.Fprintf(w, " %s %d/%d/%d", x.Kind, x.Made, x.Helped, x.Hurt)
	}
	fmt.Fprintln(w)
	_, err := fmt.Fprintln(w, compareNote)
	return err
}

// compareNote defines the comparison's figures.
const compareNote = "error reduction = (errors raw - errors corrected) / errors raw, errors being gt words the alignment does not match; broken = gt words the raw OCR matched and the corrected text does not; broken rate = broken / the raw OCR's matched words; a change helped (hurt) when its words match more (fewer) gt words than the OCR tokens it replaced; a word inserted counts as a split of the token before it."

// MarshalJSON writes the comparison with undefined ratios (NaN) as null.
func (c *Comparison) MarshalJSON() ([]byte, error) {
	k := c.Corrected
	return json.Marshal(struct {
		Raw            string        `json:"raw"`
		Docs           int           `json:"docs"`
		GTWords        int           `json:"gt_words"`
		RawMatched     int           `json:"raw_matched"`
		RawRecall      jnum          `json:"raw_recall"`
		RawCMER        jnum          `json:"raw_cmer"`
		Matched        int           `json:"matched"`
		Recall         jnum          `json:"recall"`
		CMER           jnum          `json:"cmer"`
		ErrorReduction jnum          `json:"error_reduction"`
		CMERReduction  jnum          `json:"cmer_reduction"`
		Broken         int           `json:"broken"`
		BrokenRate     jnum          `json:"broken_rate"`
		Changes        int           `json:"changes"`
		Kinds          []KindFigures `json:"kinds"`
	}{c.Raw, c.Docs, c.GTWords, c.RawMatched, jnum(c.RawRecall), jnum(c.RawCMER), k.Matched, jnum(k.Recall), jnum(k.CMER),
		jnum(k.ErrorReduction), jnum(k.CMERReduction), k.Broken, jnum(k.BrokenRate), c.Changes, c.Kinds})
}

// WriteText writes the comparison's table into dir/AgainstRaw.txt (beside
// eval's Summary.txt), atomically.
func (c *Comparison) WriteText(dir string) error {
	return data.WriteFileAtomic(filepath.Join(dir, "AgainstRaw.txt"), func(w *bufio.Writer) error { return c.WriteTable(w) })
}

// WriteHTML writes dir/index.html and dir/docs/ as bench -report does
// (htmlreport.WriteBench): raw against corrected, the changes by kind, and
// each document's truth, raw OCR and corrected text side by side. title
// heads the page and provenance names the program.
func (c *Comparison) WriteHTML(dir, title, provenance string, opt eval.Options) error {
	var text bytes.Buffer
	if err := c.WriteTable(&text); err != nil {
		return err
	}
	k := c.Corrected
	sum := htmlreport.Table{Header: []string{"", "matched", "recall", "cMER", "error reduction", "broken", "broken rate"}}
	sum.Rows = [][]string{
		{"raw OCR", strconv.Itoa(c.RawMatched), frac4(c.RawRecall), frac4(c.RawCMER), "", "", ""},
		{"corrected", strconv.Itoa(k.Matched), frac4(k.Recall), frac4(k.CMER), pct1(k.ErrorReduction), strconv.Itoa(k.Broken), pct2(k.BrokenRate)},
	}
	h := &htmlreport.Header{Title: title, Provenance: provenance, Summary: sum, Notes: []string{compareNote}, Text: text.String(), Command: "eval"}
	docs := make([]htmlreport.BenchDoc, len(c.docs))
	for i, o := range c.docs {
		docs[i] = htmlreport.BenchDoc{Name: o.Stem, GT: o.GT, Raw: o.Raw, Out: o.Out, Oracle: -1}
	}
	return htmlreport.WriteBench(dir, h, docs, opt)
}
