package experiment

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/eval/htmlreport"
	"ocrfix/model"
)

// Figures are the corpus figures of one way of correcting.
type Figures struct {
	Matched        int     `json:"matched"`
	Recall         float64 `json:"recall"`
	MacroRecall    float64 `json:"macro_recall"`
	ErrorReduction float64 `json:"error_reduction"`
	Broken         int     `json:"broken"`
	BrokenRate     float64 `json:"broken_rate"`
	CMER           float64 `json:"cmer"`           // HIPE-OCRepair character match error rate, micro
	CMERReduction  float64 `json:"cmer_reduction"` // (raw - this) / raw
	// the raw OCR's figures FiguresOf measured on the way (its truth's
	// words, its matched words, its cMER), for Compare
	gtWords, rawMatched int
	rawCMER             float64
}

// row returns the cells of f's row in the bench table, named name:
// matched, recall (micro, macro), error reduction, broken, broken rate.
func (f *Figures) row(name string) []string {
	return []string{name, strconv.Itoa(f.Matched), frac4(f.Recall), frac4(f.MacroRecall), pct1(f.ErrorReduction), strconv.Itoa(f.Broken), pct2(f.BrokenRate)}
}

// Report is the JSON of `ocrfix bench -json`.
type Report struct {
	Corpus                string     `json:"corpus"`
	Docs                  int        `json:"docs"`
	Folds                 int        `json:"folds"`
	Seed                  uint64     `json:"seed"`
	Options               string     `json:"eval_options"`
	WordLists             []string   `json:"word_lists"`
	GTWords               int        `json:"gt_words"`
	RawMatched            int        `json:"raw_matched"`
	RawRecall             float64    `json:"raw_recall"`
	RawMacroRecall        float64    `json:"raw_macro_recall"`
	CorrectedMatched      int        `json:"corrected_matched"`
	CorrectedRecall       float64    `json:"corrected_recall"`
	CorrectedMacroRecall  float64    `json:"corrected_macro_recall"`
	OracleMatched         int        `json:"oracle_matched"`
	OracleRecall          float64    `json:"oracle_recall"`
	OracleMacroRecall     float64    `json:"oracle_macro_recall"`
	ErrorReduction        float64    `json:"error_reduction"`
	Broken                int        `json:"broken"`
	BrokenRate            float64    `json:"broken_rate"`
	OracleGainCaptured    float64    `json:"oracle_gain_captured"`
	Changed               int        `json:"changed_tokens"`
	CandidatesPerToken    float64    `json:"candidates_per_token"`
	Positions             int        `json:"ocr_tokens"`
	RawCMER               float64    `json:"raw_cmer"`       // HIPE-OCRepair character match error rate, micro
	CorrectedCMER         float64    `json:"corrected_cmer"` // ... of the corrected text
	RawWMER               float64    `json:"raw_wmer"`       // word match error rate, micro
	CorrectedWMER         float64    `json:"corrected_wmer"`
	CMERReduction         float64    `json:"cmer_reduction"`   // (raw - corrected) / raw
	DocsCMERLower         int        `json:"docs_cmer_lower"`  // documents whose corrected text has a lower cMER than their raw OCR
	DocsCMERSame          int        `json:"docs_cmer_same"`   // ... the same cMER
	DocsCMERHigher        int        `json:"docs_cmer_higher"` // ... a higher cMER: made worse
	Preference            float64    `json:"preference_cmer"`  // HIPE-OCRepair's preference score: (lower - higher) / documents
	Made                  KindCounts `json:"changes_made"`
	Helped                KindCounts `json:"changes_helped"`
	Hurt                  KindCounts `json:"changes_hurt"`
	TrainSeconds          float64    `json:"train_seconds"`
	CorrectSeconds        float64    `json:"correct_seconds"`
	CorrectWordsPerSecond float64    `json:"correct_words_per_second"`
	OracleSeconds         float64    `json:"oracle_seconds"`
	Margins               []float64  `json:"margins"`
	Context               []Context  `json:"context"` // per fold: the language model's weight and band in decisions in context
	Habits                []string   `json:"habits"`  // the habits of the corrected OCR the models were adapted to (model.Model.Habits), "fold N: " first in a k-fold run
	// Noise is, per fold, how noisy the corrected OCR reads beside the
	// training OCR and the log-odds added to the margins for it
	// (model.Model.NoiseShift).
	Noise                []model.Noise `json:"noise,omitempty"`
	LeftOut              int           `json:"train_positions_left_out"`
	Labelled             int           `json:"train_positions_labelled"`
	Hunspell             *Figures      `json:"hunspell,omitempty"`
	HunspellRecall       *float64      `json:"hunspell_recall,omitempty"`
	HunspellErrReduction *float64      `json:"hunspell_error_reduction,omitempty"`
	HunspellError        string        `json:"hunspell_error,omitempty"`
	NoConfidence         *Figures      `json:"without_confidence,omitempty"`
	// Baseline holds the figures of a model trained elsewhere (bench
	// -builtin: the built-in model, no labels from the corpus) correcting
	// the same folds (CVResult.Baseline), and BaselineName names it.
	Baseline     *Figures `json:"baseline,omitempty"`
	BaselineName string   `json:"baseline_name,omitempty"`
	Seconds      float64  `json:"seconds"`

	raws, corrs []eval.DocResult // each document's evaluation, for WriteDir
}

// KindCounts counts changes by kind (eval.Kind); it is a JSON object
// keyed by the kind's name.
type KindCounts [eval.NumKinds]int

// MarshalJSON writes the counts as an object keyed by the kinds' names.
func (k KindCounts) MarshalJSON() ([]byte, error) {
	m := make(map[string]int, len(eval.Kinds))
	for _, kind := range eval.Kinds {
		m[kind.String()] = k[kind]
	}
	return json.Marshal(m)
}

// TransferReport is the JSON of bench -transfer and -train/-test: one
// report per corrected collection.
type TransferReport struct {
	Mode        string   `json:"mode"`
	Seed        uint64   `json:"seed"`
	Options     string   `json:"eval_options"`
	WordLists   []string `json:"word_lists"`
	Collections []Report `json:"collections"`
	All         Report   `json:"all"`
	Seconds     float64  `json:"seconds"`
}

// WriteTable writes the report as the table ocrfix bench prints.
func (r *Report) WriteTable(w io.Writer) error {
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
		fmt.Fprintln(tw, strings.Join(h.row("Hunspell 1st suggestion"), "\t")+"\t")
	}
	fmt.Fprintf(tw, "ocrfix corrected\t%d\t%s\t%s\t%s\t%d\t%s\t\n", r.CorrectedMatched, frac4(r.CorrectedRecall), frac4(r.CorrectedMacroRecall), pct1(r.ErrorReduction), r.Broken, pct2(r.BrokenRate))
	if r.NoConfidence != nil {
		n := r.NoConfidence
		fmt.Fprintln(tw, strings.Join(n.row("ocrfix without confidences"), "\t")+"\t")
	}
	if b := r.Baseline; b != nil {
		fmt.Fprintln(tw, strings.Join(b.row(r.BaselineName), "\t")+"\t")
	}
	fmt.Fprintf(tw, "oracle (best candidate path)\t%d\t%s\t%s\t%s\t\t\t\n", r.OracleMatched, frac4(r.OracleRecall), frac4(r.OracleMacroRecall), pct1(eval.ErrorReduction(r.GTWords, r.RawMatched, r.OracleMatched)))
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\noracle gain captured: %s (corrected - raw) / (oracle - raw)\n", pct1(r.OracleGainCaptured))
	fmt.Fprintf(w, "HIPE-OCRepair match error rates (micro): cMER %s -> %s (%s lower), wMER %s -> %s\n", frac4(r.RawCMER), frac4(r.CorrectedCMER), pct1(r.CMERReduction), frac4(r.RawWMER), frac4(r.CorrectedWMER))
	fmt.Fprintf(w, "documents by cMER against their raw OCR: %d lower, %d the same, %d higher (HIPE-OCRepair's preference score %s)\n", r.DocsCMERLower, r.DocsCMERSame, r.DocsCMERHigher, signed3(r.Preference))
	if b := r.Baseline; b != nil {
		fmt.Fprintf(w, "%s (the same folds): cMER %s -> %s (%s lower)\n", r.BaselineName, frac4(r.RawCMER), frac4(b.CMER), pct1(b.CMERReduction))
	}
	fmt.Fprintf(w, "tokens changed: %d; candidates per token: %.1f; do-no-harm margins (log-odds) per fold: %s\n", r.Changed, r.CandidatesPerToken, FormatMargins(r.Margins))
	fmt.Fprintf(w, "decisions in context, language model weight/band per fold: %s\n", FormatContext(r.Context))
	fmt.Fprintf(w, "habits of the OCR adapted to: %s\n", formatHabits(r.Habits))
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

// formatHabits joins habit notes for a table ("none" for none).
func formatHabits(hs []string) string {
	if len(hs) == 0 {
		return "none"
	}
	return strings.Join(hs, "; ")
}

// habitNotes returns the notes of cv's habits: each fold's (or, with
// fold >= 0, fold fold's), prefixed by "fold N: " in a k-fold run (fold <
// 0 and more than one fold).
func habitNotes(cv *CVResult, fold int) []string {
	var out []string
	for f, hs := range cv.Habits {
		if fold >= 0 && f != fold {
			continue
		}
		for _, h := range candgen.Describe(hs) {
			if fold < 0 && len(cv.Habits) > 1 {
				out = append(out, fmt.Sprintf("fold %d: %s", f+1, h))
			} else {
				out = append(out, h)
			}
		}
	}
	return out
}

// formatNoise describes the margins raised for a collection whose OCR
// reads cleaner than the training OCR (model.Model.NoiseShift), " raised
// by X (...);", one clause per fold that raised them; "" when none did.
func formatNoise(ns []model.Noise) string {
	var b strings.Builder
	for _, n := range ns {
		if n.Shift > 0 {
			fmt.Fprintf(&b, " raised by %.2f (%.2f%% of the OCR's words in small letters unknown, against %.2f%% in training);", n.Shift, 100*n.Collection.Share(), 100*n.Training.Share())
		}
	}
	return b.String()
}

// Context is a model's choice for decisions in context: the weight of the
// English language model (model.Model.Context; 0: each position decided
// alone) and the band (model.Model.ContextBand).
type Context struct {
	Weight float64 `json:"weight"`
	Band   float64 `json:"band"`
}

// ContextOf returns m's choice for decisions in context.
func ContextOf(m *model.Model) Context { return Context{m.Context, m.ContextBand} }

// FormatContext formats choices for a table: weight/band, each in the
// fewest digits that give its value ("off" for weight 0), separated by
// spaces.
func FormatContext(cs []Context) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		if c.Weight == 0 {
			s += "off"
		} else {
			s += strconv.FormatFloat(c.Weight, 'f', -1, 64) + "/" + strconv.FormatFloat(c.Band, 'f', -1, 64)
		}
	}
	return s
}

// FormatMargins formats margins for a table: two decimals, "never" for
// +Inf, separated by spaces.
func FormatMargins(ms []float64) string {
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

// signed3 writes x with its sign and three decimals ("n/a" for NaN).
func signed3(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%+.3f", x)
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
func (r Report) jsonForm() map[string]any {
	m := map[string]any{}
	v := reflect.ValueOf(r)
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if !t.Field(i).IsExported() {
			continue
		}
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
			if t.Field(i).IsExported() { // as jsonForm: unexported fields are no figures of the JSON
				m[strings.Split(t.Field(i).Tag.Get("json"), ",")[0]] = jsonValue(f.Field(i))
			}
		}
		return m
	}
	return f.Interface()
}

// Add adds the figures of the outcomes docs into r and returns the
// evaluation of each document's raw and corrected text.
func (r *Report) Add(docs []DocOutcome, evalOpt eval.Options) (raws, corrs []eval.DocResult) {
	var rawMacro, corrMacro, oracleMacro eval.Mean
	var rawC, corrC, rawW, corrW eval.MERCounts
	cands := 0
	for _, o := range docs {
		raw := eval.EvaluateDoc(o.Stem, o.GT, o.Raw, evalOpt)
		k := eval.EvaluateDoc(o.Stem, o.GT, o.Corrected, evalOpt)
		raws, corrs = append(raws, raw), append(corrs, k)
		switch {
		case k.CMER < raw.CMER:
			r.DocsCMERLower++
		case k.CMER > raw.CMER:
			r.DocsCMERHigher++
		default: // equal, or either undefined (a document without characters)
			r.DocsCMERSame++
		}
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
	r.Preference = ratio(r.DocsCMERLower-r.DocsCMERHigher, r.DocsCMERLower+r.DocsCMERSame+r.DocsCMERHigher)
	return raws, corrs
}

// FiguresOf evaluates one way of correcting the documents against their
// ground truth and their raw OCR.
func FiguresOf(docs []DocOutcome, corrected func(DocOutcome) []string, opt eval.Options) Figures {
	var f Figures
	var macro eval.Mean
	var rawC, corrC eval.MERCounts
	gtWords, rawMatched := 0, 0
	for _, o := range docs {
		out := corrected(o)
		k := eval.EvaluateDoc(o.Stem, o.GT, out, opt)
		rawC.Add(eval.EvaluateDoc(o.Stem, o.GT, o.Raw, opt).CharMER)
		corrC.Add(k.CharMER)
		matchedRaw, _, broken := eval.Broken(o.GT, o.Raw, out, opt)
		gtWords += k.GTWords
		rawMatched += matchedRaw
		f.Matched += k.Matched
		f.Broken += broken
		macro.Add(k.Recall)
	}
	f.gtWords, f.rawMatched, f.rawCMER = gtWords, rawMatched, rawC.MER()
	f.Recall = ratio(f.Matched, gtWords)
	f.MacroRecall = macro.Value()
	f.ErrorReduction = eval.ErrorReduction(gtWords, rawMatched, f.Matched)
	f.BrokenRate = ratio(f.Broken, rawMatched)
	if c := corrC.MER(); !math.IsNaN(c) { // NaN: no characters at all
		f.CMER = c
		if r := rawC.MER(); r > 0 {
			f.CMERReduction = (r - c) / r
		}
	}
	return f
}

// WriteTable writes the report as the table ocrfix bench -transfer prints.
func (r *TransferReport) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "ocrfix bench: %s, seed %d\n", r.Mode, r.Seed)
	lex := "the training truth"
	if len(r.WordLists) > 0 {
		lex += " and " + strings.Join(r.WordLists, ", ")
	}
	fmt.Fprintf(w, "lexicon: %s\n", lex)
	fmt.Fprintf(w, "word recall by the order-preserving alignment (%s); cMER: the HIPE-OCRepair character match error rate (micro)\n\n", r.Options)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "corrected collection\tdocs\tgt words\traw\tcorrected\terror reduction\tbroken\tbroken rate\toracle\tchanged\tcMER raw\tcMER corrected\tcMER reduction\tdocs cMER lower/same/higher\t")
	rows := append(slices.Clone(r.Collections), r.All)
	for _, c := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t%d/%d/%d\t\n", filepath.Base(c.Corpus), c.Docs, c.GTWords, frac4(c.RawRecall), frac4(c.CorrectedRecall),
			pct1(c.ErrorReduction), c.Broken, pct2(c.BrokenRate), frac4(c.OracleRecall), c.Changed, frac4(c.RawCMER), frac4(c.CorrectedCMER), pct1(c.CMERReduction),
			c.DocsCMERLower, c.DocsCMERSame, c.DocsCMERHigher)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nchanges by kind: made / helped / hurt (a change helps when the truth matches the corrected words and not the OCR's)\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "corrected collection\t"
	for _, k := range eval.Kinds {
		head += k.String() + "\t"
	}
	fmt.Fprintln(tw, head)
	for _, c := range rows {
		line := filepath.Base(c.Corpus) + "\t"
		for _, k := range eval.Kinds {
			line += fmt.Sprintf("%d / %d / %d\t", c.Made[k], c.Helped[k], c.Hurt[k])
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nmargins per kind of change (log-odds; %s), the language model's weight/band in decisions in context, the margins raised for an OCR cleaner than the training OCR, and the habits of the OCR the model was adapted to:\n", KindList())
	for _, c := range r.Collections {
		fmt.Fprintf(w, "  %s: %s; in context %s;%s habits adapted to: %s\n", filepath.Base(c.Corpus), FormatMargins(c.Margins), FormatContext(c.Context), formatNoise(c.Noise), formatHabits(c.Habits))
	}
	a := r.All
	fmt.Fprintf(w, "time: train %.1f s, correct %.1f s = %.0f words/s, oracle %.1f s, total %.1f s\n", a.TrainSeconds, a.CorrectSeconds, a.CorrectWordsPerSecond, a.OracleSeconds, r.Seconds)
	return nil
}

// KindList names the kinds of change in report order, then says that the
// same kinds follow for changes the collection's profile does not support.
func KindList() string {
	var s []string
	for _, k := range eval.Kinds {
		s = append(s, k.String())
	}
	return strings.Join(s, ", ") + "; then the same where the collection's profile does not support the change"
}

// KindMargins returns a model's margins in the order of eval.Kinds, for
// the changes the profile supports, then for those it does not.
func KindMargins(m *model.Model) []float64 {
	var ms []float64
	for _, off := range []int{0, int(eval.NumKinds)} {
		for _, k := range eval.Kinds {
			ms = append(ms, m.Margins[off+int(k)])
		}
	}
	return ms
}

// WriteHTML writes DIR/index.html and DIR/docs/ of a benchmark: the
// summary as the bench table prints it, and the held-out documents of cv.
// provenance names the program, the model and the word lists.
func (r *Report) WriteHTML(dir string, cv *CVResult, provenance string, opt eval.Options) error {
	var text bytes.Buffer
	if err := r.WriteTable(&text); err != nil {
		return err
	}
	sum := htmlreport.Table{Header: []string{"", "matched", "recall (micro)", "recall (macro)", "error reduction", "broken", "broken rate"}}
	sum.Rows = append(sum.Rows, []string{"raw OCR", strconv.Itoa(r.RawMatched), frac4(r.RawRecall), frac4(r.RawMacroRecall), "", "", ""})
	if h := r.Hunspell; h != nil {
		sum.Rows = append(sum.Rows, h.row("Hunspell 1st suggestion"))
	}
	sum.Rows = append(sum.Rows, []string{"ocrfix corrected", strconv.Itoa(r.CorrectedMatched), frac4(r.CorrectedRecall), frac4(r.CorrectedMacroRecall), pct1(r.ErrorReduction), strconv.Itoa(r.Broken), pct2(r.BrokenRate)})
	if n := r.NoConfidence; n != nil {
		sum.Rows = append(sum.Rows, n.row("ocrfix without confidences"))
	}
	if b := r.Baseline; b != nil {
		sum.Rows = append(sum.Rows, b.row(r.BaselineName))
	}
	sum.Rows = append(sum.Rows, []string{"oracle (best candidate path)", strconv.Itoa(r.OracleMatched), frac4(r.OracleRecall), frac4(r.OracleMacroRecall), pct1(eval.ErrorReduction(r.GTWords, r.RawMatched, r.OracleMatched)), "", ""})
	h := &htmlreport.Header{
		Title:      fmt.Sprintf("ocrfix bench: %s, %d documents, %d folds", r.Corpus, r.Docs, r.Folds),
		Provenance: provenance,
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
			d.Cands[p] = HTMLCands(cs)
		}
		docs[i] = d
	}
	return htmlreport.WriteBench(dir, h, docs, opt)
}

// HTMLCands turns ranked candidates into those of an HTML report page.
func HTMLCands(cs []model.Scored) []htmlreport.Cand {
	out := make([]htmlreport.Cand, len(cs))
	for i, c := range cs {
		out[i] = htmlreport.Cand{Text: c.Text, Span: c.Span, Score: c.Score}
	}
	return out
}

// NewReport returns the report of a k-fold cross-validation cv of the
// corpus named corpus (seed and wordLists as the models were trained, opt
// the word comparison): the figures of the raw, corrected and oracle text,
// the timings, and each fold's margin and labelling counts. Seconds is
// left to the caller.
func NewReport(corpus string, cv *CVResult, seed uint64, wordLists []string, opt eval.Options) *Report {
	rep := &Report{Corpus: corpus, Docs: len(cv.Docs), Folds: cv.Folds, Seed: seed, Options: opt.String(), WordLists: wordLists}
	rep.raws, rep.corrs = rep.Add(cv.Docs, opt)
	rep.TrainSeconds, rep.CorrectSeconds, rep.OracleSeconds = cv.TrainSeconds, cv.CorrectSeconds, cv.OracleSeconds
	rep.CorrectWordsPerSecond = float64(rep.Positions) / cv.CorrectSeconds
	for _, m := range cv.Models {
		rep.Margins = append(rep.Margins, m.Margin)
		rep.Context = append(rep.Context, ContextOf(m))
		rep.LeftOut += m.Stats.LeftOut
		rep.Labelled += m.Stats.Labelled
	}
	rep.Habits = habitNotes(cv, -1)
	if slices.ContainsFunc(cv.Noise, func(n model.Noise) bool { return n.Training.Words > 0 }) {
		rep.Noise = cv.Noise
	}
	if len(cv.Docs) > 0 && cv.Docs[0].CorrectedNoConf != nil {
		f := FiguresOf(cv.Docs, func(o DocOutcome) []string { return o.CorrectedNoConf }, opt)
		rep.NoConfidence = &f
	}
	return rep
}

// SetHunspell records the figures of the Hunspell baseline.
func (r *Report) SetHunspell(f Figures) {
	r.Hunspell = &f
	r.HunspellRecall, r.HunspellErrReduction = &f.Recall, &f.ErrorReduction
}

// WriteJSON writes the report as ocrfix bench -json prints it (NaN and
// infinities as null).
func (r *Report) WriteJSON(w io.Writer) error {
	return writeJSON(w, r.jsonForm())
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteDir writes the reports of ocrfix bench -report DIR: the eval
// reports (eval.WriteReport) of the raw text in DIR/raw and of the
// corrected text in DIR/corrected, and the HTML pages (WriteHTML).
func (r *Report) WriteDir(dir string, cv *CVResult, provenance string, opt eval.Options) error {
	for _, side := range []struct {
		name string
		docs []eval.DocResult
	}{{"raw", r.raws}, {"corrected", r.corrs}} {
		sub := filepath.Join(dir, side.name)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		if err := eval.WriteReport(sub, eval.Summarize(side.docs, opt)); err != nil {
			return err
		}
	}
	return r.WriteHTML(dir, cv, provenance, opt)
}

// NewTransferReport returns the report of a transfer run cv (Transfer or
// LeaveOneOut): one Report per corrected collection, names[f] being the
// collection of fold f, and one over all of them. mode says what was run.
// Seconds is left to the caller.
func NewTransferReport(mode string, names []string, cv *CVResult, seed uint64, wordLists []string, opt eval.Options) *TransferReport {
	rep := &TransferReport{Mode: mode, Seed: seed, Options: opt.String(), WordLists: wordLists}
	for f, name := range names {
		var docs []DocOutcome
		for _, o := range cv.Docs {
			if o.Fold == f {
				docs = append(docs, o)
			}
		}
		r := Report{Corpus: name, Docs: len(docs), Folds: 1, Seed: seed, Options: opt.String(), WordLists: wordLists}
		r.Add(docs, opt)
		if f < len(cv.Models) {
			m := cv.Models[f]
			r.Margins = KindMargins(m)
			r.Context = []Context{ContextOf(m)}
			r.Habits = habitNotes(cv, f)
			if f < len(cv.Noise) && cv.Noise[f].Training.Words > 0 {
				r.Noise = []model.Noise{cv.Noise[f]}
			}
			r.Labelled, r.LeftOut = m.Stats.Labelled, m.Stats.LeftOut
		}
		rep.Collections = append(rep.Collections, r)
	}
	rep.All = Report{Corpus: "all", Docs: len(cv.Docs), Folds: len(names), Seed: seed, Options: opt.String(), WordLists: wordLists}
	rep.All.Add(cv.Docs, opt)
	rep.All.TrainSeconds, rep.All.CorrectSeconds, rep.All.OracleSeconds = cv.TrainSeconds, cv.CorrectSeconds, cv.OracleSeconds
	rep.All.CorrectWordsPerSecond = float64(rep.All.Positions) / cv.CorrectSeconds
	return rep
}

// WriteJSON writes the report as ocrfix bench -transfer -json prints it.
func (r *TransferReport) WriteJSON(w io.Writer) error {
	cs := make([]any, len(r.Collections))
	for i, c := range r.Collections {
		cs[i] = c.jsonForm()
	}
	return writeJSON(w, map[string]any{"mode": r.Mode, "seed": r.Seed, "eval_options": r.Options, "word_lists": r.WordLists,
		"collections": cs, "all": r.All.jsonForm(), "seconds": jnum(r.Seconds)})
}
