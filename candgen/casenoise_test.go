package candgen

import (
	"math"
	"testing"
)

func TestCaseNoise(t *testing.T) {
	for w, want := range map[string]bool{
		"CommlttEE": true, "courSE": true, "monthB": true, "voTED": true,
		"communiCated": true, "GRowING": true, "ChemEcology": true,
		// a name joined to its particle
		"MacLennan": false, "duPont": false, "DuPont": false, "FitzGerald": false,
		// one small letter among capitals: an acronym's or a name's
		"EpA": false, "ElA": false, "AIChE": false, "McKellar": false,
		// regular shapes
		"course": false, "Course": false, "COURSE": false, "": false, "1st": false,
	} {
		if got := CaseNoise(w); got != want {
			t.Errorf("CaseNoise(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestWildForm(t *testing.T) {
	for _, c := range []struct {
		core, t, want string
		n             int
	}{
		{"returnB", "returns", "returns", 1},
		{"RobinBon", "Robinson", "Robinson", 1},
		{"reAresent", "represent", "represent", 1},
		{"monthB", "month", "monthB", 0},     // another length
		{"courSE", "course", "courSE", 0},    // its own letters
		{"ofS", "off", "ofS", 0},             // too short: a word glued to an initial
		{"Returns", "Retorns", "Returns", 0}, // no case noise
		{"CommlttEE", "Committee", "CommlttEE", 0},
		{"CommittAA", "Committee", "Committee", 2}, // the run of noisy capitals
	} {
		got, n := wildForm(c.core, c.t)
		if got != c.want || n != c.n {
			t.Errorf("wildForm(%q, %q) = %q, %d; want %q, %d", c.core, c.t, got, n, c.want, c.n)
		}
	}
}

func TestRecase(t *testing.T) {
	for _, c := range []struct{ core, w, want string }{
		{"CommlttEE", "committee", "Committee"}, // two flips against three
		{"BaltlmorE", "baltimore", "Baltimore"},
		{"courSE", "Course", "course"},
		{"voTED", "voted", "VOTED"},
		{"GRowING", "growing", "GROWING"},
		{"monthB", "months", "months"},
		{"McKellar", "McKellar", "McKellar"},       // no regular shape: as chosen
		{"coMMIssIoN", "commission", "commission"}, // a tie: the chosen shape
		{"coMMIssIoN", "COMMISSION", "COMMISSION"},
		{"reAresent", "represented", "represented"}, // lengths differ: by shape
	} {
		if got := Recase(c.core, c.w); got != c.want {
			t.Errorf("Recase(%q, %q) = %q, want %q", c.core, c.w, got, c.want)
		}
	}
}

// TestCaseBlindPricing: with Options.CaseBlind, a candidate for a core
// with case noise costs what
// the confusion model charges its small letters against the core's, plus
// log 2 for each letter whose case it changes, where that is cheaper than
// the confusion model's price of the capitals; a core without case noise
// is priced as before.
func TestCaseBlindPricing(t *testing.T) {
	pairs := tinyPairs()
	conf := LearnConfusion(pairs, ConfusionOptions{})
	g := NewGenerator(conf, tinyLexicon(pairs, "the of and to in market town word list modern summer cat sat on mat", 3), Options{CaseBlind: true})
	find := func(tok, text string) (float64, bool) {
		for _, c := range g.Generate([]string{tok}, nil)[0] {
			if c.Text == text && c.Span == 1 {
				return c.LogConf, true
			}
		}
		return 0, false
	}
	got, ok := find("modERn", "modern")
	if !ok {
		t.Fatal("modERn: no candidate modern")
	}
	blind := conf.LogProb("modern", "modern") - 2*math.Ln2
	if trained := conf.LogProb("modERn", "modern"); trained >= blind {
		t.Fatalf("the test needs a confusion model that prices E for e above the coin toss: %.2f >= %.2f", trained, blind)
	}
	if math.Abs(got-blind) > 1e-6 {
		t.Errorf("modERn -> modern: LogConf %.4f, want the case-blind %.4f", got, blind)
	}
	// a capital of case noise read for another letter: at caseWildCost,
	// where that is cheaper than the small letters' confusion
	got, ok = find("markeB", "market")
	if !ok {
		t.Fatal("markeB: no candidate market")
	}
	wild := conf.LogProb("market", "market") - math.Log(52)
	flip := conf.LogProb("markeb", "market") - math.Ln2
	if want := math.Max(wild, flip); math.Abs(got-want) > 1e-6 {
		t.Errorf("markeB -> market: LogConf %.4f, want %.4f (wild %.4f, flipped %.4f)", got, want, wild, flip)
	}
	if wild <= flip {
		t.Errorf("the test needs a confusion model that prices b for t above the wild capital: %.2f <= %.2f", wild, flip)
	}
	// without Options.CaseBlind, the confusion model's price
	g = tinyGenerator(t)
	if got, ok := find("modERn", "modern"); ok {
		if want := conf.LogProb("modERn", "modern"); math.Abs(got-want) > 1e-6 {
			t.Errorf("without CaseBlind, modERn -> modern: LogConf %.4f, want %.4f", got, want)
		}
	}
	g = NewGenerator(conf, tinyLexicon(pairs, "the of and to in market town word list modern summer cat sat on mat", 3), Options{CaseBlind: true})
	if got, ok := find("Modern", "modern"); ok {
		if want := conf.LogProb("Modern", "modern"); math.Abs(got-want) > 1e-6 {
			t.Errorf("Modern -> modern: LogConf %.4f, want the confusion model's %.4f", got, want)
		}
	}
}
