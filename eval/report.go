package eval

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"ocrfix/align"
	"ocrfix/data"
)

// pct formats a ratio as a percentage with two decimals, "n/a" when NaN.
func pct(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', 2, 64)
}

// frac formats a ratio with six decimals, "n/a" when NaN.
func frac(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(x, 'f', 6, 64)
}

// WriteTable writes the plain-text table of s: one row per document, then
// the micro and macro rows and the options. Percentages are of words (WER
// and CER of characters) and "n/a" marks an undefined figure.
func WriteTable(w io.Writer, s Summary) error {
	header := []string{"doc", "gt words", "pred words", "matched", "recall %", "precision %", "F1 %", "WER %", "CER %", "cMER %", "wMER %"}
	rows := [][]string{header}
	for _, d := range s.PerDoc {
		name := d.Doc
		if d.NoPrediction {
			name += " (no prediction)"
		}
		rows = append(rows, []string{name, strconv.Itoa(d.GTWords), strconv.Itoa(d.PredWords), strconv.Itoa(d.Matched),
			pct(d.Recall), pct(d.Precision), pct(d.F1), pct(d.WER), pct(d.CER), pct(d.CMER), pct(d.WMER)})
	}
	sep := len(rows)
	rows = append(rows,
		[]string{"micro (summed counts)", strconv.Itoa(s.GTWords), strconv.Itoa(s.PredWords), strconv.Itoa(s.Matched),
			pct(s.Recall), pct(s.Precision), pct(s.F1), pct(s.WER), pct(s.CER), pct(s.CMER), pct(s.WMER)},
		[]string{fmt.Sprintf("macro (mean of %d docs)", s.MacroDocs), "", "", "",
			pct(s.MacroRecall), pct(s.MacroPrecision), pct(s.MacroF1), pct(s.MacroWER), pct(s.MacroCER), pct(s.MacroCMER), pct(s.MacroWMER)})
	width := make([]int, len(header))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	bw := bufio.NewWriter(w)
	line := func(r []string) {
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			if i == 0 {
				bw.WriteString(c + pad)
			} else {
				bw.WriteString("  " + pad + c)
			}
		}
		bw.WriteString("\n")
	}
	total := 0
	for _, x := range width {
		total += x + 2
	}
	for i, r := range rows {
		if i == 1 || i == sep {
			bw.WriteString(strings.Repeat("-", total-2) + "\n")
		}
		line(r)
	}
	fmt.Fprintf(bw, "\nwords: whitespace tokens compared as: %s\n", s.Options)
	fmt.Fprintf(bw, "recall = matched / gt words, precision = matched / pred words (matched: maximum order-preserving alignment);\n")
	fmt.Fprintf(bw, "WER = word edit distance / gt words; CER = character edit distance / gt characters.\n")
	fmt.Fprintf(bw, "cMER, wMER (HIPE-OCRepair 2026) = (S+D+I) / (H+S+D+I) of characters, words, on the tokens as given\n")
	fmt.Fprintf(bw, "normalised by the competition's rule (%s), whatever the options above.\n", hipeRule)
	if s.NoPrediction > 0 {
		fmt.Fprintf(bw, "%d document(s) had no prediction and count as 0 matched.\n", s.NoPrediction)
	}
	return bw.Flush()
}

// WriteSummaryText writes Summary.txt: the corpus figures, micro and macro,
// and the options.
func WriteSummaryText(w io.Writer, s Summary) error {
	bw := bufio.NewWriter(w)
	p := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	p("ocrfix eval summary\n\n")
	p("options:       %s\n", s.Options)
	p("documents:     %d (%d with non-empty ground truth in the macro means", s.Docs, s.MacroDocs)
	if s.NoPrediction > 0 {
		p("; %d without prediction, counted as 0 matched", s.NoPrediction)
	}
	p(")\n\n")
	p("gt words:      %d\n", s.GTWords)
	p("pred words:    %d\n", s.PredWords)
	p("matched:       %d (maximum order-preserving alignment)\n\n", s.Matched)
	p("%-22s %10s %10s\n", "measure", "micro", "macro")
	p("%-22s %10s %10s\n", "recall", frac(s.Recall), frac(s.MacroRecall))
	p("%-22s %10s %10s\n", "precision", frac(s.Precision), frac(s.MacroPrecision))
	p("%-22s %10s %10s\n", "F1", frac(s.F1), frac(s.MacroF1))
	p("%-22s %10s %10s\n", "WER", frac(s.WER), frac(s.MacroWER))
	p("%-22s %10s %10s\n", "CER", frac(s.CER), frac(s.MacroCER))
	p("%-22s %10s %10s\n", "cMER (HIPE-OCRepair)", frac(s.CMER), frac(s.MacroCMER))
	p("%-22s %10s %10s\n", "wMER (HIPE-OCRepair)", frac(s.WMER), frac(s.MacroWMER))
	p("%-22s %10s\n", "bag-of-words error", frac(s.BagError))
	p("\nmicro: summed counts over all documents; macro: mean of per-document ratios.\n")
	p("WER: word edits / gt words (%d / %d). CER: character edits / gt characters (%d / %d),\n", s.WordEdits, s.GTWords, s.CharEdits, s.GTChars)
	p("texts joined by single spaces. Bag-of-words error: sum over words of |count in gt - count in\n")
	p("pred| / gt words (%d / %d), order ignored.\n", s.BagDiff, s.GTWords)
	c, wm := s.CharMER, s.WordMER
	p("cMER, wMER: the match error rates of HIPE-OCRepair 2026, (S+D+I) / (H+S+D+I) of characters\n")
	p("(H %d, S %d, D %d, I %d) and of words (H %d, S %d, D %d, I %d), on the tokens as given\n", c.Hits, c.Subs, c.Dels, c.Ins, wm.Hits, wm.Subs, wm.Dels, wm.Ins)
	p("normalised by the competition's rule (%s), whatever the options.\n", hipeRule)
	return bw.Flush()
}

// hipeRule states the normalisation of HIPENormalize in reports.
const hipeRule = "lower case, ß->ss, æ->ae, œ->oe, ꝛ->r, aͤ oͤ uͤ->ä ö ü, ¬ at a line end removed with the break, characters other than letters and numbers to spaces, white space collapsed"

// WriteFileMetrics writes FileMetrics.csv: a header and one row per
// document (doc, gt_words, pred_words, matched, recall, precision, f1, wer,
// cer), ratios as fractions, undefined ones empty. Fields are quoted as RFC
// 4180 requires.
func WriteFileMetrics(w io.Writer, s Summary) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"doc", "gt_words", "pred_words", "matched", "recall", "precision", "f1", "wer", "cer"})
	num := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
	for _, d := range s.PerDoc {
		cw.Write([]string{d.Doc, strconv.Itoa(d.GTWords), strconv.Itoa(d.PredWords), strconv.Itoa(d.Matched),
			num(d.Recall), num(d.Precision), num(d.F1), num(d.WER), num(d.CER)})
	}
	cw.Flush()
	return cw.Error()
}

// segment is a run of an alignment: a matched word (match) or the
// mismatched spans gt[G0:G1], pred[P0:P1] between two matches.
type segment struct {
	match          bool
	G0, G1, P0, P1 int
}

// segments cuts an alignment into matches and the mismatched spans between
// consecutive matches.
func segments(r *DocResult) []segment {
	var out []segment
	align.Walk(r.Pairs, len(r.GT), len(r.Pred), func(g0, g1, p0, p1 int) {
		out = append(out, segment{G0: g0, G1: g1, P0: p0, P1: p1})
	}, func(pr align.Pair) {
		out = append(out, segment{match: true, G0: pr.A, G1: pr.A + 1, P0: pr.B, P1: pr.B + 1})
	})
	return out
}

// WriteDiff writes the aligned word sequences of one document: matched
// words plain, each mismatched span between two matches as
// [-gt words-]{+predicted words+} (a side is left out when empty). Output
// lines follow the ground-truth lines when they are known (GTLine), each
// prefixed by its line number; otherwise 20 ground-truth words a line.
// Words are shown as they appear in the input; with fuzzy matching a
// matched pair that differs is shown as {gt~pred}.
func WriteDiff(w io.Writer, r *DocResult) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s: %d of %d gt words matched (recall %s%%), %d pred words\n", r.Doc, r.Matched, r.GTWords, pct(r.Recall), r.PredWords)
	fmt.Fprintf(bw, "# [-gt-] words missing from the prediction, {+pred+} words the prediction has instead\n")
	lineOf := func(i int) int {
		if r.GTLine != nil {
			return r.GTLine[i]
		}
		return i/20 + 1
	}
	cur := -1
	start := true
	for _, s := range segments(r) {
		if s.G1 > s.G0 {
			if l := lineOf(s.G0); l != cur {
				if cur != -1 {
					bw.WriteString("\n")
				}
				if r.GTLine != nil {
					fmt.Fprintf(bw, "%5d  ", l)
				}
				cur = l
				start = true
			}
		}
		if !start {
			bw.WriteString(" ")
		}
		start = false
		if s.match {
			if g, p := r.GT[s.G0], r.Pred[s.P0]; g == p {
				bw.WriteString(g)
			} else {
				bw.WriteString("{" + g + "~" + p + "}")
			}
			continue
		}
		if s.G1 > s.G0 {
			bw.WriteString("[-" + strings.Join(r.GT[s.G0:s.G1], " ") + "-]")
		}
		if s.P1 > s.P0 {
			bw.WriteString("{+" + strings.Join(r.Pred[s.P0:s.P1], " ") + "+}")
		}
	}
	if cur != -1 || !start {
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// Confusion is one substitution seen between consecutive matches: the gt
// span GT (words joined by spaces, "" for an insertion) was read as Pred
// ("" for a deletion) Count times.
type Confusion struct {
	GT, Pred string
	Count    int
}

// Confusions counts the mismatched spans of all documents of s and returns
// them most frequent first (ties by GT, then Pred), at most max of them
// (all when max <= 0).
func Confusions(s Summary, max int) []Confusion {
	type key struct{ g, p string }
	count := make(map[key]int)
	for i := range s.PerDoc {
		r := &s.PerDoc[i]
		for _, sg := range segments(r) {
			if sg.match {
				continue
			}
			count[key{strings.Join(r.GT[sg.G0:sg.G1], " "), strings.Join(r.Pred[sg.P0:sg.P1], " ")}]++
		}
	}
	out := make([]Confusion, 0, len(count))
	for k, c := range count {
		out = append(out, Confusion{GT: k.g, Pred: k.p, Count: c})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.GT != b.GT {
			return a.GT < b.GT
		}
		return a.Pred < b.Pred
	})
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	return out
}

// WriteConfusions writes confusions.csv: a header (count, gt, pred) and the
// rows of Confusions(s, max), RFC 4180 quoting.
func WriteConfusions(w io.Writer, s Summary, max int) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"count", "gt", "pred"})
	for _, c := range Confusions(s, max) {
		cw.Write([]string{strconv.Itoa(c.Count), c.GT, c.Pred})
	}
	cw.Flush()
	return cw.Error()
}

// jnum is a JSON number that is null when undefined.
type jnum float64

func (x jnum) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(x), 'g', -1, 64), nil
}

type jsonOptions struct {
	Lower       bool    `json:"lower"`
	StripPunct  bool    `json:"strip_punct"`
	NFKC        bool    `json:"nfkc"`
	Fuzzy       float64 `json:"fuzzy"`
	Description string  `json:"description"`
}

type jsonDoc struct {
	Doc          string `json:"doc"`
	GTWords      int    `json:"gt_words"`
	PredWords    int    `json:"pred_words"`
	Matched      int    `json:"matched"`
	Recall       jnum   `json:"recall"`
	Precision    jnum   `json:"precision"`
	F1           jnum   `json:"f1"`
	WER          jnum   `json:"wer"`
	CER          jnum   `json:"cer"`
	BagError     jnum   `json:"bag_error"`
	WordEdits    int    `json:"word_edits"`
	GTChars      int    `json:"gt_chars"`
	CharEdits    int    `json:"char_edits"`
	CMER         jnum   `json:"cmer"`
	WMER         jnum   `json:"wmer"`
	NoPrediction bool   `json:"no_prediction,omitempty"`
}

type jsonMER struct {
	Hits int `json:"h"`
	Subs int `json:"s"`
	Dels int `json:"d"`
	Ins  int `json:"i"`
}

type jsonSummary struct {
	Docs           int         `json:"docs"`
	GTWords        int         `json:"gt_words"`
	PredWords      int         `json:"pred_words"`
	Matched        int         `json:"matched"`
	Recall         jnum        `json:"recall"`
	Precision      jnum        `json:"precision"`
	F1             jnum        `json:"f1"`
	MacroDocs      int         `json:"macro_docs"`
	MacroRecall    jnum        `json:"macro_recall"`
	MacroPrecision jnum        `json:"macro_precision"`
	MacroF1        jnum        `json:"macro_f1"`
	WER            jnum        `json:"wer"`
	CER            jnum        `json:"cer"`
	MacroWER       jnum        `json:"macro_wer"`
	MacroCER       jnum        `json:"macro_cer"`
	BagError       jnum        `json:"bag_error"`
	WordEdits      int         `json:"word_edits"`
	GTChars        int         `json:"gt_chars"`
	CharEdits      int         `json:"char_edits"`
	CMER           jnum        `json:"cmer"`
	WMER           jnum        `json:"wmer"`
	MacroCMER      jnum        `json:"macro_cmer"`
	MacroWMER      jnum        `json:"macro_wmer"`
	CharMER        jsonMER     `json:"cmer_counts"`
	WordMER        jsonMER     `json:"wmer_counts"`
	NoPrediction   int         `json:"no_prediction"`
	Options        jsonOptions `json:"options"`
	PerDoc         []jsonDoc   `json:"per_doc"`
}

// WriteJSON writes s as one indented JSON object with the keys docs,
// gt_words, pred_words, matched, recall, precision, f1, macro_docs,
// macro_recall, macro_precision, macro_f1, wer, cer, macro_wer, macro_cer,
// bag_error, word_edits, gt_chars, char_edits, cmer, wmer, macro_cmer,
// macro_wmer, cmer_counts and wmer_counts (objects h, s, d, i), no_prediction, options
// (lower, strip_punct, nfkc, fuzzy, description) and per_doc (an array of
// objects with the per-document figures). Ratios are fractions; undefined
// ones are null.
func WriteJSON(w io.Writer, s Summary) error {
	js := jsonSummary{
		Docs: s.Docs, GTWords: s.GTWords, PredWords: s.PredWords, Matched: s.Matched,
		Recall: jnum(s.Recall), Precision: jnum(s.Precision), F1: jnum(s.F1),
		MacroDocs: s.MacroDocs, MacroRecall: jnum(s.MacroRecall), MacroPrecision: jnum(s.MacroPrecision),
		MacroF1: jnum(s.MacroF1), WER: jnum(s.WER), CER: jnum(s.CER), MacroWER: jnum(s.MacroWER),
		MacroCER: jnum(s.MacroCER), BagError: jnum(s.BagError), WordEdits: s.WordEdits,
		GTChars: s.GTChars, CharEdits: s.CharEdits, NoPrediction: s.NoPrediction,
		CMER: jnum(s.CMER), WMER: jnum(s.WMER), MacroCMER: jnum(s.MacroCMER), MacroWMER: jnum(s.MacroWMER),
		CharMER: jsonMER(s.CharMER), WordMER: jsonMER(s.WordMER),
		Options: jsonOptions{s.Options.Lower, s.Options.StripPunct, s.Options.NFKC, s.Options.Fuzzy, s.Options.String()},
		PerDoc:  make([]jsonDoc, len(s.PerDoc)),
	}
	for i, d := range s.PerDoc {
		js.PerDoc[i] = jsonDoc{d.Doc, d.GTWords, d.PredWords, d.Matched, jnum(d.Recall), jnum(d.Precision),
			jnum(d.F1), jnum(d.WER), jnum(d.CER), jnum(d.BagError), d.WordEdits, d.GTChars, d.CharEdits,
			jnum(d.CMER), jnum(d.WMER), d.NoPrediction}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(js)
}

// MaxConfusions is how many rows WriteReport puts in confusions.csv.
const MaxConfusions = 1000

// WriteReport writes the report files of s into dir (created if needed):
// Summary.txt, FileMetrics.csv, confusions.csv (the MaxConfusions most
// frequent) and diffs/<doc>.diff for every document (named by diffName and
// FileNames: one file per document). Every file is written atomically.
func WriteReport(dir string, s Summary) error {
	if err := os.MkdirAll(filepath.Join(dir, "diffs"), 0o755); err != nil {
		return fmt.Errorf("report directory: %w", err)
	}
	files := []struct {
		name  string
		write func(w io.Writer) error
	}{
		{"Summary.txt", func(w io.Writer) error { return WriteSummaryText(w, s) }},
		{"FileMetrics.csv", func(w io.Writer) error { return WriteFileMetrics(w, s) }},
		{"confusions.csv", func(w io.Writer) error { return WriteConfusions(w, s, MaxConfusions) }},
	}
	for _, f := range files {
		if err := data.WriteFileAtomic(filepath.Join(dir, f.name), func(w *bufio.Writer) error { return f.write(w) }); err != nil {
			return err
		}
	}
	docs := make([]string, len(s.PerDoc))
	for i := range s.PerDoc {
		docs[i] = s.PerDoc[i].Doc
	}
	names := FileNames(docs, diffName)
	for i := range s.PerDoc {
		r := &s.PerDoc[i]
		name := names[i] + ".diff"
		if err := data.WriteFileAtomic(filepath.Join(dir, "diffs", name), func(w *bufio.Writer) error { return WriteDiff(w, r) }); err != nil {
			return err
		}
	}
	return nil
}

// diffName is the stem of a document's diff file: its name with path
// separators replaced (FileNames makes the stems of a report unique).
func diffName(doc string) string {
	doc = strings.NewReplacer("/", "_", "\\", "_").Replace(doc)
	if doc == "" || doc == "." || doc == ".." {
		doc = "_" + doc
	}
	return doc
}

// FileNames returns a file stem for each of the document names docs, in
// order: safe's stem of the name, unique among them up to case (as file
// systems that ignore case compare them). Where two names give the same
// stem (`1850/p1` and `1850_p1` when separators become '_'), the later
// document's stem gets "~2" appended, the next "~3", and so on, so that no
// document's page or diff in a report replaces another's.
func FileNames(docs []string, safe func(string) string) []string {
	out := make([]string, len(docs))
	taken := make(map[string]bool, len(docs))
	for i, d := range docs {
		stem := safe(d)
		name := stem
		for n := 2; taken[strings.ToLower(name)]; n++ {
			name = stem + "~" + strconv.Itoa(n)
		}
		taken[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}
