package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/eval/htmlreport"
)

// againstRaw is what eval -ocr adds: the predictions measured against the
// raw OCR they corrected, as bench measures its own corrections.
type againstRaw struct {
	OCR            string        `json:"ocr"` // the raw OCR's directory
	Docs           int           `json:"docs"`
	GTWords        int           `json:"gt_words"`
	RawMatched     int           `json:"raw_matched"`
	RawRecall      jsonNum       `json:"raw_recall"`
	Matched        int           `json:"matched"`
	Recall         jsonNum       `json:"recall"`
	ErrorReduction jsonNum       `json:"error_reduction"`
	Broken         int           `json:"broken"`
	BrokenRate     jsonNum       `json:"broken_rate"`
	RawCMER        jsonNum       `json:"raw_cmer"`
	CMER           jsonNum       `json:"cmer"`
	CMERReduction  jsonNum       `json:"cmer_reduction"`
	Changes        int           `json:"changes"`
	Kinds          []kindFigures `json:"kinds"`
	docs           []htmlreport.BenchDoc
}

// jsonNum is a number that JSON writes null when it is undefined (NaN:
// an error reduction where the raw OCR has no errors).
type jsonNum float64

// MarshalJSON writes x, or null when it is not finite.
func (x jsonNum) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(x), 'g', -1, 64), nil
}

// kindFigures are the changes of one kind and what they did.
type kindFigures struct {
	Kind   string `json:"kind"`
	Made   int    `json:"made"`
	Helped int    `json:"helped"`
	Hurt   int    `json:"hurt"`
}

// measureAgainstRaw reads the raw OCR of each document of c that has a
// prediction from the directory ocrDir (by stem, as -pred is read) and
// measures the predictions against it under opt: recall and cMER before
// and after, error reduction, the words the raw OCR had right that the
// prediction lost (broken), and the changes by kind (eval.OutOf gives
// each OCR token its correction, eval.ChangeEffects what it did). A
// predicted document without raw OCR is an error naming it.
func measureAgainstRaw(c *data.Corpus, ocrDir string, opt eval.Options) (*againstRaw, error) {
	rc, _, err := data.LoadPair(c.Name, ocrDir, data.LoadOptions{AllowUnpaired: true})
	if err != nil {
		return nil, fmt.Errorf("-ocr: %w", err)
	}
	raws := map[string]*data.Text{}
	for _, d := range rc.Docs {
		raws[d.Stem] = d.OCR
	}
	r := &againstRaw{OCR: ocrDir}
	var tally [eval.NumKinds]eval.KindTally
	var rawC, corrC eval.MERCounts
	for _, d := range c.Docs {
		if d.GT == nil || d.OCR == nil {
			continue
		}
		rt := raws[d.Stem]
		if rt == nil {
			return nil, fmt.Errorf("-ocr %s: no raw OCR of the document %s", ocrDir, d.Stem)
		}
		gt, raw, pred := d.GT.Words(), rt.Words(), d.OCR.Words()
		rd, pd := eval.EvaluateDoc(d.Stem, gt, raw, opt), eval.EvaluateDoc(d.Stem, gt, pred, opt)
		_, _, broken := eval.Broken(gt, raw, pred, opt)
		out := eval.OutOf(raw, pred)
		eff := eval.ChangeEffects(gt, raw, out, opt)
		for k, t := range eval.TallyKinds(eff) {
			tally[k].Changes += t.Changes
			tally[k].Helped += t.Helped
			tally[k].Hurt += t.Hurt
		}
		r.Docs++
		r.GTWords += rd.GTWords
		r.RawMatched += rd.Matched
		r.Matched += pd.Matched
		r.Broken += broken
		r.Changes += len(eff)
		rawC.Add(rd.CharMER)
		corrC.Add(pd.CharMER)
		r.docs = append(r.docs, htmlreport.BenchDoc{Name: d.Stem, GT: gt, Raw: raw, Out: out, Oracle: -1})
	}
	r.RawRecall, r.Recall = jsonNum(ratioOf(r.RawMatched, r.GTWords)), jsonNum(ratioOf(r.Matched, r.GTWords))
	r.ErrorReduction = jsonNum(eval.ErrorReduction(r.GTWords, r.RawMatched, r.Matched))
	r.BrokenRate = jsonNum(ratioOf(r.Broken, r.RawMatched))
	r.RawCMER, r.CMER = jsonNum(rawC.MER()), jsonNum(corrC.MER())
	r.CMERReduction = (r.RawCMER - r.CMER) / r.RawCMER
	for _, k := range eval.Kinds {
		r.Kinds = append(r.Kinds, kindFigures{k.String(), tally[k].Changes, tally[k].Helped, tally[k].Hurt})
	}
	return r, nil
}

// ratioOf returns a/b, 0 when b is 0.
func ratioOf(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// writeTable writes the comparison after eval's table.
func (r *againstRaw) writeTable(w io.Writer) error {
	fmt.Fprintf(w, "\nagainst the raw OCR in %s (%s, %d ground-truth words):\n", r.OCR, plural(r.Docs, "document"), r.GTWords)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\tmatched\trecall\tcMER\terror reduction\tbroken\tbroken rate\t")
	fmt.Fprintf(tw, "raw OCR\t%d\t%.4f\t%.4f\t\t\t\t\n", r.RawMatched, r.RawRecall, r.RawCMER)
	fmt.Fprintf(tw, "prediction\t%d\t%.4f\t%.4f\t%s\t%d\t%.2f%%\t\n", r.Matched, r.Recall, r.CMER, pctOrNA(float64(r.ErrorReduction), 1), r.Broken, 100*r.BrokenRate)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "cMER %s lower; %d changes, by kind made / helped / hurt:", pctOrNA(float64(r.CMERReduction), 1), r.Changes)
	for _, k := range r.Kinds {
		fmt.Fprintf(w, " %s %d/%d/%d", k.Kind, k.Made, k.Helped, k.Hurt)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "error reduction = (errors raw - errors predicted) / errors raw, errors being gt words the alignment does not match; broken = gt words the raw OCR matched and the prediction does not; a change helped (hurt) when its words match more (fewer) gt words than the OCR tokens it replaced.")
	return nil
}

// writeJSON writes eval's summary s and the comparison as one JSON object
// {"summary": ..., "against_raw": ...}.
func (r *againstRaw) writeJSON(w io.Writer, s eval.Summary) error {
	var sum bytes.Buffer
	if err := eval.WriteJSON(&sum, s); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Summary    json.RawMessage `json:"summary"`
		AgainstRaw *againstRaw     `json:"against_raw"`
	}{sum.Bytes(), r})
}

// writeHTML writes DIR/index.html and DIR/docs/ as bench -report does:
// raw against corrected, changes by kind, each document's truth, raw OCR
// and prediction side by side.
func (r *againstRaw) writeHTML(dir, corpus string, opt eval.Options) error {
	var text bytes.Buffer
	if err := r.writeTable(&text); err != nil {
		return err
	}
	sum := htmlreport.Table{Header: []string{"", "matched", "recall", "cMER", "error reduction", "broken", "broken rate"}}
	sum.Rows = [][]string{
		{"raw OCR", strconv.Itoa(r.RawMatched), fmt.Sprintf("%.4f", r.RawRecall), fmt.Sprintf("%.4f", r.RawCMER), "", "", ""},
		{"prediction", strconv.Itoa(r.Matched), fmt.Sprintf("%.4f", r.Recall), fmt.Sprintf("%.4f", r.CMER), pctOrNA(float64(r.ErrorReduction), 1), strconv.Itoa(r.Broken), fmt.Sprintf("%.2f%%", 100*r.BrokenRate)},
	}
	h := &htmlreport.Header{
		Title:      fmt.Sprintf("ocrfix eval: %s, %s, against the raw OCR in %s", corpus, plural(r.Docs, "document"), r.OCR),
		Provenance: provenance("none (an evaluation of given text)", nil),
		Summary:    sum,
		Text:       text.String(),
		DocsCSV:    "FileMetrics.csv", // eval.WriteReport's, of the predictions
	}
	return htmlreport.WriteBench(dir, h, r.docs, opt)
}

// pctOrNA formats x as a percentage with prec decimals, "n/a" when it is
// undefined (NaN).
func pctOrNA(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', prec, 64) + "%"
}
