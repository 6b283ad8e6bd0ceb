package eval

import (
	"math"
	"strings"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/data"
	"ocrfix/internal/par"
)

// DocResult holds the figures of one document. Counts are of words after
// normalisation (Options.Normalize, empty tokens dropped). A ratio whose
// denominator is zero is NaN ("undefined"): reports show it as "n/a" and
// JSON as null, and the macro means leave it out.
type DocResult struct {
	Doc string // the document's name (its stem)

	GTWords   int // ground-truth words (the recall denominator)
	PredWords int // predicted words (the precision denominator)
	Matched   int // size of the maximum order-preserving alignment

	Recall    float64 // Matched / GTWords
	Precision float64 // Matched / PredWords
	F1        float64 // 2*Matched / (GTWords + PredWords), the harmonic mean of the two

	WordEdits int     // word-level Levenshtein distance (unit costs)
	WER       float64 // WordEdits / GTWords

	GTChars   int     // runes of the ground-truth words joined by single spaces
	CharEdits int     // character Levenshtein distance between the joined texts
	CER       float64 // CharEdits / GTChars

	BagDiff  int     // sum over distinct words w of |count_gt(w) - count_pred(w)|
	BagError float64 // BagDiff / GTWords

	// The match error rates of the HIPE-OCRepair 2026 competition (see
	// HIPEMER): computed on the tokens as given, normalised by
	// HIPENormalize whatever the Options.
	CharMER, WordMER MERCounts
	CMER, WMER       float64 // CharMER.MER(), WordMER.MER()

	// NoPrediction is set when the document had ground truth but no
	// prediction; it was evaluated against an empty prediction.
	NoPrediction bool

	// GT and Pred are the compared tokens as they appear in the input
	// (before normalisation), with tokens that normalise to "" left out;
	// Pairs is the alignment between them (indices into GT and Pred). GTLine,
	// when not nil, is the 1-based source line of each GT token. Reports use
	// them for diffs and confusions.
	GT, Pred []string
	GTLine   []int
	Pairs    []align.Pair
}

// EvaluateDoc compares the predicted words of one document with its ground
// truth under opt and returns its figures. doc names the document.
func EvaluateDoc(doc string, gt, pred []string, opt Options) DocResult {
	return evaluate(doc, gt, pred, nil, opt)
}

// EvaluateText is EvaluateDoc for tokenized texts; it also records the
// source line of each ground-truth word, so diffs follow the lines of the
// ground truth. A nil pred counts as an empty prediction with NoPrediction
// set.
func EvaluateText(doc string, gt, pred *data.Text, opt Options) DocResult {
	var gtW, predW []string
	var lines []int
	if gt != nil {
		gtW = data.Words(gt.Tokens)
		lines = make([]int, len(gt.Tokens))
		for i, t := range gt.Tokens {
			lines[i] = t.Line
		}
	}
	if pred != nil {
		predW = data.Words(pred.Tokens)
	}
	r := evaluate(doc, gtW, predW, lines, opt)
	r.NoPrediction = pred == nil
	return r
}

func evaluate(doc string, gtW, predW []string, lines []int, opt Options) DocResult {
	gn, gk := opt.normalizeWords(gtW)
	pn, pk := opt.normalizeWords(predW)
	r := DocResult{Doc: doc, GTWords: len(gn), PredWords: len(pn)}
	r.GT = pick(gtW, gk)
	r.Pred = pick(predW, pk)
	if lines != nil {
		r.GTLine = make([]int, len(gk))
		for i, k := range gk {
			r.GTLine[i] = lines[k]
		}
	}
	v := align.NewVocab()
	g, p := v.IDs(gn), v.IDs(pn)
	if opt.fuzzy() {
		r.Pairs = fuzzyAlign(v, g, p, opt.Fuzzy)
	} else {
		r.Pairs = align.Align(g, p)
	}
	r.Matched = len(r.Pairs)
	gc := []rune(strings.Join(gn, " "))
	pc := []rune(strings.Join(pn, " "))
	r.WordEdits, r.CharEdits = editDistances(gn, pn, g, p, gc, pc, r.Pairs)
	r.GTChars = len(gc)
	r.CharMER, r.WordMER = HIPEMER(gtW, predW)
	cnt := make([]int32, v.Len())
	for _, id := range g {
		cnt[id]++
	}
	for _, id := range p {
		cnt[id]--
	}
	for _, c := range cnt {
		r.BagDiff += int(abs32(c))
	}
	r.fill()
	return r
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// pick returns ws[k] for each k in keep, or ws itself when nothing was
// dropped.
func pick(ws []string, keep []int) []string {
	if len(keep) == len(ws) {
		return ws
	}
	out := make([]string, len(keep))
	for i, k := range keep {
		out[i] = ws[k]
	}
	return out
}

// fill computes the ratios from the counts.
func (r *DocResult) fill() {
	r.CMER, r.WMER = r.CharMER.MER(), r.WordMER.MER()
	r.Recall = ratio(r.Matched, r.GTWords)
	r.Precision = ratio(r.Matched, r.PredWords)
	r.F1 = ratio(2*r.Matched, r.GTWords+r.PredWords)
	r.WER = ratio(r.WordEdits, r.GTWords)
	r.CER = ratio(r.CharEdits, r.GTChars)
	r.BagError = ratio(r.BagDiff, r.GTWords)
}

// ratio is a/b, NaN when b is 0.
func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// fuzzyAlign aligns word ids g and p (interned in v) where two words match
// when their Levenshtein ratio is >= r. Identical ids match without a
// distance; pairs whose length difference alone rules them out are
// rejected without one; other verdicts are cached per pair of ids.
func fuzzyAlign(v *align.Vocab, g, p []int32, r float64) []align.Pair {
	n := v.Len()
	runes := make([]int, n)
	for id := 0; id < n; id++ {
		runes[id] = utf8.RuneCountInString(v.Word(int32(id)))
	}
	cache := make(map[uint64]bool)
	eq := func(i, j int) bool {
		a, b := g[i], p[j]
		if a == b {
			return true
		}
		la, lb := runes[a], runes[b]
		mx := max(la, lb)
		diff := la - lb
		if diff < 0 {
			diff = -diff
		}
		// Ratio = 1 - lev/mx >= r needs lev <= (1-r)*mx, and lev >= diff.
		if float64(diff) > (1-r)*float64(mx)+1e-9 {
			return false
		}
		key := uint64(uint32(a))<<32 | uint64(uint32(b))
		if ok, hit := cache[key]; hit {
			return ok
		}
		ok := align.Ratio(v.Word(a), v.Word(b)) >= r
		cache[key] = ok
		return ok
	}
	return align.AlignFunc(len(g), len(p), eq)
}

// Summary holds the corpus figures: micro figures sum the counts of all
// documents before dividing; macro figures are the mean of the per-document
// ratios over the documents whose recall is defined (non-empty ground
// truth), each ratio skipping documents where it is undefined (a precision
// with an empty prediction).
type Summary struct {
	Options Options

	Docs         int // documents evaluated
	MacroDocs    int // documents with defined recall (in the macro means)
	NoPrediction int // documents with ground truth but no prediction

	GTWords, PredWords, Matched int
	Recall, Precision, F1       float64 // micro

	MacroRecall, MacroPrecision, MacroF1 float64
	MacroWER, MacroCER                   float64
	MacroCMER, MacroWMER                 float64 // mean of the documents' CMER, WMER

	WordEdits int
	WER       float64 // micro: sum of WordEdits / sum of GTWords
	GTChars   int
	CharEdits int
	CER       float64 // micro: sum of CharEdits / sum of GTChars
	BagDiff   int
	BagError  float64 // micro: sum of BagDiff / sum of GTWords

	CharMER, WordMER MERCounts // summed over the documents
	CMER, WMER       float64   // micro: the MER of the summed counts

	PerDoc []DocResult // in the order given to Summarize
}

// Summarize combines per-document results into corpus figures.
func Summarize(docs []DocResult, opt Options) Summary {
	s := Summary{Options: opt, Docs: len(docs), PerDoc: docs}
	var mr, mp, mf, mw, mc, mcm, mwm Mean
	for i := range docs {
		d := &docs[i]
		s.GTWords += d.GTWords
		s.PredWords += d.PredWords
		s.Matched += d.Matched
		s.WordEdits += d.WordEdits
		s.GTChars += d.GTChars
		s.CharEdits += d.CharEdits
		s.BagDiff += d.BagDiff
		s.CharMER.Add(d.CharMER)
		s.WordMER.Add(d.WordMER)
		mcm.Add(d.CMER)
		mwm.Add(d.WMER)
		if d.NoPrediction {
			s.NoPrediction++
		}
		if math.IsNaN(d.Recall) {
			continue
		}
		s.MacroDocs++
		mr.Add(d.Recall)
		mp.Add(d.Precision)
		mf.Add(d.F1)
		mw.Add(d.WER)
		mc.Add(d.CER)
	}
	s.Recall = ratio(s.Matched, s.GTWords)
	s.Precision = ratio(s.Matched, s.PredWords)
	s.F1 = ratio(2*s.Matched, s.GTWords+s.PredWords)
	s.WER = ratio(s.WordEdits, s.GTWords)
	s.CER = ratio(s.CharEdits, s.GTChars)
	s.BagError = ratio(s.BagDiff, s.GTWords)
	s.MacroRecall, s.MacroPrecision, s.MacroF1 = mr.Value(), mp.Value(), mf.Value()
	s.MacroWER, s.MacroCER = mw.Value(), mc.Value()
	s.CMER, s.WMER = s.CharMER.MER(), s.WordMER.MER()
	s.MacroCMER, s.MacroWMER = mcm.Value(), mwm.Value()
	return s
}

// Mean averages the values added, skipping NaN (a ratio with a zero
// denominator): the macro figures. The zero value is ready to use.
type Mean struct {
	sum float64
	n   int
}

// Add adds x unless it is NaN.
func (m *Mean) Add(x float64) {
	if !math.IsNaN(x) {
		m.sum += x
		m.n++
	}
}

// Value returns the mean of the values added, NaN when there are none.
func (m *Mean) Value() float64 {
	if m.n == 0 {
		return math.NaN()
	}
	return m.sum / float64(m.n)
}

// EvaluateCorpus evaluates every document of c that has ground truth
// (Doc.GT) against its primary OCR reading (Doc.OCR), documents in
// parallel, and returns the summary in the corpus order. A document with
// ground truth and no reading counts as an empty prediction (0 matched) and
// adds a warning; a reading without ground truth is left out with a
// warning.
func EvaluateCorpus(c *data.Corpus, opt Options) (Summary, []string) {
	var warnings []string
	var docs []*data.Doc
	for _, d := range c.Docs {
		switch {
		case d.GT == nil:
			warnings = append(warnings, "document "+d.Stem+": prediction without ground truth, left out")
		case d.OCR == nil:
			warnings = append(warnings, NoPredictionWarning(d.Stem))
			docs = append(docs, d)
		default:
			docs = append(docs, d)
		}
	}
	res := make([]DocResult, len(docs))
	par.Do(len(docs), 0, func(i int) {
		res[i] = EvaluateText(docs[i].Stem, docs[i].GT, docs[i].OCR, opt)
	})
	return Summarize(res, opt), warnings
}

// NoPredictionWarning is the warning of EvaluateCorpus about the document
// doc, which has ground truth and no prediction (a caller that reports
// such documents its own way, DocResult.NoPrediction, leaves it out).
func NoPredictionWarning(doc string) string {
	return "document " + doc + ": no prediction, counted as 0 words matched"
}

// ErrorReduction returns (errRaw - errCorr) / errRaw, where errors are gt
// words not matched: errRaw = gtWords - matchedRaw and errCorr = gtWords -
// matchedCorr. It is NaN when the raw text has no errors, and negative when
// the correction made things worse.
func ErrorReduction(gtWords, matchedRaw, matchedCorr int) float64 {
	return ratio(matchedCorr-matchedRaw, gtWords-matchedRaw)
}
