package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/features"
	"ocrfix/profile"
)

// synthCorpus makes documents of random sentences over a small vocabulary
// and an OCR reading of each with systematic confusions (i -> l, m -> rn,
// e -> c) on a share of the words, like a scanner with a bad font.
func synthCorpus(n int, seed uint64) []*data.Doc {
	rng := rand.New(rand.NewPCG(seed, 7))
	vocab := strings.Fields(`which committee important minister members information
		the of and to in is that for it as with was on be by this are from at
		government economic policy report staff summer time history number
		system office public interest meeting programme national commission`)
	docs := make([]*data.Doc, n)
	for d := range docs {
		var gt, ocr strings.Builder
		for l := 0; l < 40; l++ {
			for w := 0; w < 10; w++ {
				word := vocab[rng.IntN(len(vocab))]
				if rng.IntN(4) == 0 {
					word = vocab[rng.IntN(8)] // frequent content words
				}
				o := word
				if rng.Float64() < 0.3 {
					switch rng.IntN(3) {
					case 0:
						o = strings.Replace(word, "i", "l", 1)
					case 1:
						o = strings.Replace(word, "m", "rn", 1)
					default:
						o = strings.Replace(word, "e", "c", 1)
					}
				}
				if w > 0 {
					gt.WriteByte(' ')
					ocr.WriteByte(' ')
				}
				gt.WriteString(word)
				ocr.WriteString(o)
			}
			gt.WriteByte('\n')
			ocr.WriteByte('\n')
		}
		stem := fmt.Sprintf("doc%02d", d)
		g, _ := data.ReadText(stem+".txt", []byte(gt.String()))
		o, _ := data.ReadText(stem+".txt", []byte(ocr.String()))
		docs[d] = &data.Doc{Stem: stem, GT: g, OCR: o}
	}
	return docs
}

func testOptions() Options {
	o := DefaultOptions()
	o.LDA.K = 4
	o.LDA.Iters = 20
	o.LDA.BurnIn = 10
	o.Vectors.Dim = 16
	o.Vectors.Epochs = 1
	return o
}

func TestTrainCorrectRoundTrip(t *testing.T) {
	docs := synthCorpus(12, 1)
	train, test := docs[:8], docs[8:]
	m, err := Train(train, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if m.Stats.Labelled == 0 || m.Stats.Rows == 0 {
		t.Fatalf("no training rows: %+v", m.Stats)
	}
	var raw, corr, gtw int
	outs := make([][]string, len(test))
	for i, d := range test {
		c := m.Correct(d.OCR, nil, nil)
		outs[i] = c.Out
		gt := d.GT.Words()
		r := eval.EvaluateDoc(d.Stem, gt, d.OCR.Words(), eval.Options{})
		k := eval.EvaluateDoc(d.Stem, gt, OutputWords(c.Out), eval.Options{})
		raw, corr, gtw = raw+r.Matched, corr+k.Matched, gtw+r.GTWords
	}
	er := eval.ErrorReduction(gtw, raw, corr)
	t.Logf("synthetic: raw %d, corrected %d of %d gt words: error reduction %.3f", raw, corr, gtw, er)
	if er < 0.5 {
		t.Errorf("error reduction %.3f on systematic confusions, want >= 0.5", er)
	}

	// The model file round-trips: same corrections after WriteTo/Read.
	m.Stats.LineBreaks = LineBreakCounts{Marked: 3, Hyphen: 1} // as from a truth that marks them
	m.Stats.LongS = LongSCounts{OCR: 9, Truth: 1}              // ... and modernises the long s
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	var buf2 bytes.Buffer
	if _, err := m.WriteTo(&buf2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
		t.Error("two writes of one model differ")
	}
	m2, err := Read(bytes.NewReader(buf.Bytes()), "test.model")
	if err != nil {
		t.Fatal(err)
	}
	if sp := m.Stats.Spacing; len(sp) != 1 || sp[0].Apart == 0 || sp[0].Whole == 0 || !reflect.DeepEqual(m2.Stats.Spacing, sp) {
		t.Errorf("spacing counts %+v, read back as %+v", sp, m2.Stats.Spacing)
	}
	if !m2.MarksLineBreaks() || m2.Stats.LineBreaks != m.Stats.LineBreaks {
		t.Errorf("line-break counts %+v, read back as %+v", m.Stats.LineBreaks, m2.Stats.LineBreaks)
	}
	if m2.KeepsLongS() || m2.Stats.LongS != m.Stats.LongS {
		t.Errorf("long s counts %+v, read back as %+v", m.Stats.LongS, m2.Stats.LongS)
	}
	if r, r2 := m.Ranker, m2.Ranker; r.Own != nil || r2.Own != nil {
		t.Errorf("a model trained on its own collection has own weights %v, read back as %v", r.Own, r2.Own)
	}
	sameCorrections(t, m2, test, outs)
	// Both correct with generators narrowed by correctNarrowing (lists cut
	// at correctMinKeep, English words not split), which training is not.
	if m.gens.narrow.MinKeep != correctMinKeep || m2.gens.narrow.MinKeep != correctMinKeep || m.gens.narrow.Whole == nil || m2.gens.narrow.Whole == nil {
		t.Errorf("correcting pools narrow %+v and %+v (read back), want MinKeep %d and English words whole", m.gens.narrow, m2.gens.narrow, correctMinKeep)
	}

	// Training is deterministic.
	m3, err := Train(train, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	m3.Stats.LineBreaks = m.Stats.LineBreaks
	m3.Stats.LongS = m.Stats.LongS
	var buf3 bytes.Buffer
	m3.WriteTo(&buf3)
	if !bytes.Equal(buf.Bytes(), buf3.Bytes()) {
		t.Error("two trainings with the same seed give different model files")
	}
}

func TestReadErrors(t *testing.T) {
	docs := synthCorpus(4, 2)
	m, err := Train(docs, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	m.WriteTo(&buf)
	good := buf.Bytes()
	cases := map[string][]byte{
		"empty":     nil,
		"not gzip":  []byte("hello world"),
		"truncated": good[:len(good)/2],
	}
	for name, b := range cases {
		if _, err := Read(bytes.NewReader(b), "bad.model"); err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), "bad.model") {
			t.Errorf("%s: error does not name the file: %v", name, err)
		}
	}
	// Another format version.
	var vb bytes.Buffer
	m.write(&vb, Version+1)
	if _, err := Read(&vb, "new.model"); err == nil || !strings.Contains(err.Error(), "version") {
		t.Errorf("other version: error %v, want one that names the version", err)
	}
	// Own weights missing or of another length: corrupt.
	m.Ranker.Own = make([]float64, len(m.Ranker.W)-1)
	var ob bytes.Buffer
	m.WriteTo(&ob)
	m.Ranker.Own = nil
	if _, err := Read(&ob, "own.model"); err == nil || !strings.Contains(err.Error(), "corrupt") || !strings.Contains(err.Error(), "own.model") {
		t.Errorf("own weights of another length: error %v, want one that says corrupt and names the file", err)
	}
	// Other features (a renamed column), same format version: refused,
	// naming both lists.
	saved := m.Ranker.Names
	m.Ranker.Names = append([]string{"renamed_feature"}, saved[1:]...)
	var fb bytes.Buffer
	m.WriteTo(&fb)
	m.Ranker.Names = saved
	_, err = Read(&fb, "other.model")
	if err == nil || !strings.Contains(err.Error(), "renamed_feature") || !strings.Contains(err.Error(), features.Names[0]) {
		t.Errorf("other features: error %v, want one that names both lists", err)
	}
	// unknown-word counts that cannot be: corrupt
	for _, u := range []UnknownCounts{{Unknown: 5, Words: 4}, {Unknown: -1, Words: 4}, {Unknown: 0, Words: -1}} {
		saved := m.Stats.Unknown
		m.Stats.Unknown = u
		var ub bytes.Buffer
		m.WriteTo(&ub)
		m.Stats.Unknown = saved
		if _, err := Read(&ub, "unknown.model"); err == nil || !strings.Contains(err.Error(), "corrupt") || !strings.Contains(err.Error(), "unknown.model") {
			t.Errorf("unknown counts %+v: error %v, want one that says corrupt and names the file", u, err)
		}
	}
}

// TestUnseenOwnWeights checks that a model for unseen collections has own
// weights for the OCR token's own rows, that they change its scores, and
// that they survive the model file.
func TestUnseenOwnWeights(t *testing.T) {
	docs := synthCorpus(10, 5)
	o := testOptions()
	o.Unseen = true
	m, err := Train(docs[:8], o)
	if err != nil {
		t.Fatal(err)
	}
	r := m.Ranker
	if len(r.Own) != len(r.W) || r.Names[r.OwnCol] != ownFeature || !slices.ContainsFunc(r.Own, func(v float64) bool { return v != 0 }) {
		t.Fatalf("unseen model: own weights %v on column %d", r.Own, r.OwnCol)
	}
	m2 := readBack(t, m, "unseen.model")
	// the file keeps the trained confusion, and Read adapts it to the
	// glyph priors as Train did
	var c1, c2 bytes.Buffer
	m.Conf.Trained().WriteTo(&c1)
	m2.Conf.Trained().WriteTo(&c2)
	if !bytes.Equal(c1.Bytes(), c2.Bytes()) {
		t.Error("the confusion read back is not the trained one")
	}
	floored := m.Conf.Trained().WithSubstitutionFloor(unseenSubCost)
	if len(floored.GlyphPriors(glyphPriorShare)) > 0 && !(m.Conf.LogProb("tlie", "the") > floored.LogProb("tlie", "the")) {
		t.Error("the trained model's confusion is not adapted to its glyph priors")
	}
	if u := m.Conf.LogProb("the", "the") - m.Conf.LogProb("tho", "the"); u > unseenSubCost+0.01 {
		t.Errorf("e read as o costs %.2f nats, above the floor of unseen models", u)
	}
	for _, p := range [][2]string{{"tlie", "the"}, {"rnore", "more"}, {"tbe", "the"}} {
		if a, b := m.Conf.LogProb(p[0], p[1]), m2.Conf.LogProb(p[0], p[1]); a != b {
			t.Errorf("LogProb(%s|%s) %v trained, %v read back", p[0], p[1], a, b)
		}
	}
	if !slices.Equal(m2.Ranker.Own, r.Own) || m2.Ranker.OwnCol != r.OwnCol {
		t.Fatalf("own weights %v (column %d) read back as %v (column %d)", r.Own, r.OwnCol, m2.Ranker.Own, m2.Ranker.OwnCol)
	}
	var outs [][]string
	for _, d := range docs[8:] {
		outs = append(outs, m.Correct(d.OCR, nil, nil).Out)
	}
	sameCorrections(t, m2, docs[8:], outs)
	// The own weights count: without them the OCR tokens' own rows score
	// otherwise. The lattice's scores (scoreRows, by tables of the 0 and 1
	// terms) are Logit's to the bit.
	lat := m.Score(docs[8].OCR, nil, nil)
	plain := *r
	plain.Own = nil
	own, differ := 0, 0
	for i := 0; i < lat.Feat.Rows(); i++ {
		row := lat.Feat.Row(i)
		if lat.Scores[i] != r.Logit(row) {
			t.Fatalf("row %d: score %v, Logit %v", i, lat.Scores[i], r.Logit(row))
		}
		if row[r.OwnCol] == 0 {
			if plain.Logit(row) != r.Logit(row) {
				t.Fatalf("row %d, not the OCR token's own: own weights changed its score", i)
			}
			continue
		}
		own++
		if plain.Logit(row) != r.Logit(row) {
			differ++
		}
	}
	if own == 0 || differ != own {
		t.Errorf("%d of %d own rows scored otherwise with own weights", differ, own)
	}
}

// sameCorrections checks that m corrects each of docs into outs.
func sameCorrections(t *testing.T, m *Model, docs []*data.Doc, outs [][]string) {
	t.Helper()
	for i, d := range docs {
		if c := m.Correct(d.OCR, nil, nil); strings.Join(c.Out, "\x00") != strings.Join(outs[i], "\x00") {
			t.Fatalf("document %s: corrections differ after reading the model back", d.Stem)
		}
	}
}

// TestWindows: a long text is cut at line starts, preferring a line that
// does not go on with a lower-case word, every window at most the size.
func TestWindows(t *testing.T) {
	var src strings.Builder
	for i := range 40 {
		switch i % 4 {
		case 0:
			src.WriteString("The start of a sentence con-\n")
		case 1:
			src.WriteString("sideration goes on and on\n")
		default:
			src.WriteString("words of a line here.\n")
		}
	}
	tx, err := data.ReadText("w.txt", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	toks := tx.Tokens
	for _, size := range []int{7, 12, 25, 60, len(toks), len(toks) + 5} {
		cuts := windows(toks, size)
		if cuts[0] != 0 || cuts[len(cuts)-1] != len(toks) {
			t.Fatalf("size %d: cuts %v do not span %d tokens", size, cuts, len(toks))
		}
		for k := 1; k < len(cuts); k++ {
			if n := cuts[k] - cuts[k-1]; n < 1 || n > size {
				t.Fatalf("size %d: window %d has %d tokens", size, k, n)
			}
			if c := cuts[k]; c < len(toks) && size >= 12 {
				if toks[c].Line == toks[c-1].Line {
					t.Errorf("size %d: cut %d inside line %d", size, c, toks[c].Line)
				}
				if toks[c].Text == "sideration" {
					t.Errorf("size %d: cut %d between con- and sideration", size, c)
				}
			}
		}
	}
	if got := windows(toks, len(toks)); len(got) != 2 {
		t.Errorf("a text of the window's size is cut: %v", got)
	}
}

// TestCorrectWindows: a text corrected in windows is corrected as its
// windows are, each alone against the whole text's profile, and the
// corrections join up to one per token.
func TestCorrectWindows(t *testing.T) {
	docs := synthCorpus(12, 1)
	m, err := Train(docs[:8], testOptions())
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, d := range docs[8:] {
		src.Write(d.OCR.Source)
		src.WriteString("\n")
	}
	tx, err := data.ReadText("long.txt", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	size := len(tx.Tokens)/3 + 1
	got := m.correctWindows(tx, nil, size)
	if len(got.Out) != len(tx.Tokens) || len(got.Cands) != len(tx.Tokens) || len(got.Scores) != len(tx.Tokens) {
		t.Fatalf("%d tokens: %d outputs, %d candidate lists, %d score lists", len(tx.Tokens), len(got.Out), len(got.Cands), len(got.Scores))
	}
	if got.Changed == 0 {
		t.Fatal("nothing corrected")
	}
	prof := profile.Of([][]string{ReadWords(tx)}, profile.Options{})
	cuts := windows(tx.Tokens, size)
	if len(cuts) < 3 {
		t.Fatalf("cuts %v: want two windows or more", cuts)
	}
	changed := 0
	for k := 0; k+1 < len(cuts); k++ {
		part := *tx
		part.Tokens = tx.Tokens[cuts[k]:cuts[k+1]]
		w := m.Correct(&part, nil, prof)
		if !slices.Equal(w.Out, got.Out[cuts[k]:cuts[k+1]]) {
			t.Errorf("window %d corrected otherwise in the whole", k)
		}
		changed += w.Changed
	}
	if changed != got.Changed {
		t.Errorf("changed %d, windows alone %d", got.Changed, changed)
	}
	again := m.correctWindows(tx, nil, size)
	if !slices.Equal(again.Out, got.Out) {
		t.Error("not deterministic")
	}
}

// TestInfiniteMarginRoundTrip: a model whose best margin for every kind
// of change at once is +Inf (training found no margin that helps its
// out-of-fold documents, as on a tiny collection beside large ones) is
// written and read back with its margins, and corrects as before.
func TestInfiniteMarginRoundTrip(t *testing.T) {
	docs := synthCorpus(6, 3)
	m, err := Train(docs[:4], testOptions())
	if err != nil {
		t.Fatal(err)
	}
	m.Margin, m.Stats.Margin = math.Inf(1), LogOdds(math.Inf(1))
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatalf("write with an infinite margin: %v", err)
	}
	r, err := Read(bytes.NewReader(buf.Bytes()), "inf.model")
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsInf(float64(r.Stats.Margin), 1) || !math.IsInf(r.Margin, 1) {
		t.Errorf("read margins %v and %v, want +Inf", r.Margin, r.Stats.Margin)
	}
	for _, d := range docs[4:] {
		if a, b := m.Correct(d.OCR, nil, nil).Out, r.Correct(d.OCR, nil, nil).Out; !slices.Equal(a, b) {
			t.Errorf("%s: corrected differently after reading", d.Stem)
		}
	}
}

// TestLogOddsJSON: a finite margin is written as encoding/json writes a
// float64 (so the files of finite margins keep their bytes), an infinite
// one as a string, and both read back; anything else is an error.
func TestLogOddsJSON(t *testing.T) {
	for _, f := range []float64{0, 1.31, -2.5, 1e21, 3.77e-9, math.Inf(1), math.Inf(-1)} {
		b, err := json.Marshal(LogOdds(f))
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if want, err := json.Marshal(f); err == nil && string(b) != string(want) {
			t.Errorf("%v written %s, want %s as a float64", f, b, want)
		}
		var v LogOdds
		if err := json.Unmarshal(b, &v); err != nil || float64(v) != f {
			t.Errorf("%s read back as %v (%v), want %v", b, v, err, f)
		}
	}
	if _, err := json.Marshal(LogOdds(math.NaN())); err == nil {
		t.Error("NaN written without error")
	}
	var v LogOdds
	for _, bad := range []string{`"Inf"`, `"x"`, `true`} {
		if err := json.Unmarshal([]byte(bad), &v); err == nil {
			t.Errorf("%s read without error", bad)
		}
	}
}

// TestSupervisedAsUnseen: a model trained with labels whose margins never
// allow a change the profile does not support corrects as a model for
// unseen collections (forUnseen), with the same confusion before it is
// written as once read: adapted to the glyph priors and the substitution
// floor in both.
func TestSupervisedAsUnseen(t *testing.T) {
	m, err := Train(synthCorpus(4, 2), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !m.forUnseen() {
		t.Fatalf("margins %v: the test needs a model whose unsupported margins all stayed +Inf", m.Margins)
	}
	m2 := readBack(t, m, "supervised.model")
	for _, p := range [][2]string{{"tho", "the"}, {"tlie", "the"}, {"frotn", "from"}, {"tbe", "the"}} {
		if a, b := m.Conf.LogProb(p[0], p[1]), m2.Conf.LogProb(p[0], p[1]); a != b {
			t.Errorf("LogProb(%s|%s) %v trained, %v read back", p[0], p[1], a, b)
		}
	}
}

// readBack returns m written to a model file named name and read back.
func readBack(t *testing.T, m *Model, name string) *Model {
	t.Helper()
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	m2, err := Read(&buf, name)
	if err != nil {
		t.Fatal(err)
	}
	return m2
}
