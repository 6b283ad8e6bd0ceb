package model

import (
	"reflect"
	"slices"
	"testing"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/profile"
)

func TestConventional(t *testing.T) {
	lex := candgen.NewLexicon()
	for _, w := range []string{"have", "unto", "just", "house"} {
		lex.Add(w, 3)
	}
	conv := []candgen.Habit{{True: 'v', OCR: "u", Convention: true}}
	for w, want := range map[string]bool{
		"haue":  true,  // v put back
		"Haue,": true,  // case and punctuation aside
		"vnto":  true,  // the other way round: the convention is a swap
		"hauue": false, // no single or complete replacement makes a word
		"house": false, // no v-for-u reading is a word
		"iust":  false, // not this convention's letters
	} {
		if got := conventional(conv, lex, w); got != want {
			t.Errorf("conventional(%q) = %v, want %v", w, got, want)
		}
	}
	if conventional(nil, lex, "haue") {
		t.Error("no conventions, yet haue is conventional")
	}
	// the decision: a word change of a conventional token is unsupported
	words := []string{"we", "haue", "it"}
	p := profile.Of([][]string{words}, profile.Options{})
	d := decider{margins: uniform(0), prof: p, lex: lex, conv: conv}
	for _, cand := range []string{"have", "house"} {
		c := candgen.Candidate{Text: cand, Span: 1}
		if k := d.kind(words, 1, &c); k != int(eval.KindWord)+int(eval.NumKinds) {
			t.Errorf("haue -> %s: decision kind %s, want unsupported", cand, KindName(k))
		}
	}
	d.conv = nil
	c := candgen.Candidate{Text: "have", Span: 1}
	if k := d.kind(words, 1, &c); k != int(eval.KindWord) {
		t.Errorf("without the convention haue -> have is %s", KindName(k))
	}
}

// TestAdaptedKeepsTheModel: the adapted model is the trained one in every
// exported field but its confusion, and the trained model is unchanged.
func TestAdaptedKeepsTheModel(t *testing.T) {
	m, err := Train(synthCorpus(6, 3), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	conf := m.Conf
	a := m.Adapted([]candgen.Habit{{True: 's', OCR: "f", Rate: 0.3}})
	if a == m || a.Conf == conf || m.Conf != conf {
		t.Fatal("Adapted did not make a model with a confusion of its own")
	}
	mv, av := reflect.ValueOf(m).Elem(), reflect.ValueOf(a).Elem()
	for i := 0; i < mv.NumField(); i++ {
		f := mv.Type().Field(i)
		if !f.IsExported() || f.Name == "Conf" || f.Name == "WithoutConfidence" {
			continue
		}
		if !reflect.DeepEqual(mv.Field(i).Interface(), av.Field(i).Interface()) {
			t.Errorf("field %s differs in the adapted model", f.Name)
		}
	}
	// a convention alone keeps the confusion (and its generators)
	c := m.Adapted([]candgen.Habit{{True: 'v', OCR: "u", Rate: 0.4, Convention: true}})
	if c == m || c.Conf != conf || c.gens != m.gens || len(c.conventions) != 1 {
		t.Error("a convention: want the same confusion and generators, the convention kept")
	}
	if m.Adapted(nil) != m {
		t.Error("no habits: another model")
	}
}

func TestUndoesHabit(t *testing.T) {
	habits := []candgen.Habit{{True: 's', OCR: "f"}, {True: 'h', OCR: "li"}}
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"fuch", "such", true},
		{"Fuch,", "Such,", true},
		{"poffeffion", "possession", true},   // all of them
		{"poffeffion", "posfeffion", true},   // one of them
		{"poffeffion", "possessions", false}, // more than the habit
		{"tliat", "that", true},
		{"Tlie", "The", true},
		{"fuch", "much", false},
		{"fame", "fame", false},
		{"lie", "he", true},
	} {
		if got := undoesHabit(habits, c.orig, c.cand); got != c.want {
			t.Errorf("undoesHabit(%q, %q) = %v, want %v", c.orig, c.cand, got, c.want)
		}
	}
	if undoesHabit(nil, "fuch", "such") {
		t.Error("no habits, yet fuch -> such undoes one")
	}
}

// TestHabitEvidenceForms: a form counts for a misreading in the evidence
// of recurring forms when it recurs, and in that of every form when it is
// seen once or the collection also writes the word it makes: the pieces
// of words broken at line ends (`cated`, from indi- cated, is caked with
// k for t) recur without the word beside them, a misreading at a low
// rate leaves it (`wero` beside were).
func TestHabitEvidenceForms(t *testing.T) {
	lex := candgen.NewLexicon()
	for _, w := range []string{"caked", "were", "the", "of"} {
		lex.Add(w, 3)
	}
	m := &Model{Lex: lex}
	var doc []string
	for range 5 {
		doc = append(doc, "cated", "were", "the", "of")
	}
	doc = append(doc, "wero", "thoy")
	ev := m.habitEvidence(profile.Of([][]string{doc}, profile.Options{}))
	recurring, all, runes := ev.recurring, ev.all, ev.runes
	kt, eo := habitKey{'k', "t"}, habitKey{'e', "o"}
	if s := recurring[kt]; s == nil || s.words != 1 || s.tokens <= 0 || s.tokens > 5 {
		t.Errorf("recurring evidence of k read as t: %+v, want cated's (its 5 tokens shared with dated, rated...)", s)
	}
	if s := all[kt]; s != nil {
		t.Errorf("evidence of every form for k read as t: %+v, want none (the collection never writes caked)", s)
	}
	if recurring[eo] != nil {
		t.Errorf("recurring evidence of e read as o: %+v, want none (wero is seen once)", recurring[eo])
	}
	// wero (were beside it) counts, and thoy (seen once; English writes
	// they), a token each but for what their other readings share (thou)
	if s := all[eo]; s == nil || s.words != 2 || s.tokens <= 1 || s.tokens > 2 {
		t.Errorf("evidence of every form for e read as o: %+v, want wero's and thoy's", s)
	}
	if want := 5.0*(1+2+1) + 1; runes['e'] != want {
		t.Errorf("occurrences of e: %v, want %v", runes['e'], want)
	}
}

// TestExpectsOther: a model whose confusion reads i as l (learned from
// `lnto`, `wlll` beside into, will) expects l for a letter other than a,
// so the forms with l are not evidence of a read as l; for i itself, and
// for a letter it never reads as l, it does not.
func TestExpectsOther(t *testing.T) {
	var pairs []candgen.TrainPair
	for range 20 {
		pairs = append(pairs, candgen.TrainPair{GT: []string{"into", "will", "and", "the"}, OCR: []string{"lnto", "wlll", "and", "the"}})
	}
	m := &Model{Conf: candgen.LearnConfusion(pairs, candgen.ConfusionOptions{})}
	if r := m.Conf.SubRate("i", "l"); r < 0.5 {
		t.Fatalf("the confusion reads i as l at %v", r)
	}
	if !m.expectsOther('a', "l", 0.01) {
		t.Error("a read as l: the model's i read as l not seen")
	}
	if m.expectsOther('i', "l", 0.01) {
		t.Error("i read as l: its own reading counted as another letter's")
	}
	if m.expectsOther('e', "o", 0.01) {
		t.Error("e read as o: a reading the model never learned")
	}
}

// TestNoisyHabit: where the collection misreads many letters (here the
// twenty the model reads as another, each at 1.5 times the model's rate),
// the noise floor of the evidence is high; a misreading that reaches it
// and stands habitStandOut times above the model's rate is a habit
// (noisyHabit), marked Weak; one below the floor or with too few words is
// not, nor one the model never saw an engine make, nor a second reading
// of the same letter or a spelling convention, and neither is one of the
// letters the model already reads so (their rates under twice the
// model's).
func TestNoisyHabit(t *testing.T) {
	// a model that reads each of twenty letters as the next one in one
	// copy of its word in twenty (d and s less often: `and` and `as` are
	// read right more often still)
	noise := "bcdfghjklmpqrstvwxyz"
	next := func(k int) byte { return noise[(k+1)%len(noise)] }
	var pairs []candgen.TrainPair
	for k := range len(noise) {
		w := string(noise[k]) + "oo"
		for i := range 20 {
			o := w
			if i == 0 {
				o = string(next(k)) + "oo"
			}
			pairs = append(pairs, candgen.TrainPair{GT: []string{w, "as"}, OCR: []string{o, "as"}})
		}
	}
	// and a as n, a as u and i as j once in 2,000 copies of `and`, `in`
	for i := range 2000 {
		o, p := "and", "in"
		switch i {
		case 0:
			o, p = "nnd", "jn"
		case 1:
			o = "und"
		}
		pairs = append(pairs, candgen.TrainPair{GT: []string{"and", "in"}, OCR: []string{o, p}})
	}
	m := &Model{Conf: candgen.LearnConfusion(pairs, candgen.ConfusionOptions{})}
	all := map[habitKey]*habitStat{}
	rates := map[habitKey]float64{}
	add := func(t rune, o string, words int, r float64) {
		k := habitKey{t, o}
		all[k] = &habitStat{habitKey: k, words: words, tokens: r * 1e4}
		rates[k] = r
	}
	// the collection reads each of those letters so at 1.5 times the
	// model's rate: twenty misreadings the model expects, whose median
	// rate is the floor
	var floor []float64
	for k := range len(noise) {
		r := 1.5 * m.Conf.SubRate(string(noise[k]), string(next(k)))
		add(rune(noise[k]), string(next(k)), 30, r)
		floor = append(floor, r)
	}
	slices.Sort(floor)
	f := floor[len(floor)/2]
	if f < 0.01 {
		t.Fatalf("floor %v: the model learned too little", f)
	}
	if exp := m.Conf.SubRate("a", "n"); exp == 0 || exp*habitStandOut > f {
		t.Fatalf("the model reads a as n at %v", exp)
	}
	// e read as u, which the model never saw an engine make, as often as
	// a as n below: no habit in OCR noisy throughout
	add('e', "u", 25, 1.5*f)
	rate := func(s *habitStat) float64 { return rates[s.habitKey] }
	find := func() []candgen.Habit { return m.lowRateHabits(all, rate, nil) }
	for _, c := range []struct {
		name  string
		words int
		r     float64
		want  bool
	}{
		{"at 1.5 times the floor", 25, 1.5 * f, true},
		{"at the floor", 25, f, true},
		{"below the floor", 25, 0.8 * f, false},
		{"too few words", habitMinWords - 1, 1.5 * f, false},
	} {
		add('a', "n", c.words, c.r)
		hs := find()
		got := slices.ContainsFunc(hs, func(h candgen.Habit) bool { return h.True == 'a' && h.OCR == "n" })
		if got != c.want {
			t.Errorf("a read as n %s: habits %v, want it found %v", c.name, hs, c.want)
		}
		for _, h := range hs {
			if h.True != 'a' {
				t.Errorf("a read as n %s: habit %v of a letter the model reads so", c.name, h)
			}
		}
	}
	// a second misreading of a letter, with less evidence, and a
	// spelling convention are no habits on this test alone
	add('a', "n", 25, 1.5*f)
	add('a', "u", 25, 1.2*f)
	add('i', "j", 25, 1.5*f)
	hs := find()
	if len(hs) != 1 || hs[0].True != 'a' || hs[0].OCR != "n" || !hs[0].Weak {
		t.Errorf("a read as n and as u, i read as j: habits %v, want a read as n alone, weak", hs)
	}
	for _, c := range []struct {
		r, floor, exp float64
		want          bool
	}{
		{0.01, 0.01, 0.01 / habitStandOut, true},
		{0.01, 0.01, 0.0101 / habitStandOut, false},
		{0.01, 0.01, 0.01 / (habitStandOut - 1), false},
		{0.01, 0.01, 0, false},
		{0.01, 0.0101, 0.0001, false},
		{0.02, 0.01, 0.0001, true},
	} {
		if got := noisyHabit(c.r, c.floor, c.exp); got != c.want {
			t.Errorf("noisyHabit(%v, %v, %v) = %v", c.r, c.floor, c.exp, got)
		}
	}
}
