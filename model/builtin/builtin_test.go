package builtin

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/model"
)

// The built-in model loads, says what it was trained on, and corrects a
// page it has never seen without touching the words that are right.
func TestBuiltinModel(t *testing.T) {
	m, _ := modelAndCorpus(t)
	if d := Describe(m); !strings.Contains(d, "collections") || m.Stats.Docs == 0 {
		t.Errorf("description %q", d)
	}
	src := "It was tbe best of times, it was the worst of tirnes; the age of wisdom.\n"
	tx, err := data.ReadText("page.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := m.Correct(tx, nil, nil)
	got := strings.Join(c.Out, " ")
	for _, w := range []string{"It", "was", "best", "worst", "age", "wisdom."} {
		if !strings.Contains(got, w) {
			t.Errorf("%q lost in %q", w, got)
		}
	}
	if m2, _ := Model(); m2 != m {
		t.Error("Model read the file twice")
	}
}

// correctPage corrects the page src alone with m and returns it read, its
// correction and the corrected text.
func correctPage(t *testing.T, m *model.Model, src string) (*data.Text, *model.Correction, string) {
	t.Helper()
	name := "page.txt"
	if strings.HasPrefix(src, "<") {
		name = "page.xml"
	}
	tx, err := data.ReadText(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := m.Correct(tx, nil, nil)
	var b strings.Builder
	if err := tx.Rewrite(&b, c.Out); err != nil {
		t.Fatal(err)
	}
	return tx, c, b.String()
}

// altoBlock returns the lines of text as an ALTO TextBlock, a String per
// word (XML's special characters are not escaped).
func altoBlock(text string) string {
	var b strings.Builder
	b.WriteString("<TextBlock>")
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		b.WriteString("<TextLine>")
		for i, w := range strings.Fields(line) {
			if i > 0 {
				b.WriteString("<SP/>")
			}
			fmt.Fprintf(&b, "<String CONTENT=%q/>", w)
		}
		b.WriteString("</TextLine>\n")
	}
	b.WriteString("</TextBlock>")
	return b.String()
}

// A word broken across two lines is corrected as the word it makes and
// written back in its two pieces; the pieces of a right one are kept, not
// taken for words of their own (ment -> moment, tion -> action).
func TestBuiltinLineBreaks(t *testing.T) {
	m, _ := modelAndCorpus(t)
	src := "The committee gave its con-\nsideration to the ques-\ntlon of the rail-\nway and the govern-\nment of the ques-\ntion, a well-\nknown gov-\nemment in the colony.\n"
	tx, c, got := correctPage(t, m, src)
	want := strings.NewReplacer("tlon", "tion", "emment", "ernment").Replace(src)
	if got != want {
		t.Errorf("corrected\n%s\nwant\n%s", got, want)
	}
	// the candidates of a broken word are shown as the pieces they write
	i := slices.IndexFunc(tx.Tokens, func(k data.Token) bool { return k.Text == "ques-" })
	if !slices.ContainsFunc(c.Cands[i], func(x candgen.Candidate) bool { return x.Text == "ques- tion" && x.Span == 2 }) {
		t.Errorf("candidates of ques- tlon: %v", c.Cands[i])
	}
	// the hyphen lost and a piece misread: the pieces are one word, near
	// procedure, and the second is no word to make another of (`cedure`
	// had been endure)
	src = "The Board adopted a new Prof\ncedure, and Coni\nsequently the members met.\n"
	if _, _, got := correctPage(t, m, src); got != src {
		t.Errorf("corrected\n%s\nwant\n%s", got, src)
	}
}

// Words run together with a dash are corrected one by one and written
// back as the token they were read in (model.Correct): before, the token
// was a word of its own that no list held, and stayed.
func TestBuiltinDashes(t *testing.T) {
	m, _ := modelAndCorpus(t)
	src := "He had been away for three inonths.--The house was let, and the\nfamily lived in it for a long tirne.—Adjourned. It was--a well-known story.\n"
	tx, c, got := correctPage(t, m, src)
	want := strings.NewReplacer("inonths", "months", "tirne", "time").Replace(src)
	if got != want {
		t.Errorf("corrected\n%s\nwant\n%s", got, want)
	}
	i := slices.IndexFunc(tx.Tokens, func(k data.Token) bool { return k.Text == "inonths.--The" })
	if r := c.Ranked(i, 1); len(r) == 0 || r[0].Text != "months.--The" {
		t.Errorf("best candidate of inonths.--The: %v", r)
	}
	// with another engine's reading, cut the same way
	alt, err := data.ReadText("alt.txt", []byte(strings.NewReplacer("inonths", "months", "--", "—").Replace(src)))
	if err != nil {
		t.Fatal(err)
	}
	c = m.Correct(tx, []*data.Text{alt}, nil)
	if len(c.Out) != len(tx.Tokens) || c.Out[i] != "months.--The" || c.Out[i+1] != "house" {
		t.Errorf("with another reading: %q", c.Out)
	}
}

// The misread words of a compound are corrected each on its own
// (`famity-mending` -> family-mending, `cost/beneflt` -> cost/benefit,
// beside a name no list holds: `Goulburn-streot` -> Goulburn-street); a
// reduplication, a compound of words and a word broken at a line end
// whose lines were joined with the hyphen kept (decided whole: supported)
// are not cut.
func TestBuiltinCompounds(t *testing.T) {
	m, _ := modelAndCorpus(t)
	src := "It was a famity-mending in the partor, and a sewing-circies meeting with the\nfrou-frou of silk. The well-known house was snp-ported by the town.\n" +
		"A cost/beneflt study of the house in Goulburn-streot was made and/or read.\n"
	_, _, got := correctPage(t, m, src)
	want := strings.NewReplacer("famity", "family", "partor", "parlor", "circies", "circles", "snp-ported", "supported",
		"beneflt", "benefit", "streot", "street").Replace(src)
	if got != want {
		t.Errorf("corrected\n%s\nwant\n%s", got, want)
	}
	// a collection whose engine reads letters as hyphens (markHabits:
	// ads-fall2018's `Envlr-mental`): a hyphen inside a word is a letter
	// there, and no token is cut at one
	a := m.Adapted([]candgen.Habit{{True: 'e', OCR: "-", Rate: 0.01, Words: 20, Tokens: 40}})
	tx, err := data.ReadText("p.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// (a slash is not a hyphen: the compound is cut there still)
	if c := a.Correct(tx, nil, nil); !slices.Contains(c.Out, "famity-mending") || !slices.Contains(c.Out, "cost/benefit") {
		t.Errorf("with a habit of letters read as hyphens: %q", c.Out)
	}
}

// An engine that reads h as li (`tlie`, `wliich`), which the renders the
// model learned from show only the other way round (li read as h), is met
// on a single page, with no profile to find the habit in: the model's
// confusion expects the reverse of its learned two-for-one readings
// (model.Read, candgen.Confusion.GlyphPriors), and the page's words come
// back, where without it tlie became flie.
func TestBuiltinGlyphPriors(t *testing.T) {
	m, _ := modelAndCorpus(t)
	_, _, got := correctPage(t, m, "It was tlie first time tliat the Governor liad spoken of it, and the people wlio were present said that he had gone. The committee met on Tuesday, wlien the chairman read tlie report of the Society, wliich was adopted.\n")
	if want := "It was the first time that the Governor had spoken of it, and the people who were present said that he had gone. The committee met on Tuesday, when the chairman read the report of the Society, which was adopted.\n"; got != want {
		t.Errorf("corrected\n%s\nwant\n%s", got, want)
	}
}

// Ligature glyphs are read as their letters: the words they spell are
// known words, not misreadings of others (ﬂoor is floor, not door), the
// corrected text has the letters, and Changed counts those tokens.
func TestBuiltinLigatures(t *testing.T) {
	m, _ := modelAndCorpus(t)
	_, c, got := correctPage(t, m, "The ﬁrst ﬂoor of the oﬃce was ﬁlled with ﬂowers and oﬀers.\n")
	if want := "The first floor of the office was filled with flowers and offers.\n"; got != want {
		t.Errorf("corrected\n%s\nwant\n%s", got, want)
	}
	if c.Changed != 6 {
		t.Errorf("Changed = %d, want 6", c.Changed)
	}
}

// TestLineBreaksReal: data/habits/hyphen-periodicals is the collection
// periodicals set in narrow lines, a word broken at the end of one line in
// nine (scripts/gencorpus -hyphenate), its truth keeping the broken words
// as printed. Corrected by the built-in model, its pieces are not taken for
// words of their own: it breaks hardly more words than periodicals' own
// documents do, and the correction matches as large a share of its truth.
func TestLineBreaksReal(t *testing.T) {
	m, _ := modelAndCorpus(t)
	counts := func(dir string) (raw, corr, broken int) {
		c, _, err := data.LoadDir(dir, data.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Docs) < 24 {
			t.Fatalf("%s: %d documents", dir, len(c.Docs))
		}
		docs := c.Docs[:12] // a dozen documents: quick under -race
		ts, gts := make([]*data.Text, len(docs)), make([][]string, len(docs))
		for j, d := range docs {
			ts[j], gts[j] = d.OCR, d.GT.Words()
		}
		return correctedCounts(m, ts, gts, profileOf(ts))
	}
	pr, pc, pb := counts("../../data/collections/periodicals")
	hr, hc, hb := counts("../../data/habits/hyphen-periodicals")
	t.Logf("periodicals: raw %d, corrected %d, broken %d; set in narrow lines: raw %d, corrected %d, broken %d", pr, pc, pb, hr, hc, hb)
	// without the pieces decided as one word: 67 broken against 4
	if hb > 2*pb+10 {
		t.Errorf("broken words: %d in narrow lines, %d in periodicals", hb, pb)
	}
	if pFix, hFix := float64(pc-pr)/float64(pr), float64(hc-hr)/float64(hr); hFix < 0.9*pFix {
		t.Errorf("words gained: %.2f%% of the raw matches in narrow lines, %.2f%% in periodicals", 100*hFix, 100*pFix)
	}
}

// The built-in model leaves a page of another language as read (it made
// `parlaient` parliament, `parti le` particle and `un` in) and says so,
// and corrects an English one.
// TestBuiltinAccents: the accented words of an English page (French
// words and names, as 19th-century print sets them) stay as read, where
// the ranker, which learned on print without accents, had made them the
// plain words (`façade` -> facade, `Staël` -> Stael, `crème` -> crime),
// and so do a dialect's elisions (`kep'` had become kept', `waitin'`
// waiting'); a misreading beside them is still put right.
func TestBuiltinAccents(t *testing.T) {
	m, _ := modelAndCorpus(t)
	page := "The façade of the house was admired by Madame de Staël, who spoke of the coup d'état\n" +
		"over the crème de la crème of the town at tbe fête, with his protégé and the élite.\n" +
		"\"Mas'r Shelby's a-waitin', an' he don't like to be kep' waitin' nohow,\" said Sam.\n"
	_, _, got := correctPage(t, m, page)
	if want := strings.Replace(page, "tbe", "the", 1); got != want {
		t.Errorf("accented words:\n got %q\nwant %q", got, want)
	}
}

func TestBuiltinOtherLanguage(t *testing.T) {
	m, _ := modelAndCorpus(t)
	french := "Les paysans du village parlaient de la récolte, du prix du blé et de la\npluie qui n'était pas venue depuis trois semaines. Charles était parti le\nmatin pour visiter un malade à la ferme des Bertaux.\n"
	tx, c, got := correctPage(t, m, french)
	if len(c.OtherLanguage) != 1 || c.OtherLanguage[0] != [2]int{0, len(tx.Tokens)} || c.Changed != 0 || got != french || len(c.Out) != len(tx.Tokens) {
		t.Errorf("French page: other language %v, %d changed: %q", c.OtherLanguage, c.Changed, got)
	}
	english := "It was tbe best of times, it was the worst of tirnes.\n"
	_, c, got = correctPage(t, m, english)
	if c.OtherLanguage != nil || !strings.Contains(got, "the best") {
		t.Errorf("English page: other language %v: %q", c.OtherLanguage, got)
	}
	// a French paragraph in an English page stays as read, and so does
	// the English one beside a longer French text; noisy English OCR and
	// a list of names with French particles are English
	for _, page := range []string{english + "\n" + french, french + "\n" + french + "\n" + english} {
		tx, c, got := correctPage(t, m, page)
		fr := strings.Index(page, french)
		if len(c.OtherLanguage) == 0 || !strings.Contains(got, french) || !strings.Contains(got, "It was the best") {
			t.Errorf("mixed page (French at byte %d): passages %v, %d tokens: %q", fr, c.OtherLanguage, len(tx.Tokens), got)
		}
	}
	// German, whose nouns are capitalised, and French in capitals are
	// other languages; two French paragraphs are two
	for _, page := range []string{
		"Die Stadt hat die Brücke und den Hafen mit dem Geld der Bürger gebaut, und der Rat hat es beschlossen.\n",
		"LE DUC EST ARRIVE HIER A L HOTEL DE VILLE OU IL A ETE RECU PAR LE MAIRE ET LES ECHEVINS DE LA VILLE.\n",
	} {
		if _, c, got := correctPage(t, m, page); len(c.OtherLanguage) != 1 || got != page {
			t.Errorf("another language taken for English: %v: %q", c.OtherLanguage, got)
		}
	}
	if _, c, _ := correctPage(t, m, english+"\n"+french+"\n"+french); len(c.OtherLanguage) != 2 {
		t.Errorf("two French paragraphs after an English one: %v", c.OtherLanguage)
	}
	// in ALTO a paragraph is a TextBlock: the French one stays as read,
	// the English one is corrected
	alto := "<alto><Layout><Page><PrintSpace>" + altoBlock(english) + altoBlock(french) + "</PrintSpace></Page></Layout></alto>\n"
	if tx, c, got := correctPage(t, m, alto); tx.Format != data.FormatALTO || len(tx.Blocks) != 2 ||
		len(c.OtherLanguage) != 1 || c.OtherLanguage[0] != [2]int{tx.Blocks[1], len(tx.Tokens)} ||
		!strings.Contains(got, `CONTENT="the"`) || !strings.Contains(got, `CONTENT="parlaient"`) || !strings.Contains(got, `CONTENT="parti"`) {
		t.Errorf("ALTO blocks %v: other language %v: %s", tx.Blocks, c.OtherLanguage, got)
	}
	for _, page := range []string{
		"Tbe ol d ma n cam e hom e late , an d sa w th e do g lyin g by th e fir e .\n",
		"It was the best of times.\n\nTh e oth er da y my fath er ha d tak en th e hors es to tbe rnarket.\n",
		"Arrivals at tbe Hotel de la Poste: Mr. Smith, Madame de la Tour, Comte de la Roche, M. le Blanc, Mme. du Pont, Baron von der Heide.\n",
	} {
		if _, c, got := correctPage(t, m, page); c.OtherLanguage != nil || !strings.Contains(got, "the") {
			t.Errorf("English page taken for another language's: %v: %q", c.OtherLanguage, got)
		}
	}
}
