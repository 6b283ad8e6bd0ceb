package experiment

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/model"
)

// StudyOptions controls the studies of candidate generation alone
// (Oracle, Detection, GenerateFolds).
type StudyOptions struct {
	Folds     int                      // k of the k-fold split by whole document (default 5)
	Seed      uint64                   // seed of the split (Folds)
	Gen       candgen.Options          // candidate generation
	Confusion candgen.ConfusionOptions // confusion learning
	WordList  []string                 // external words added to every fold's lexicon (count 0)
	Eval      eval.Options             // word comparison (exact by default)
	Progress  func(done, total int)    // optional, called after each document
}

// folds splits n documents into the folds of o.
func (o StudyOptions) folds(n int) [][]int {
	k := o.Folds
	if k < 2 {
		k = 5
	}
	return Folds(n, k, o.Seed)
}

// lexicon returns the lexicon of the word list and the truth of docs (in
// their order), skipping documents without ground truth.
func (o StudyOptions) lexicon(docs []*data.Doc) *candgen.Lexicon {
	lex := candgen.NewLexicon()
	for _, w := range o.WordList {
		lex.Add(w, 0)
	}
	for _, d := range docs {
		if d.GT != nil {
			lex.AddText(d.GT.Words())
		}
	}
	return lex
}

// generator learns the confusion model and lexicon from the training
// documents train (ground truth and OCR) and returns their generator.
func (o StudyOptions) generator(train []*data.Doc) *candgen.Generator {
	pairs := make([]candgen.TrainPair, len(train))
	for i, d := range train {
		pairs[i] = candgen.TrainPair{GT: d.GT.Words(), OCR: model.ReadWords(d.OCR)}
	}
	return candgen.NewGenerator(candgen.LearnConfusion(pairs, o.Confusion), o.lexicon(train), o.Gen)
}

// readings returns the alignment of the other readings of a document
// with its OCR words ocr (nil without other readings).
func readings(d *data.Doc, ocr []string) *align.Readings {
	var alts [][]string
	for _, a := range d.Alt {
		if a != nil {
			alts = append(alts, model.ReadWords(a))
		}
	}
	return align.AlignReadings(ocr, alts)
}

// AttrCount is one row of the failure attribution.
type AttrCount struct {
	Class string  `json:"class"`
	Count int     `json:"count"`
	Share float64 `json:"share"`
}

// OracleReport is the outcome of Oracle.
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

// Oracle measures the ceiling candidate generation sets: k folds of the
// labelled documents of c by whole document (Folds), the confusion model
// and lexicon learned from the other folds only, the oracle recall of the
// candidate lattice of each held-out document against the raw OCR recall,
// the candidate recall of the wrong tokens, and the attribution of every
// gt word the oracle misses to one failure class (candgen.Miss). A gt word
// in a span where the OCR has a different number of tokens is a split or
// merge with errors; one whose OCR lost it entirely, or that the raw OCR
// matched and the best path gave up, is other; the rest are classed by
// Generator.WhyMissing. Each missed word gets exactly one class.
func Oracle(c *data.Corpus, opt StudyOptions) (*OracleReport, error) {
	rep := &OracleReport{}
	var attr [candgen.NumMiss]int
	docs := Labelled(c)
	var genTime time.Duration
	for _, held := range opt.folds(len(docs)) {
		g := opt.generator(pick(docs, Complement(len(docs), held)))
		for _, d := range pick(docs, held) {
			gt, ocr := d.GT.Words(), model.ReadWords(d.OCR)
			t0 := time.Now()
			cands := g.Generate(ocr, readings(d, ocr))
			genTime += time.Since(t0)
			s := oracleDoc{g: g, gt: gt, ocr: ocr, cands: cands, norm: opt.Eval.Normalize, rep: rep, attr: &attr}
			s.run(opt.Eval)
			if opt.Progress != nil {
				opt.Progress(rep.Docs, len(docs))
			}
		}
	}
	rep.finish(genTime, attr)
	return rep, nil
}

// finish computes the ratios of the report from its counts.
func (rep *OracleReport) finish(genTime time.Duration, attr [candgen.NumMiss]int) {
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
		rep.Attribution = append(rep.Attribution, AttrCount{Class: candgen.MissNames[i], Count: n})
	}
	for i := range rep.Attribution {
		if rep.Missed > 0 {
			rep.Attribution[i].Share = float64(rep.Attribution[i].Count) / float64(rep.Missed)
		}
	}
}

// oracleDoc is one held-out document of the oracle study.
type oracleDoc struct {
	g       *candgen.Generator
	gt, ocr []string
	cands   [][]candgen.Candidate
	norm    func(string) string
	gotGT   []bool // the gt words the oracle path matches
	rep     *OracleReport
	attr    *[candgen.NumMiss]int
}

// run adds the document to the report: the raw and oracle matches, then
// the gaps of the raw alignment (wrong tokens, candidate recall,
// attribution of the gt words the oracle misses).
func (s *oracleDoc) run(eo eval.Options) {
	rep := s.rep
	rep.Docs++
	rep.GTWords += len(s.gt)
	rep.OCRTokens += len(s.ocr)
	for _, cs := range s.cands {
		rep.Candidates += len(cs)
	}
	raw := eo.Align(s.gt, s.ocr)
	rep.RawMatched += len(raw)
	lat := Lattice(s.cands)
	matched, choice := eval.OracleChoice(lat, s.gt, eo)
	rep.OracleMatched += matched

	// the words the oracle path writes, and which gt words they match
	var path []string
	for i, ch := range choice {
		if ch >= 0 {
			path = append(path, lat[i][ch].Words...)
		}
	}
	s.gotGT = make([]bool, len(s.gt))
	for _, p := range eo.Align(s.gt, path) {
		s.gotGT[p.A] = true
	}
	align.Walk(raw, len(s.gt), len(s.ocr), s.gap, func(p align.Pair) {
		if !s.gotGT[p.A] {
			s.attr[candgen.MissOther]++ // raw had it, the best path gave it up for more elsewhere
		}
	})
}

// gap handles the unmatched gt words gt[g0:g1] and OCR tokens ocr[o0:o1]
// between two matches of the raw alignment.
func (s *oracleDoc) gap(g0, g1, o0, o1 int) {
	ng, no := g1-g0, o1-o0
	for i := o0; i < o1; i++ {
		s.rep.WrongTokens++
		// one to one: covered when a one-token candidate is the gt word;
		// a segmentation gap: when a candidate writes a gt word of the gap
		if ng == no && s.proposes(i, s.gt[g0+i-o0]) || ng != no && s.writesAny(i, s.gt[g0:g1]) {
			s.rep.WrongCovered++
		}
	}
	for j := g0; j < g1; j++ {
		switch {
		case s.gotGT[j]:
		case no == 0:
			s.attr[candgen.MissOther]++
		case ng == no:
			i := o0 + j - g0
			s.attr[s.g.WhyMissing(s.gt[j], s.ocr[i], s.cands[i])]++
		default:
			s.attr[candgen.MissSegment]++
		}
	}
}

// proposes reports whether a one-token candidate of position i is the
// word want (both normalised).
func (s *oracleDoc) proposes(i int, want string) bool {
	want = s.norm(want)
	for _, c := range s.cands[i] {
		if c.Span != 1 {
			continue
		}
		if f := strings.Fields(c.Text); len(f) == 1 && s.norm(f[0]) == want {
			return true
		}
	}
	return false
}

// writesAny reports whether a candidate of position i writes one of the
// words gt (normalised).
func (s *oracleDoc) writesAny(i int, gt []string) bool {
	for _, c := range s.cands[i] {
		for _, w := range strings.Fields(c.Text) {
			for _, x := range gt {
				if s.norm(w) == s.norm(x) {
					return true
				}
			}
		}
	}
	return false
}

// GenerateFolds generates the candidates of every document of c that has
// OCR, the labelled ones (Labelled) with a generator (confusion model and
// lexicon) learned from the other folds only, those without ground truth
// with one learned from all labelled documents, and calls emit for each
// document in corpus order.
func GenerateFolds(c *data.Corpus, opt StudyOptions, emit func(d *data.Doc, cands [][]candgen.Candidate)) error {
	docs := Labelled(c)
	out := make(map[*data.Doc][][]candgen.Candidate, len(c.Docs))
	for _, held := range opt.folds(len(docs)) {
		g := opt.generator(pick(docs, Complement(len(docs), held)))
		for _, d := range pick(docs, held) {
			ocr := model.ReadWords(d.OCR)
			out[d] = g.Generate(ocr, readings(d, ocr))
		}
	}
	var g *candgen.Generator
	for _, d := range c.Docs {
		if _, done := out[d]; !done && d.OCR != nil {
			if g == nil {
				g = opt.generator(docs)
			}
			ocr := model.ReadWords(d.OCR)
			out[d] = g.Generate(ocr, readings(d, ocr))
		}
	}
	for _, d := range c.Docs {
		if d.OCR != nil {
			emit(d, out[d])
		}
	}
	return nil
}

// WriteTable writes the report as ocrfix candgen -oracle prints it; name
// is the corpus's.
func (r *OracleReport) WriteTable(w io.Writer, name string) error {
	fmt.Fprintf(w, "corpus %s: %d documents, %d gt words, %d OCR tokens (folds by whole document)\n\n", name, r.Docs, r.GTWords, r.OCRTokens)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "raw recall\t%.4f\t(%d gt words matched by the OCR)\n", r.RawRecall, r.RawMatched)
	fmt.Fprintf(tw, "oracle recall\t%.4f\t(%d by the best path through the candidates)\n", r.OracleRecall, r.OracleMatched)
	fmt.Fprintf(tw, "gap closed\t%.4f\t(oracle - raw) / (1 - raw)\n", r.GapClosed)
	fmt.Fprintf(tw, "candidate recall\t%.4f\t(%d of %d wrong tokens have their right word among the candidates)\n", r.CandidateRecall, r.WrongCovered, r.WrongTokens)
	fmt.Fprintf(tw, "candidates/token\t%.2f\t\n", r.CandidatesPerToken)
	fmt.Fprintf(tw, "generation\t%.0f tokens/s\t(%.1f s wall, model building excluded)\n", r.TokensPerSecond, r.GenSeconds)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\ngt words the oracle misses: %d\n", r.Missed)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "class\tcount\tshare\t\n")
	sum := 0
	for _, a := range r.Attribution {
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t\n", a.Class, a.Count, a.Share)
		sum += a.Count
	}
	fmt.Fprintf(tw, "total\t%d\t%.3f\t\n", sum, 1.0)
	return tw.Flush()
}
