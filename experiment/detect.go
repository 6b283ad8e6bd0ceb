package experiment

import (
	"fmt"
	"io"
	"text/tabwriter"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/model"
)

// DetectionCount is the detection quality of one rule (or combination).
type DetectionCount struct {
	Rule      string  `json:"rule"`
	Fired     int     `json:"fired"`
	TruePos   int     `json:"true_positives"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

// DetectionReport is the outcome of Detection.
type DetectionReport struct {
	Tokens int              `json:"tokens"`
	Wrong  int              `json:"wrong"`
	Rules  []DetectionCount `json:"rules"`
}

// Detection measures how well the garbage rules (candgen.Garbage) and the
// out-of-lexicon test flag the wrong OCR tokens (those the alignment with
// the ground truth does not match). The labelled documents of c are split
// by Folds; the lexicon of each held-out fold is learned from the truth of
// the other documents (plus the word list).
func Detection(c *data.Corpus, opt StudyOptions) (*DetectionReport, error) {
	names := append(append([]string{}, candgen.RuleNames[:]...), "any rule", "out of lexicon", "any rule or out of lexicon")
	fired := make([]int, len(names))
	tp := make([]int, len(names))
	rep := &DetectionReport{}
	docs := Labelled(c)
	for _, held := range opt.folds(len(docs)) {
		test := pick(docs, held)
		inTest := make(map[*data.Doc]bool, len(test))
		for _, d := range test {
			inTest[d] = true
		}
		var train []*data.Doc
		for _, d := range c.Docs {
			if !inTest[d] {
				train = append(train, d)
			}
		}
		lex := opt.lexicon(train)
		for _, d := range test {
			ocr := model.ReadWords(d.OCR)
			ok := make([]bool, len(ocr))
			for _, p := range opt.Eval.Align(d.GT.Words(), ocr) {
				ok[p.B] = true
			}
			for j, tok := range ocr {
				rep.Tokens++
				if !ok[j] {
					rep.Wrong++
				}
				for r, f := range detectFlags(tok, lex, len(names)) {
					if f {
						fired[r]++
						if !ok[j] {
							tp[r]++
						}
					}
				}
			}
		}
	}
	for r, n := range names {
		dc := DetectionCount{Rule: n, Fired: fired[r], TruePos: tp[r]}
		if fired[r] > 0 {
			dc.Precision = float64(tp[r]) / float64(fired[r])
		}
		if rep.Wrong > 0 {
			dc.Recall = float64(tp[r]) / float64(rep.Wrong)
		}
		if dc.Precision+dc.Recall > 0 {
			dc.F1 = 2 * dc.Precision * dc.Recall / (dc.Precision + dc.Recall)
		}
		rep.Rules = append(rep.Rules, dc)
	}
	return rep, nil
}

// detectFlags returns which of the n detectors flag tok: each garbage
// rule, any rule, out of lexicon, any rule or out of lexicon.
func detectFlags(tok string, lex *candgen.Lexicon, n int) []bool {
	bits := candgen.Garbage(tok)
	_, core, _ := candgen.SplitAffix(tok)
	oov := core != "" && !lex.HasFold(core)
	flags := make([]bool, n)
	nr := len(candgen.RuleNames)
	for r := 0; r < nr; r++ {
		flags[r] = bits&(1<<r) != 0
	}
	flags[nr] = bits != 0
	flags[nr+1] = oov
	flags[nr+2] = bits != 0 || oov
	return flags
}

// WriteTable writes the report as ocrfix detect prints it; name is the
// corpus's.
func (r *DetectionReport) WriteTable(w io.Writer, name string) error {
	fmt.Fprintf(w, "corpus %s: %d OCR tokens, %d wrong (not matched by the alignment with the truth)\n\n", name, r.Tokens, r.Wrong)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rule\tfired\tright\tprecision\trecall\tF1\t\n")
	for _, c := range r.Rules {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t\n", c.Rule, c.Fired, c.TruePos, c.Precision, c.Recall, c.F1)
	}
	return tw.Flush()
}
