package htmlreport

import (
	"bufio"
	"cmp"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"ocrfix/data"
	"ocrfix/eval"
)

// Header is what every page of a report starts with.
type Header struct {
	Title string
	// Provenance names the program version, the model and the word lists
	// (one line under the title of every page).
	Provenance string
	// Summary is the corpus table as the text report prints it, and Notes
	// the lines under it (options, lexicon, definitions).
	Summary Table
	Notes   []string
	// Text, when not empty, is the text report, shown verbatim (folded)
	// under the summary.
	Text string
	// Command names the command a document page of WriteBench says made
	// it ("bench" when empty; "eval" for eval -ocr).
	Command string
}

func frac4(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(x, 'f', 4, 64)
}

func pct1(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', 1, 64) + "%"
}

func pct2(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', 2, 64) + "%"
}

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// writeFile writes one page atomically.
func writeFile(path string, f func(w io.Writer) error) error {
	return data.WriteFileAtomic(path, func(w *bufio.Writer) error { return f(w) })
}

// header writes the summary table and notes.
func (p *printer) header(h *Header) {
	if len(h.Summary.Header) > 0 {
		p.s("<h2>Summary</h2>\n")
		p.table(h.Summary, "summary")
	}
	for _, n := range h.Notes {
		p.f("<p class=\"note\">%s</p>\n", esc(n))
	}
	if h.Text != "" {
		p.f("<details><summary>the text report</summary><div class=\"scroll\"><pre>%s</pre></div></details>\n", esc(h.Text))
	}
}

// figure writes an SVG plot with its caption.
func (p *printer) figure(svg, caption string) {
	p.f("<figure>%s<figcaption>%s</figcaption></figure>\n", svg, esc(caption))
}

// BenchDoc is one held-out document of a benchmark: its truth, its OCR
// tokens and their correction (one entry per OCR token, as
// model.Correction.Out), the candidates of its changed positions (best
// first; may be nil) and its oracle (-1 when unknown).
type BenchDoc struct {
	Name         string
	GT, Raw, Out []string
	Cands        map[int][]Cand
	Oracle       int
}

// WriteBench writes dir/index.html and dir/docs/<doc>.html for a
// benchmark: the header, one row per document (gt words, raw and corrected
// matched words and recall, error reduction, broken words, changes, oracle
// recall), the table and plot of changes by kind (helped and hurt, from
// eval.ChangeEffects), the recall plots, the heat map of the character
// confusions left after correction, and per document the truth, raw OCR
// and corrected text side by side; the table of documents also as
// dir/documents.csv. Words are compared under opt. Files are written
// atomically.
func WriteBench(dir string, h *Header, docs []BenchDoc, opt eval.Options) error {
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		return fmt.Errorf("report directory: %w", err)
	}
	t := dynTable{Cols: []dynCol{{H: "document"}, {H: "gt words", N: true}, {H: "raw matched", N: true}, {H: "raw recall", N: true},
		{H: "corrected matched", N: true}, {H: "corrected recall", N: true}, {H: "error reduction", N: true},
		{H: "broken", N: true}, {H: "changes", N: true}, {H: "oracle recall", N: true}}, Filter: -1}
	var rawRec, corrRec []float64
	var tally [eval.NumKinds]eval.KindTally
	conf := map[[2]rune]int{}
	gtWords, rawMatched := 0, 0
	pages := make([]string, len(docs))
	for i := range docs {
		pages[i] = docs[i].Name
	}
	pages = eval.FileNames(pages, safeName)
	for i := range docs {
		d := &docs[i]
		if len(d.Out) != len(d.Raw) {
			return fmt.Errorf("document %s: %d corrections for %d OCR tokens", d.Name, len(d.Out), len(d.Raw))
		}
		corr := outputWords(d.Out)
		r := eval.EvaluateDoc(d.Name, d.GT, d.Raw, opt)
		k := eval.EvaluateDoc(d.Name, d.GT, corr, opt)
		_, _, broken := eval.Broken(d.GT, d.Raw, corr, opt)
		eff := eval.ChangeEffects(d.GT, d.Raw, d.Out, opt)
		dt := eval.TallyKinds(eff)
		for j := range tally {
			tally[j].Add(dt[j])
		}
		gtWords += r.GTWords
		rawMatched += r.Matched
		rawRec, corrRec = append(rawRec, r.Recall), append(corrRec, k.Recall)
		oracle := "n/a"
		if d.Oracle >= 0 {
			oracle = frac4(ratio(d.Oracle, r.GTWords))
		}
		name := pages[i] + ".html"
		t.Rows = append(t.Rows, dynRow{C: []string{d.Name, strconv.Itoa(r.GTWords), strconv.Itoa(r.Matched), frac4(r.Recall),
			strconv.Itoa(k.Matched), frac4(k.Recall), pct1(eval.ErrorReduction(r.GTWords, r.Matched, k.Matched)),
			strconv.Itoa(broken), strconv.Itoa(len(eff)), oracle}, H: "docs/" + name})
		gtTo, cc := benchDocPage(filepath.Join(dir, "docs", name), h.Provenance, h.Command, d, eff, corr, opt, r, k)
		if err := cc; err != nil {
			return err
		}
		charConfusions(conf, d.GT, corr, gtTo)
	}
	rawErr := gtWords - rawMatched
	kt := Table{Header: []string{"kind of change", "changes", "helped", "hurt", "gt words gained", "gt words lost", "share of error reduction"}}
	var names []string
	var helped, hurt []float64
	var all eval.KindTally
	for _, kd := range eval.Kinds {
		x := tally[kd]
		all.Add(x)
		kt.Rows = append(kt.Rows, []string{kd.String(), strconv.Itoa(x.Changes), strconv.Itoa(x.Helped), strconv.Itoa(x.Hurt),
			strconv.Itoa(x.Gained), strconv.Itoa(x.Lost), pct1(ratio(x.Gained-x.Lost, rawErr))})
		names = append(names, kd.String())
		helped, hurt = append(helped, float64(x.Helped)), append(hurt, float64(x.Hurt))
	}
	kt.Rows = append(kt.Rows, []string{"all", strconv.Itoa(all.Changes), strconv.Itoa(all.Helped), strconv.Itoa(all.Hurt),
		strconv.Itoa(all.Gained), strconv.Itoa(all.Lost), pct1(ratio(all.Gained-all.Lost, rawErr))})
	scatter, err := recallScatter(rawRec, corrRec)
	if err != nil {
		return err
	}
	bars, err := kindBars(names, helped, hurt)
	if err != nil {
		return err
	}
	hist, err := recallHist([][]float64{rawRec, corrRec}, []string{"raw OCR", "corrected"})
	if err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(dir, "documents.csv"), t.Cols, dynRows(t.Rows)); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "index.html"), func(w io.Writer) error {
		return page(w, h.Title, h.Provenance, true, func(p *printer) {
			p.header(h)
			p.s("<h2>Plots</h2>\n<div class=\"plots\">\n")
			p.figure(scatter, "Each document's recall before (x) and after (y) correction; points above the dashed diagonal gained.")
			p.figure(hist, "How many documents reach each recall, raw OCR (grey) and corrected (blue).")
			p.figure(bars, "Changes by kind: those that matched more ground-truth words than the OCR tokens they replaced (helped) and fewer (hurt).")
			p.s("</div>\n<h2>Error reduction by kind of change</h2>\n")
			p.table(kt, "kinds")
			p.f("<p class=\"note\">A change helped when its words match more ground-truth words than the OCR tokens it replaced, and hurt when fewer; the share is (gained - lost) / the raw OCR's %d errors. The shares add up to the error reduction up to matches that moved between unchanged words (where a word repeats nearby).</p>\n", rawErr)
			p.s("<h2>Documents</h2>\n<p class=\"note\">Click a column to sort; a document's name opens its truth, raw OCR and corrected text side by side.</p>\n")
			p.dynTable("docs", t, 50, "documents.csv")
			p.s("<h2>Character confusions left after correction</h2>\n<p class=\"note\">Characters of the truth (rows) read as other characters (columns) in the corrected text, by the character alignment of the words the word alignment leaves unmatched; ∅ is nothing (a character missing or extra), ␣ a space.</p>\n")
			p.heatMap(conf, 16)
		})
	})
}

// outputWords flattens a Correction.Out into words.
func outputWords(out []string) []string {
	var ws []string
	for _, o := range out {
		ws = append(ws, strings.Fields(o)...)
	}
	return ws
}

// benchDocPage writes one document's side-by-side page and returns the
// alignment of its truth to the corrected words.
func benchDocPage(path, prov, command string, d *BenchDoc, eff []eval.Effect, corr []string, opt eval.Options, r, k eval.DocResult) ([]int, error) {
	gtRaw, rawHit := hits(d.GT, d.Raw, opt)
	gtCorr, corrHit := hits(d.GT, corr, opt)
	gtClass := make([]string, len(d.GT))
	counts := map[string]int{}
	for g := range d.GT {
		a, b := gtRaw[g] >= 0, gtCorr[g] >= 0
		switch {
		case a && b:
			gtClass[g] = clsOK
		case b:
			gtClass[g] = clsFixed
		case a:
			gtClass[g] = clsBrk
		default:
			gtClass[g] = clsWrong
		}
		counts[gtClass[g]]++
	}
	// The change (if any) each OCR position belongs to.
	chg := make([]int, len(d.Raw))
	for i := range chg {
		chg[i] = -1
	}
	for i, e := range eff {
		for p := e.Pos; p < e.Pos+e.Span; p++ {
			chg[p] = i
		}
	}
	raw := make([]sbsWord, len(d.Raw))
	for i, w := range d.Raw {
		raw[i] = sbsWord{text: w}
		if !rawHit[i] {
			raw[i].class = clsErr
		}
		raw[i].changed = chg[i] >= 0
	}
	cw := make([]sbsWord, 0, len(corr))
	for pos, o := range d.Out {
		for _, w := range strings.Fields(o) {
			x := sbsWord{text: w}
			if c := chg[pos]; c >= 0 {
				e := eff[c]
				x.changed = true
				x.title = candTitle(e.Orig, e.Kind, d.Cands[pos])
				switch {
				case e.Helped():
					x.class = clsFixed
				case e.Hurt():
					x.class = clsBrk
				}
			}
			if !corrHit[len(cw)] && x.class == "" {
				x.class = clsWrong
			}
			cw = append(cw, x)
		}
	}
	rows := sideBySide(d.GT, gtClass, [][]sbsWord{raw, cw}, [][]int{gtRaw, gtCorr})
	title := "ocrfix " + cmp.Or(command, "bench") + ": " + d.Name
	hover := " (rest the pointer on one, or tap it, for its candidates and scores)"
	if len(d.Cands) == 0 {
		hover = "" // a correction made elsewhere: no candidates to show
	}
	err := writeFile(path, func(w io.Writer) error {
		return page(w, title, prov, false, func(p *printer) {
			p.f("<p><a href=\"../index.html\">&larr; all documents</a></p>\n")
			p.table(Table{Header: []string{"", "gt words", "matched", "recall"}, Rows: [][]string{
				{"raw OCR", strconv.Itoa(r.GTWords), strconv.Itoa(r.Matched), frac4(r.Recall)},
				{"corrected", strconv.Itoa(k.GTWords), strconv.Itoa(k.Matched), frac4(k.Recall)},
			}}, "summary")
			p.f("<p class=\"legend note\">Truth words: right throughout %d, <span class=\"fix\">fixed %d</span> <span class=\"brk\">broken %d</span> <span class=\"wrg\">still wrong %d</span>; error reduction %s; changes %d. OCR words the truth does not match are <span class=\"err\">grey</span>; changed words are <span class=\"chg\">underlined</span>%s.</p>\n",
				counts[clsOK], counts[clsFixed], counts[clsBrk], counts[clsWrong], pct1(eval.ErrorReduction(r.GTWords, r.Matched, k.Matched)), len(eff), hover)
			p.writeRows([]string{"truth", "raw OCR", "corrected"}, rows)
		})
	})
	return gtCorr, err
}

// WriteEval writes dir/index.html and dir/docs/<doc>.html for an
// evaluation: the header (every corpus figure, micro and macro, with the
// options, when h.Summary is empty), one row per document, the
// distribution of per-document recall, the heat map of character
// confusions, and per document the truth and the prediction side by side;
// the table of documents also as dir/documents.csv.
func WriteEval(dir string, h *Header, s eval.Summary) error {
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		return fmt.Errorf("report directory: %w", err)
	}
	if len(h.Summary.Header) == 0 {
		h.Summary = evalSummary(s)
		h.Notes = append(h.Notes, "words: whitespace tokens compared as: "+s.Options.String(),
			"micro: summed counts over all documents; macro: mean of per-document ratios. recall = matched / gt words, precision = matched / predicted words (matched: the maximum order-preserving alignment); WER = word edits / gt words; CER = character edits / gt characters.")
	}
	t := dynTable{Cols: []dynCol{{H: "document"}, {H: "gt words", N: true}, {H: "pred words", N: true}, {H: "matched", N: true},
		{H: "recall %", N: true}, {H: "precision %", N: true}, {H: "F1 %", N: true}, {H: "WER %", N: true}, {H: "CER %", N: true}}, Filter: -1}
	conf := map[[2]rune]int{}
	var rec []float64
	names := make([]string, len(s.PerDoc))
	for i := range s.PerDoc {
		names[i] = s.PerDoc[i].Doc
	}
	names = eval.FileNames(names, safeName)
	for i := range s.PerDoc {
		d := &s.PerDoc[i]
		name := names[i] + ".html"
		doc := d.Doc
		if d.NoPrediction {
			doc += " (no prediction)"
		}
		t.Rows = append(t.Rows, dynRow{C: []string{doc, strconv.Itoa(d.GTWords), strconv.Itoa(d.PredWords), strconv.Itoa(d.Matched),
			pctE(d.Recall), pctE(d.Precision), pctE(d.F1), pctE(d.WER), pctE(d.CER)}, H: "docs/" + name})
		rec = append(rec, d.Recall)
		gtTo := make([]int, len(d.GT))
		for j := range gtTo {
			gtTo[j] = -1
		}
		predHit := make([]bool, len(d.Pred))
		for _, pr := range d.Pairs {
			gtTo[pr.A] = pr.B
			predHit[pr.B] = true
		}
		charConfusions(conf, d.GT, d.Pred, gtTo)
		if err := evalDocPage(filepath.Join(dir, "docs", name), h.Provenance, d, gtTo, predHit); err != nil {
			return err
		}
	}
	hist, err := recallHist([][]float64{rec}, []string{"prediction"})
	if err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(dir, "documents.csv"), t.Cols, dynRows(t.Rows)); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "index.html"), func(w io.Writer) error {
		return page(w, h.Title, h.Provenance, true, func(p *printer) {
			p.header(h)
			p.s("<h2>Plots</h2>\n<div class=\"plots\">\n")
			p.figure(hist, "How many documents reach each word recall.")
			p.s("</div>\n<h2>Documents</h2>\n<p class=\"note\">Click a column to sort; a document's name opens its truth and prediction side by side.</p>\n")
			p.dynTable("docs", t, 50, "documents.csv")
			p.s("<h2>Character confusions</h2>\n<p class=\"note\">Characters of the truth (rows) read as other characters (columns), by the character alignment of the words the word alignment leaves unmatched; ∅ is nothing (a character missing or extra), ␣ a space.</p>\n")
			p.heatMap(conf, 16)
		})
	})
}

// pctE formats a ratio as eval's text table does (percent, two decimals).
func pctE(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', 2, 64)
}

// evalSummary is the corpus table of an evaluation (Summary.txt's figures).
func evalSummary(s eval.Summary) Table {
	f6 := func(x float64) string {
		if math.IsNaN(x) {
			return "n/a"
		}
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
	return Table{Header: []string{"measure", "micro", "macro", "counts"}, Rows: [][]string{
		{"documents", strconv.Itoa(s.Docs), strconv.Itoa(s.MacroDocs), ""},
		{"gt words", strconv.Itoa(s.GTWords), "", ""},
		{"pred words", strconv.Itoa(s.PredWords), "", ""},
		{"matched", strconv.Itoa(s.Matched), "", ""},
		{"recall", f6(s.Recall), f6(s.MacroRecall), fmt.Sprintf("%d / %d", s.Matched, s.GTWords)},
		{"precision", f6(s.Precision), f6(s.MacroPrecision), fmt.Sprintf("%d / %d", s.Matched, s.PredWords)},
		{"F1", f6(s.F1), f6(s.MacroF1), ""},
		{"WER", f6(s.WER), f6(s.MacroWER), fmt.Sprintf("%d / %d", s.WordEdits, s.GTWords)},
		{"CER", f6(s.CER), f6(s.MacroCER), fmt.Sprintf("%d / %d", s.CharEdits, s.GTChars)},
		{"bag-of-words error", f6(s.BagError), "", fmt.Sprintf("%d / %d", s.BagDiff, s.GTWords)},
	}}
}

// evalDocPage writes the truth and the prediction of one document side by
// side.
func evalDocPage(path, prov string, d *eval.DocResult, gtTo []int, predHit []bool) error {
	gtClass := make([]string, len(d.GT))
	for g := range gtClass {
		if gtTo[g] < 0 {
			gtClass[g] = clsWrong
		}
	}
	pred := make([]sbsWord, len(d.Pred))
	for i, w := range d.Pred {
		pred[i] = sbsWord{text: w}
		if !predHit[i] {
			pred[i].class = clsErr
		}
	}
	rows := sideBySide(d.GT, gtClass, [][]sbsWord{pred}, [][]int{gtTo})
	return writeFile(path, func(w io.Writer) error {
		return page(w, "ocrfix eval: "+d.Doc, prov, false, func(p *printer) {
			p.f("<p><a href=\"../index.html\">&larr; all documents</a></p>\n")
			p.table(Table{Header: []string{"gt words", "pred words", "matched", "recall %", "precision %", "WER %", "CER %"}, Rows: [][]string{
				{strconv.Itoa(d.GTWords), strconv.Itoa(d.PredWords), strconv.Itoa(d.Matched), pctE(d.Recall), pctE(d.Precision), pctE(d.WER), pctE(d.CER)}}}, "summary")
			p.f("<p class=\"legend note\"><span class=\"wrg\">Truth words the prediction misses</span> <span class=\"err\">predicted words the truth does not match</span></p>\n")
			p.writeRows([]string{"truth", "prediction"}, rows)
		})
	})
}

// ChangeDoc is one corrected document without truth: its OCR tokens, their
// correction (one entry per token, as model.Correction.Out) and the
// candidates of its changed positions, best first, including the OCR
// token itself.
type ChangeDoc struct {
	Name       string
	Words, Out []string
	Cands      map[int][]Cand
}

// contextWords is how many OCR tokens a change shows on each side.
const contextWords = 6

// WriteChanges writes dir/index.html for a correction without truth: one
// row per document (tokens, changes, share changed, changes per kind) and
// every change with its context, kind, the score (log-odds) of the
// correction and its margin over the OCR token, filterable by kind and
// sortable by any column, so the least certain changes can be reviewed
// first; and the same two tables as dir/documents.csv and dir/changes.csv
// (the context as plain text), for a spreadsheet or a script. Each file
// is written atomically.
func WriteChanges(dir string, h *Header, docs []ChangeDoc) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report directory: %w", err)
	}
	perDoc := dynTable{Cols: []dynCol{{H: "document"}, {H: "tokens", N: true}, {H: "changed", N: true}, {H: "changed %", N: true}}, Filter: -1}
	for _, k := range eval.Kinds {
		perDoc.Cols = append(perDoc.Cols, dynCol{H: k.String(), N: true})
	}
	ch := dynTable{Cols: []dynCol{{H: "document"}, {H: "position", N: true}, {H: "context", HTML: true}, {H: "OCR"}, {H: "correction"},
		{H: "kind"}, {H: "score", N: true}, {H: "margin over OCR", N: true}}, Filter: 5}
	total, changed := 0, 0
	var kinds [eval.NumKinds]int
	var chCSV [][]string // the rows of changes.csv
	for _, d := range docs {
		cs := eval.Changes(d.Words, d.Out)
		var dk [eval.NumKinds]int
		for _, c := range cs {
			dk[c.Kind]++
			kinds[c.Kind]++
			score, margin := "n/a", "n/a"
			var orig, chosen *Cand
			for i := range d.Cands[c.Pos] {
				x := &d.Cands[c.Pos][i]
				if x.Span <= 1 && x.Text == d.Words[c.Pos] && orig == nil {
					orig = x
				}
				if x.Text == c.New && max(x.Span, 1) == c.Span && chosen == nil {
					chosen = x
				}
			}
			if chosen != nil {
				score = strconv.FormatFloat(chosen.Score, 'f', 2, 64)
				if orig != nil {
					margin = strconv.FormatFloat(chosen.Score-orig.Score, 'f', 2, 64)
				}
			}
			ch.Rows = append(ch.Rows, dynRow{C: []string{d.Name, strconv.Itoa(c.Pos + 1), changeContext(d.Words, c), c.Orig, c.New, c.Kind.String(), score, margin}})
			chCSV = append(chCSV, []string{d.Name, strconv.Itoa(c.Pos + 1), plainContext(d.Words, c), c.Orig, c.New, c.Kind.String(), score, margin})
		}
		total += len(d.Words)
		changed += len(cs)
		row := []string{d.Name, strconv.Itoa(len(d.Words)), strconv.Itoa(len(cs)), pct2(ratio(len(cs), len(d.Words)))}
		for _, k := range eval.Kinds {
			row = append(row, strconv.Itoa(dk[k]))
		}
		perDoc.Rows = append(perDoc.Rows, dynRow{C: row})
	}
	if len(h.Summary.Header) == 0 {
		sum := Table{Header: []string{"documents", "tokens", "changes", "changed %"}}
		row := []string{strconv.Itoa(len(docs)), strconv.Itoa(total), strconv.Itoa(changed), pct2(ratio(changed, total))}
		for _, k := range eval.Kinds {
			sum.Header = append(sum.Header, k.String())
			row = append(row, strconv.Itoa(kinds[k]))
		}
		sum.Rows = [][]string{row}
		h.Summary = sum
	}
	if err := writeCSV(filepath.Join(dir, "documents.csv"), perDoc.Cols, dynRows(perDoc.Rows)); err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(dir, "changes.csv"), ch.Cols, chCSV); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "index.html"), func(w io.Writer) error {
		return page(w, h.Title, h.Provenance, true, func(p *printer) {
			p.header(h)
			p.s("<h2>Documents</h2>\n")
			p.dynTable("docs", perDoc, 50, "documents.csv")
			p.s("<h2>Changes</h2>\n<p class=\"note\">Every change, with the OCR tokens around it. Score: the ranker's log-odds of the correction; margin: its lead over the OCR token's own log-odds (the do-no-harm decision). Sort by margin to review the least certain changes first; filter by kind.</p>\n")
			p.dynTable("changes", ch, 100, "changes.csv")
		})
	})
}

// changeContext is the HTML of a change in its context: the OCR tokens around
// it, the change as <b>OCR → correction</b>.
func changeContext(words []string, c eval.Change) string {
	var b strings.Builder
	lo, hi := max(0, c.Pos-contextWords), min(len(words), c.Pos+c.Span+contextWords)
	if lo > 0 {
		b.WriteString("… ")
	}
	b.WriteString(html.EscapeString(strings.Join(words[lo:c.Pos], " ")))
	b.WriteString(" <b>")
	b.WriteString(html.EscapeString(c.Orig))
	b.WriteString(" → ")
	if c.New == "" {
		b.WriteString("∅")
	} else {
		b.WriteString(html.EscapeString(c.New))
	}
	b.WriteString("</b> ")
	b.WriteString(html.EscapeString(strings.Join(words[c.Pos+c.Span:hi], " ")))
	if hi < len(words) {
		b.WriteString(" …")
	}
	return b.String()
}

// plainContext is changeContext as plain text: the OCR tokens around the
// change, the change as [OCR -> correction].
func plainContext(words []string, c eval.Change) string {
	lo, hi := max(0, c.Pos-contextWords), min(len(words), c.Pos+c.Span+contextWords)
	parts := slices.Clone(words[lo:c.Pos])
	parts = append(parts, "["+c.Orig+" -> "+c.New+"]")
	return strings.Join(append(parts, words[min(c.Pos+c.Span, hi):hi]...), " ")
}

// dynRows returns the cells of rows.
func dynRows(rows []dynRow) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = r.C
	}
	return out
}

// writeCSV writes path atomically: a header of the columns' names, then
// rows.
func writeCSV(path string, cols []dynCol, rows [][]string) error {
	return writeFile(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		head := make([]string, len(cols))
		for i, c := range cols {
			head[i] = c.H
		}
		if err := cw.Write(head); err != nil {
			return err
		}
		if err := cw.WriteAll(rows); err != nil {
			return err
		}
		return cw.Error()
	})
}
