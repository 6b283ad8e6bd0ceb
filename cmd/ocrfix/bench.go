package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime/pprof"
	"strings"
	"text/tabwriter"
	"time"

	"ocrfix/eval"
	"ocrfix/model"
)

func init() {
	register(command{name: "bench", summary: "k-fold benchmark: train, correct held-out documents, compare with raw OCR and the oracle", run: runBench})
}

// benchFigures are the corpus figures of one way of correcting.
type benchFigures struct {
	Matched        int     `json:"matched"`
	Recall         float64 `json:"recall"`
	MacroRecall    float64 `json:"macro_recall"`
	ErrorReduction float64 `json:"error_reduction"`
	Broken         int     `json:"broken"`
	BrokenRate     float64 `json:"broken_rate"`
}

// benchReport is the JSON of `ocrfix bench -json`.
type benchReport struct {
	Corpus                string        `json:"corpus"`
	Docs                  int           `json:"docs"`
	Folds                 int           `json:"folds"`
	Seed                  uint64        `json:"seed"`
	Options               string        `json:"eval_options"`
	WordLists             []string      `json:"word_lists"`
	GTWords               int           `json:"gt_words"`
	RawMatched            int           `json:"raw_matched"`
	RawRecall             float64       `json:"raw_recall"`
	RawMacroRecall        float64       `json:"raw_macro_recall"`
	CorrectedMatched      int           `json:"corrected_matched"`
	CorrectedRecall       float64       `json:"corrected_recall"`
	CorrectedMacroRecall  float64       `json:"corrected_macro_recall"`
	OracleMatched         int           `json:"oracle_matched"`
	OracleRecall          float64       `json:"oracle_recall"`
	OracleMacroRecall     float64       `json:"oracle_macro_recall"`
	ErrorReduction        float64       `json:"error_reduction"`
	Broken                int           `json:"broken"`
	BrokenRate            float64       `json:"broken_rate"`
	OracleGainCaptured    float64       `json:"oracle_gain_captured"`
	Changed               int           `json:"changed_tokens"`
	CandidatesPerToken    float64       `json:"candidates_per_token"`
	Positions             int           `json:"ocr_tokens"`
	RawCMER               float64       `json:"raw_cmer"`       // HIPE-OCRepair character match error rate, micro
	CorrectedCMER         float64       `json:"corrected_cmer"` // ... of the corrected text
	RawWMER               float64       `json:"raw_wmer"`       // word match error rate, micro
	CorrectedWMER         float64       `json:"corrected_wmer"`
	CMERReduction         float64       `json:"cmer_reduction"` // (raw - corrected) / raw
	Made                  kindCounts    `json:"changes_made"`
	Helped                kindCounts    `json:"changes_helped"`
	Hurt                  kindCounts    `json:"changes_hurt"`
	TrainSeconds          float64       `json:"train_seconds"`
	CorrectSeconds        float64       `json:"correct_seconds"`
	CorrectWordsPerSecond float64       `json:"correct_words_per_second"`
	OracleSeconds         float64       `json:"oracle_seconds"`
	Margins               []float64     `json:"margins"`
	LeftOut               int           `json:"train_positions_left_out"`
	Labelled              int           `json:"train_positions_labelled"`
	Hunspell              *benchFigures `json:"hunspell,omitempty"`
	HunspellRecall        *float64      `json:"hunspell_recall,omitempty"`
	HunspellErrReduction  *float64      `json:"hunspell_error_reduction,omitempty"`
	HunspellError         string        `json:"hunspell_error,omitempty"`
	NoConfidence          *benchFigures `json:"without_confidence,omitempty"`
	Seconds               float64       `json:"seconds"`
}

func runBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "bench [-corpus DIR] [-folds 5] [-seed 1] [-json] [-report DIR] [-peers]\n       bench -train DIR [-train DIR...] -test DIR\n       bench -transfer [-collection DIR...]", stderr)
	corpus := fs.String("corpus", "", "corpus directory with gt/ and ocr/ (default: the embedded corpus)")
	var trainDirs, collDirs stringList
	fs.Var(&trainDirs, "train", "transfer: train on this collection (repeatable; \"embedded\" is the embedded corpus), correct -test with no labels from it")
	testDir := fs.String("test", "", "transfer: the collection to correct and score (its truth is used only to score)")
	transfer := fs.Bool("transfer", false, "leave-one-collection-out over the -collection directories: each corrected by a model trained on the others")
	fs.Var(&collDirs, "collection", "a collection for -transfer (repeatable; default: the embedded corpus, data/collections/* and ../shared/data/* where present)")
	folds := fs.Int("folds", 5, "number of folds (whole documents)")
	seed := fs.Uint64("seed", 1, "seed of the fold split and of every random choice")
	asJSON := fs.Bool("json", false, "print the figures as JSON on stdout")
	report := fs.String("report", "", "write DIR/index.html (with a page per document) and the eval reports of the raw and the corrected text in DIR/raw and DIR/corrected")
	peers := fs.Bool("peers", false, "also correct with Hunspell's first suggestion (needs hunspell, hunspell-en-us)")
	dict := fs.String("dict", "en_US", "Hunspell dictionary for -peers")
	noLDA := fs.Bool("no-lda", false, "train no topic model")
	noVec := fs.Bool("no-vectors", false, "train no word vectors")
	noEng := fs.Bool("no-english", false, "leave out the English language and word-shape features (to measure what they add)")
	lexicons := addWordListFlags(fs, "")
	allow := fs.Bool("allow-unpaired", false, "use the documents present on both sides when stems differ")
	maxDocs := fs.Int("max-docs", 0, "use only the first N documents (0: all)")
	noConfCompare := fs.Bool("no-confidence-compare", false, "on a corpus with word confidences, do not also fit and report a ranker without the confidence features")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to FILE (for developers)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	if *folds < 2 {
		return usagef("-folds must be at least 2")
	}
	start := time.Now()
	if (len(trainDirs) > 0) != (*testDir != "") {
		return usagef("-train and -test go together")
	}
	if *transfer || *testDir != "" {
		if *corpus != "" || *peers || *maxDocs > 0 {
			return usagef("-corpus, -peers and -max-docs are for the k-fold bench, not with -transfer or -train/-test")
		}
		return runTransfer(transferArgs{train: trainDirs, test: *testDir, colls: collDirs, seed: *seed, noLDA: *noLDA, noVec: *noVec, noEng: *noEng,
			lexicons: lexicons, allow: *allow, json: *asJSON, start: start}, stdout, stderr)
	}
	c, err := loadCorpus(*corpus, *allow, stderr)
	if err != nil {
		return err
	}
	if *maxDocs > 0 && *maxDocs < len(c.Docs) {
		idx := make([]int, *maxDocs)
		for i := range idx {
			idx[i] = i
		}
		c = c.Subset(idx)
	}
	opt := model.DefaultOptions()
	opt.Seed = *seed
	opt.NoLDA, opt.NoVectors = *noLDA, *noVec
	opt.Features.NoEnglish = *noEng
	lexFiles, err := addLexicons(&opt, lexicons)
	if err != nil {
		return err
	}
	pb := newProgress(stderr)
	opt.Progress = pb.update
	opt.AlsoWithoutConfidence = !*noConfCompare
	evalOpt := eval.Options{}
	cv, err := model.CrossValidate(c, *folds, opt, evalOpt)
	pb.done()
	if err != nil {
		return err
	}
	rep := benchReport{Corpus: c.Name, Docs: len(cv.Docs), Folds: cv.Folds, Seed: *seed, Options: evalOpt.String(), WordLists: lexFiles}
	raws, corrs := rep.add(cv.Docs, evalOpt)
	rep.TrainSeconds, rep.CorrectSeconds, rep.OracleSeconds = cv.TrainSeconds, cv.CorrectSeconds, cv.OracleSeconds
	rep.CorrectWordsPerSecond = float64(rep.Positions) / cv.CorrectSeconds
	for _, m := range cv.Models {
		rep.Margins = append(rep.Margins, m.Margin)
		rep.LeftOut += m.Stats.LeftOut
		rep.Labelled += m.Stats.Labelled
	}
	if cv.Docs[0].CorrectedNoConf != nil {
		f := figuresOf(cv.Docs, func(o model.DocOutcome) []string { return o.CorrectedNoConf }, evalOpt)
		rep.NoConfidence = &f
	}
	if *peers {
		docs := make([][]string, len(cv.Docs))
		for i, o := range cv.Docs {
			docs[i] = o.Raw
		}
		if err := hunspellAvailable(*dict); err != nil {
			rep.HunspellError = err.Error()
			fmt.Fprintln(stderr, "warning: -peers:", err)
		} else {
			hp, err := newHunspellPeer(*dict, docs)
			if err != nil {
				return err
			}
			f := figuresOf(cv.Docs, func(o model.DocOutcome) []string { return hp.correct(o.Raw) }, evalOpt)
			rep.Hunspell = &f
			rep.HunspellRecall, rep.HunspellErrReduction = &f.Recall, &f.ErrorReduction
		}
	}
	if *report != "" {
		for _, side := range []struct {
			name string
			docs []eval.DocResult
		}{{"raw", raws}, {"corrected", corrs}} {
			dir := filepath.Join(*report, side.name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			if err := eval.WriteReport(dir, eval.Summarize(side.docs, evalOpt)); err != nil {
				return err
			}
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	if *report != "" {
		if err := writeBenchHTML(*report, &rep, cv, evalOpt); err != nil {
			return err
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep.jsonForm())
	}
	return writeBenchTable(stdout, &rep)
}

func writeBenchTable(w io.Writer, r *benchReport) error {
	fmt.Fprintf(w, "ocrfix bench: %s, %d documents, %d folds by whole document, seed %d\n", r.Corpus, r.Docs, r.Folds, r.Seed)
	lex := "the training truth"
	if len(r.WordLists) > 0 {
		lex += " and " + strings.Join(r.WordLists, ", ")
	}
	fmt.Fprintf(w, "lexicon: %s\n", lex)
	fmt.Fprintf(w, "word recall by the order-preserving alignment (%s); %d ground-truth words\n\n", r.Options, r.GTWords)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\tmatched\trecall (micro)\trecall (macro)\terror reduction\tbroken\tbroken rate\t")
	fmt.Fprintf(tw, "raw OCR\t%d\t%s\t%s\t\t\t\t\n", r.RawMatched, frac4(r.RawRecall), frac4(r.RawMacroRecall))
	if r.Hunspell != nil {
		h := r.Hunspell
		fmt.Fprintf(tw, "Hunspell 1st suggestion\t%d\t%s\t%s\t%s\t%d\t%s\t\n", h.Matched, frac4(h.Recall), frac4(h.MacroRecall), pct1(h.ErrorReduction), h.Broken, pct2(h.BrokenRate))
	}
	fmt.Fprintf(tw, "ocrfix corrected\t%d\t%s\t%s\t%s\t%d\t%s\t\n", r.CorrectedMatched, frac4(r.CorrectedRecall), frac4(r.CorrectedMacroRecall), pct1(r.ErrorReduction), r.Broken, pct2(r.BrokenRate))
	if r.NoConfidence != nil {
		n := r.NoConfidence
		fmt.Fprintf(tw, "ocrfix without confidences\t%d\t%s\t%s\t%s\t%d\t%s\t\n", n.Matched, frac4(n.Recall), frac4(n.MacroRecall), pct1(n.ErrorReduction), n.Broken, pct2(n.BrokenRate))
	}
	fmt.Fprintf(tw, "oracle (best candidate path)\t%d\t%s\t%s\t%s\t\t\t\n", r.OracleMatched, frac4(r.OracleRecall), frac4(r.OracleMacroRecall), pct1(eval.ErrorReduction(r.GTWords, r.RawMatched, r.OracleMatched)))
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\noracle gain captured: %s (corrected - raw) / (oracle - raw)\n", pct1(r.OracleGainCaptured))
	fmt.Fprintf(w, "HIPE-OCRepair match error rates (micro): cMER %s -> %s (%s lower), wMER %s -> %s\n", frac4(r.RawCMER), frac4(r.CorrectedCMER), pct1(r.CMERReduction), frac4(r.RawWMER), frac4(r.CorrectedWMER))
	fmt.Fprintf(w, "tokens changed: %d; candidates per token: %.1f; do-no-harm margins (log-odds) per fold: %s\n", r.Changed, r.CandidatesPerToken, fmtMargins(r.Margins))
	fmt.Fprintf(w, "changes by kind, made / helped / hurt:")
	for _, k := range eval.Kinds {
		fmt.Fprintf(w, " %s %d/%d/%d", k, r.Made[k], r.Helped[k], r.Hurt[k])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "training positions labelled: %d, left out (alignment could not label): %d\n", r.Labelled, r.LeftOut)
	fmt.Fprintf(w, "time: train %.1f s (all folds), correct %.1f s = %.0f words/s, oracle %.1f s, total %.1f s\n", r.TrainSeconds, r.CorrectSeconds, r.CorrectWordsPerSecond, r.OracleSeconds, r.Seconds)
	if r.HunspellError != "" {
		fmt.Fprintf(w, "Hunspell baseline not run: %s\n", r.HunspellError)
	}
	return nil
}

func fmtMargins(ms []float64) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += " "
		}
		if math.IsInf(m, 1) {
			s += "never"
		} else {
			s += fmt.Sprintf("%.2f", m)
		}
	}
	return s
}

func frac4(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.4f", x)
}

func pct1(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

func pct2(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f%%", 100*x)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// jnum is a float64 that JSON-encodes NaN and infinities as null.
type jnum float64

func (x jnum) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(f)
}

// jsonForm returns the report with every float as a jnum, so NaN (an
// undefined ratio) and +Inf (a "never replace" margin) become null.
func (r benchReport) jsonForm() map[string]any {
	m := map[string]any{}
	v := reflect.ValueOf(r)
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		name := strings.Split(t.Field(i).Tag.Get("json"), ",")[0]
		f := v.Field(i)
		if strings.HasSuffix(t.Field(i).Tag.Get("json"), "omitempty") && f.IsZero() {
			continue
		}
		m[name] = jsonValue(f)
	}
	return m
}

func jsonValue(f reflect.Value) any {
	switch f.Kind() {
	case reflect.Float64:
		return jnum(f.Float())
	case reflect.Slice:
		out := make([]any, f.Len())
		for i := range out {
			out[i] = jsonValue(f.Index(i))
		}
		return out
	case reflect.Pointer:
		if f.IsNil() {
			return nil
		}
		return jsonValue(f.Elem())
	case reflect.Struct:
		m := map[string]any{}
		t := f.Type()
		for i := 0; i < t.NumField(); i++ {
			m[strings.Split(t.Field(i).Tag.Get("json"), ",")[0]] = jsonValue(f.Field(i))
		}
		return m
	}
	return f.Interface()
}

// add computes the figures of the outcomes docs into r and returns the
// evaluation of each document's raw and corrected text.
func (r *benchReport) add(docs []model.DocOutcome, evalOpt eval.Options) (raws, corrs []eval.DocResult) {
	var rawMacro, corrMacro, oracleMacro eval.Mean
	var rawC, corrC, rawW, corrW eval.MERCounts
	cands := 0
	for _, o := range docs {
		raw := eval.EvaluateDoc(o.Stem, o.GT, o.Raw, evalOpt)
		k := eval.EvaluateDoc(o.Stem, o.GT, o.Corrected, evalOpt)
		raws, corrs = append(raws, raw), append(corrs, k)
		rawC.Add(raw.CharMER)
		rawW.Add(raw.WordMER)
		corrC.Add(k.CharMER)
		corrW.Add(k.WordMER)
		_, _, broken := eval.Broken(o.GT, o.Raw, o.Corrected, evalOpt)
		r.GTWords += raw.GTWords
		r.RawMatched += raw.Matched
		r.CorrectedMatched += k.Matched
		r.OracleMatched += o.Oracle
		r.Broken += broken
		r.Changed += o.Changed
		rawMacro.Add(raw.Recall)
		corrMacro.Add(k.Recall)
		if raw.GTWords > 0 {
			oracleMacro.Add(float64(o.Oracle) / float64(raw.GTWords))
		}
		r.Positions += o.Positions
		cands += o.Cands
		for kind, t := range o.Kinds {
			r.Made[kind] += t.Changes
			r.Helped[kind] += t.Helped
			r.Hurt[kind] += t.Hurt
		}
	}
	r.RawRecall = ratio(r.RawMatched, r.GTWords)
	r.CorrectedRecall = ratio(r.CorrectedMatched, r.GTWords)
	r.OracleRecall = ratio(r.OracleMatched, r.GTWords)
	r.RawMacroRecall, r.CorrectedMacroRecall, r.OracleMacroRecall = rawMacro.Value(), corrMacro.Value(), oracleMacro.Value()
	r.ErrorReduction = eval.ErrorReduction(r.GTWords, r.RawMatched, r.CorrectedMatched)
	r.BrokenRate = ratio(r.Broken, r.RawMatched)
	r.OracleGainCaptured = ratio(r.CorrectedMatched-r.RawMatched, r.OracleMatched-r.RawMatched)
	r.CandidatesPerToken = ratio(cands, r.Positions)
	r.RawCMER, r.CorrectedCMER, r.RawWMER, r.CorrectedWMER = rawC.MER(), corrC.MER(), rawW.MER(), corrW.MER()
	r.CMERReduction = (r.RawCMER - r.CorrectedCMER) / r.RawCMER
	return raws, corrs
}

// figuresOf evaluates one way of correcting the documents against their
// ground truth and their raw OCR.
func figuresOf(docs []model.DocOutcome, corrected func(model.DocOutcome) []string, opt eval.Options) benchFigures {
	var f benchFigures
	var macro eval.Mean
	gtWords, rawMatched := 0, 0
	for _, o := range docs {
		out := corrected(o)
		k := eval.EvaluateDoc(o.Stem, o.GT, out, opt)
		matchedRaw, _, broken := eval.Broken(o.GT, o.Raw, out, opt)
		gtWords += k.GTWords
		rawMatched += matchedRaw
		f.Matched += k.Matched
		f.Broken += broken
		macro.Add(k.Recall)
	}
	f.Recall = ratio(f.Matched, gtWords)
	f.MacroRecall = macro.Value()
	f.ErrorReduction = eval.ErrorReduction(gtWords, rawMatched, f.Matched)
	f.BrokenRate = ratio(f.Broken, rawMatched)
	return f
}
