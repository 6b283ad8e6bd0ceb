package candgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"ocrfix/align"
	"ocrfix/data"
	"ocrfix/eval"
)

// Failure classes of the gt words the oracle misses (Attribution order).
const (
	FailPunct   = iota // the core is right, leading/trailing punctuation differs
	FailCase           // right up to case or look-alikes (same skeleton), yet not proposed
	FailSegment        // the OCR split or merged words here, and with character errors
	FailCut            // the right word was generated, then cut by the pruning (top K / mass)
	FailLexicon        // the right word's core is not in the lexicon
	FailBound          // more edits away than the edit bound
	FailOther          // anything else (a word the OCR lost entirely, ...)
	numFail
)

// FailNames names the failure classes.
var FailNames = [numFail]string{"punctuation differs", "case or look-alike", "split-merge with errors",
	"cut by top-K", "not in lexicon", "more edits than the bound", "other"}

// EvalOptions controls EvaluateOracle and EvaluateDetection.
type EvalOptions struct {
	Folds     int                   // k of the k-fold split by whole document (default 5)
	Gen       Options               // candidate generation
	Confusion ConfusionOptions      // confusion learning
	WordList  []string              // external words added to every fold's lexicon (count 0)
	Eval      eval.Options          // word comparison (exact by default)
	Progress  func(done, total int) // optional, called after each document
}

// AttrCount is one row of the failure attribution.
type AttrCount struct {
	Class string  `json:"class"`
	Count int     `json:"count"`
	Share float64 `json:"share"`
}

// OracleReport is the outcome of EvaluateOracle.
type OracleReport struct {
	Docs               int         `json:"docs"`
	GTWords            int         `json:"gt_words"`
	OCRTokens          int         `json:"ocr_tokens"`
	RawMatched         int         `json:"raw_matched"`
	OracleMatched      int         `json:"oracle_matched"`
	RawRecall          float64     `json:"raw_recall"`
	OracleRecall       float64     `json:"oracle_recall"`
	WrongTokens        int         `json:"wrong_tokens"`
	WrongCovered       int         `json:"wrong_covered"`
	CandidateRecall    float64     `json:"candidate_recall"`
	Candidates         int         `json:"candidates"`
	CandidatesPerToken float64     `json:"candidates_per_token"`
	GapClosed          float64     `json:"gap_closed"`
	Missed             int         `json:"missed"`
	Attribution        []AttrCount `json:"attribution"`
	GenSeconds         float64     `json:"gen_seconds"`
	TokensPerSecond    float64     `json:"tokens_per_second"`
}

func (o EvalOptions) folds() int {
	if o.Folds < 2 {
		return 5
	}
	return o.Folds
}

// splitFolds splits n documents into the folds of o (at most n).
func (o EvalOptions) splitFolds(n int, rng *rand.Rand) [][]int {
	return data.Folds(n, min(o.folds(), n), rng)
}

// heldSet returns the documents of a fold as a set.
func heldSet(fold []int) map[int]bool {
	held := make(map[int]bool, len(fold))
	for _, i := range fold {
		held[i] = true
	}
	return held
}

// foldSetup learns the confusion model and lexicon from the documents of
// c outside the held-out fold.
func foldSetup(c *data.Corpus, held map[int]bool, opt EvalOptions) (*Confusion, *Lexicon) {
	var pairs []TrainPair
	lex := NewLexicon()
	for _, w := range opt.WordList {
		lex.Add(w, 0)
	}
	for i, d := range c.Docs {
		if held[i] || d.GT == nil || d.OCR == nil {
			continue
		}
		p := TrainPair{GT: d.GT.Words(), OCR: d.OCR.Words()}
		pairs = append(pairs, p)
		lex.AddText(p.GT)
	}
	return LearnConfusion(pairs, opt.Confusion), lex
}

// altWords returns the other readings of a document.
func altWords(d *data.Doc) [][]string {
	var alts [][]string
	for _, a := range d.Alt {
		if a != nil {
			alts = append(alts, a.Words())
		}
	}
	return alts
}

// EvaluateOracle measures the ceiling candidate generation sets: k folds
// by whole document (rng shuffles them), the confusion model and lexicon
// learned from the other folds only, the oracle recall of the candidate
// lattice of each held-out document against the raw OCR recall, the
// candidate recall of the wrong tokens, and the attribution of every gt
// word the oracle misses to one failure class.
func EvaluateOracle(c *data.Corpus, opt EvalOptions, rng *rand.Rand) (*OracleReport, error) {
	rep := &OracleReport{}
	var attr [numFail]int
	folds := opt.splitFolds(len(c.Docs), rng)
	done := 0
	var genTime time.Duration
	for _, fold := range folds {
		held := heldSet(fold)
		conf, lex := foldSetup(c, held, opt)
		g := NewGenerator(conf, lex, opt.Gen)
		for _, i := range fold {
			d := c.Docs[i]
			if d.GT == nil || d.OCR == nil {
				continue
			}
			gt, ocr := d.GT.Words(), d.OCR.Words()
			t0 := time.Now()
			cands := g.Generate(ocr, altWords(d))
			genTime += time.Since(t0)
			g.evalDoc(gt, ocr, cands, opt.Eval, rep, &attr)
			done++
			if opt.Progress != nil {
				opt.Progress(done, len(c.Docs))
			}
		}
	}
	if rep.GTWords > 0 {
		rep.RawRecall = float64(rep.RawMatched) / float64(rep.GTWords)
		rep.OracleRecall = float64(rep.OracleMatched) / float64(rep.GTWords)
	}
	if rep.WrongTokens > 0 {
		rep.CandidateRecall = float64(rep.WrongCovered) / float64(rep.WrongTokens)
	}
	if rep.OCRTokens > 0 {
		rep.CandidatesPerToken = float64(rep.Candidates) / float64(rep.OCRTokens)
	}
	if rep.RawRecall < 1 {
		rep.GapClosed = (rep.OracleRecall - rep.RawRecall) / (1 - rep.RawRecall)
	}
	rep.GenSeconds = genTime.Seconds()
	if genTime > 0 {
		rep.TokensPerSecond = float64(rep.OCRTokens) / genTime.Seconds()
	}
	for i, n := range attr {
		rep.Missed += n
		rep.Attribution = append(rep.Attribution, AttrCount{Class: FailNames[i], Count: n})
	}
	for i := range rep.Attribution {
		if rep.Missed > 0 {
			rep.Attribution[i].Share = float64(rep.Attribution[i].Count) / float64(rep.Missed)
		}
	}
	return rep, nil
}

// Lattice turns candidates into the oracle's lattice.
func Lattice(cands [][]Candidate) eval.Lattice {
	lat := make(eval.Lattice, len(cands))
	for i, cs := range cands {
		for _, c := range cs {
			lat[i] = append(lat[i], eval.Alt{Words: strings.Fields(c.Text), Span: c.Span})
		}
	}
	return lat
}

// evalDoc adds one held-out document to the report.
func (g *Generator) evalDoc(gt, ocr []string, cands [][]Candidate, eo eval.Options, rep *OracleReport, attr *[numFail]int) {
	rep.Docs++
	rep.GTWords += len(gt)
	rep.OCRTokens += len(ocr)
	for _, cs := range cands {
		rep.Candidates += len(cs)
	}
	norm := eo.Normalize
	v := align.NewVocab()
	gi := make([]int32, len(gt))
	for i, w := range gt {
		gi[i] = v.ID(norm(w))
	}
	oi := make([]int32, len(ocr))
	for i, w := range ocr {
		oi[i] = v.ID(norm(w))
	}
	raw := align.Align(gi, oi)
	rep.RawMatched += len(raw)
	lat := Lattice(cands)
	matched, choice := eval.OracleChoice(lat, gt, eo)
	rep.OracleMatched += matched

	// the words the oracle path writes, and which OCR position wrote each
	var path []string
	var from []int
	for i, ch := range choice {
		if ch < 0 {
			continue
		}
		for _, w := range lat[i][ch].Words {
			path = append(path, w)
			from = append(from, i)
		}
	}
	pi := make([]int32, len(path))
	for i, w := range path {
		pi[i] = v.ID(norm(w))
	}
	gotGT := make([]bool, len(gt))
	for _, p := range align.Align(gi, pi) {
		gotGT[p.A] = true
	}

	// walk the raw gaps: wrong tokens, candidate recall, attribution
	has := func(i int, words []string, span int) bool {
		want := make([]string, len(words))
		for k, w := range words {
			want[k] = norm(w)
		}
		for _, c := range cands[i] {
			if span > 0 && c.Span != span {
				continue
			}
			f := strings.Fields(c.Text)
			if len(f) != len(want) {
				continue
			}
			ok := true
			for k := range f {
				if norm(f[k]) != want[k] {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
		return false
	}
	gp, op := 0, 0
	gap := func(g1, o1 int) {
		ng, no := g1-gp, o1-op
		// wrong tokens and whether the right word is among their candidates
		for k := 0; k < no; k++ {
			i := op + k
			rep.WrongTokens++
			switch {
			case ng == no:
				if has(i, gt[gp+k:gp+k+1], 1) {
					rep.WrongCovered++
				}
			default:
				// a segmentation gap: covered when a candidate writes gt words of the gap
				found := false
				for _, c := range cands[i] {
					for _, w := range strings.Fields(c.Text) {
						for _, x := range gt[gp:g1] {
							if norm(w) == norm(x) {
								found = true
							}
						}
					}
				}
				if found {
					rep.WrongCovered++
				}
			}
		}
		for k := 0; k < ng; k++ {
			j := gp + k
			if gotGT[j] {
				continue
			}
			switch {
			case no == 0:
				attr[FailOther]++
			case ng == no:
				cl := g.classify(gt[j], ocr[op+k], cands[op+k])
				attr[cl]++
				if missExamples != nil {
					missExamples[cl] = append(missExamples[cl], fmt.Sprintf("%q <- %q", gt[j], ocr[op+k]))
				}
			default:
				attr[FailSegment]++
				if missExamples != nil {
					var ms []string
					for q := op; q < o1; q++ {
						for _, c := range cands[q] {
							if c.Span > 1 || c.Source&SrcSplit != 0 {
								ms = append(ms, fmt.Sprintf("%d:%q/%d", q-op, c.Text, c.Span))
							}
						}
					}
					missExamples[FailSegment] = append(missExamples[FailSegment], fmt.Sprintf("%q <- %q  %v", gt[gp:g1], ocr[op:o1], ms))
				}
			}
		}
	}
	for _, p := range raw {
		gap(p.A, p.B)
		if !gotGT[p.A] {
			attr[FailOther]++ // raw had it, the best path gave it up for more elsewhere
		}
		gp, op = p.A+1, p.B+1
	}
	gap(len(gt), len(ocr))
}

// missExamples, when non-nil, collects examples of each failure class
// (for debugging the attribution).
var missExamples map[int][]string

// classify names why the right word want of OCR token tok is missing from
// its kept candidates.
func (g *Generator) classify(want, tok string, kept []Candidate) int {
	wp, wc, ws := SplitAffix(want)
	tp, tc, ts := SplitAffix(tok)
	// generated but cut?
	for _, c := range g.tokenCands(tok) {
		if c.Text == want {
			inKept := false
			for _, k := range kept {
				if k.Text == want && k.Span == 1 {
					inKept = true
				}
			}
			if !inKept {
				return FailCut
			}
		}
	}
	if wc != "" && !g.lex.HasFold(wc) {
		return FailLexicon
	}
	if wc == tc && (wp != tp || ws != ts) {
		return FailPunct
	}
	if wc != "" && tc != "" {
		a := g.sk.key(nil, wc)
		b := g.sk.key(nil, tc)
		if string(a) == string(b) {
			if wp != tp || ws != ts {
				return FailPunct
			}
			return FailCase
		}
	}
	if wc != "" && tc != "" {
		a := g.sk.key(nil, wc)
		b := g.sk.key(nil, tc)
		bound := g.bound(len(b))
		if boundedLev(a, b, bound, nil) > bound {
			return FailBound
		}
	}
	if wc == "" || tc == "" {
		if wp+ws != tp+ts {
			return FailPunct
		}
	}
	return FailOther
}

// DetectionCount is the detection quality of one rule (or combination).
type DetectionCount struct {
	Rule      string  `json:"rule"`
	Fired     int     `json:"fired"`
	TruePos   int     `json:"true_positives"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

// DetectionReport is the outcome of EvaluateDetection.
type DetectionReport struct {
	Tokens int              `json:"tokens"`
	Wrong  int              `json:"wrong"`
	Rules  []DetectionCount `json:"rules"`
}

// EvaluateDetection measures how well the garbage rules and the
// out-of-lexicon test flag the wrong OCR tokens (those the alignment with
// the ground truth does not match). The lexicon of each held-out fold is
// learned from the other folds (plus the word list).
func EvaluateDetection(c *data.Corpus, opt EvalOptions, rng *rand.Rand) (*DetectionReport, error) {
	names := append(append([]string{}, RuleNames[:]...), "any rule", "out of lexicon", "any rule or out of lexicon")
	fired := make([]int, len(names))
	tp := make([]int, len(names))
	rep := &DetectionReport{}
	for _, fold := range opt.splitFolds(len(c.Docs), rng) {
		held := heldSet(fold)
		lex := NewLexicon()
		for _, w := range opt.WordList {
			lex.Add(w, 0)
		}
		for i, d := range c.Docs {
			if !held[i] && d.GT != nil {
				lex.AddText(d.GT.Words())
			}
		}
		for _, i := range fold {
			d := c.Docs[i]
			if d.GT == nil || d.OCR == nil {
				continue
			}
			gt, ocr := d.GT.Words(), d.OCR.Words()
			v := align.NewVocab()
			gi := make([]int32, len(gt))
			for j, w := range gt {
				gi[j] = v.ID(opt.Eval.Normalize(w))
			}
			oi := make([]int32, len(ocr))
			for j, w := range ocr {
				oi[j] = v.ID(opt.Eval.Normalize(w))
			}
			ok := make([]bool, len(ocr))
			for _, p := range align.Align(gi, oi) {
				ok[p.B] = true
			}
			for j, tok := range ocr {
				rep.Tokens++
				wrong := !ok[j]
				if wrong {
					rep.Wrong++
				}
				bits := Garbage(tok)
				_, core, _ := SplitAffix(tok)
				oov := core != "" && !lex.HasFold(core)
				flags := make([]bool, len(names))
				for r := 0; r < 8; r++ {
					flags[r] = bits&(1<<r) != 0
				}
				flags[8] = bits != 0
				flags[9] = oov
				flags[10] = bits != 0 || oov
				for r, f := range flags {
					if f {
						fired[r]++
						if wrong {
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

// GenerateFolds generates the candidates of every document of c with a
// model (confusion and lexicon) learned from the other folds only, and
// calls emit for each document in corpus order.
func GenerateFolds(c *data.Corpus, opt EvalOptions, rng *rand.Rand, emit func(d *data.Doc, cands [][]Candidate)) error {
	out := make([][][]Candidate, len(c.Docs))
	for _, fold := range opt.splitFolds(len(c.Docs), rng) {
		held := heldSet(fold)
		conf, lex := foldSetup(c, held, opt)
		g := NewGenerator(conf, lex, opt.Gen)
		for _, i := range fold {
			if d := c.Docs[i]; d.OCR != nil {
				out[i] = g.Generate(d.OCR.Words(), altWords(d))
			}
		}
	}
	for i, d := range c.Docs {
		if d.OCR != nil {
			emit(d, out[i])
		}
	}
	return nil
}
