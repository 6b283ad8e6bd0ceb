package candgen

import (
	"reflect"
	"strings"
	"testing"
)

func TestCompoundParts(t *testing.T) {
	cases := []struct {
		core string
		want []string // the parts, joins in brackets
	}{
		{"Wharf-etreet", []string{"Wharf", "[-]", "etreet"}},
		{"cost/beneflt", []string{"cost", "[/]", "beneflt"}},
		{"temper--certainly", []string{"temper", "[--]", "certainly"}},
		{"Stockton-on-Tees", []string{"Stockton", "[-]", "on", "[-]", "Tees"}},
		{"a-b-c-d", []string{"a", "[-]", "b", "[-]", "c", "[-]", "d"}},
		{"a-b-c-d-e", nil},        // five words
		{"street", nil},           // one word
		{"wi.aess", nil},          // a stop inside: a misread letter
		{"that,considcring", nil}, // a comma inside: a space lost
		{"Burbank's-road", []string{"Burbank's", "[-]", "road"}},
		{"-road", nil}, // no word before the join
	}
	for _, c := range cases {
		var got []string
		for _, p := range compoundParts(c.core) {
			if p.sep {
				got = append(got, "["+p.text+"]")
			} else {
				got = append(got, p.text)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("compoundParts(%q) = %q, want %q", c.core, got, c.want)
		}
	}
}

// compoundGenerator is a generator whose engine loses an r now and then
// (the misreading a compound's word has in TestCompoundCands; a lost
// letter, which no look-alike variant puts back) and whose lexicon knows
// the words of the cases there.
func compoundGenerator() *Generator {
	gt := strings.Fields("the street price of the year is the street price of a word by the post office near the road")
	var pairs []TrainPair
	for k := 0; k < 20; k++ {
		var ocr []string
		for i, w := range gt {
			if i%3 == 0 {
				w = strings.Replace(w, "r", "", 1)
			}
			ocr = append(ocr, w)
		}
		pairs = append(pairs, TrainPair{GT: gt, OCR: ocr})
	}
	lex := NewLexicon()
	for _, p := range pairs {
		lex.AddText(p.GT)
	}
	for _, w := range strings.Fields("Wharf Goulburn cost benefit wage committee staff tree") {
		lex.Add(w, 5)
	}
	return NewGenerator(LearnConfusion(pairs, ConfusionOptions{}), lex, Options{})
}

func TestCompoundCands(t *testing.T) {
	g := compoundGenerator()
	cases := []struct {
		tok, want string
		has       bool
	}{
		// a word of small letters the lexicon lacks, corrected beside a
		// name and beside a known word
		{"Wharf-steet,", "Wharf-street,", true},
		{"wage/pice", "wage/price", true},
		{"Gouldurn-steet", "Gouldurn-street", true}, // a name the lexicon lacks is kept
		// two words to correct: the pieces of one, not a compound
		{"steet-pice", "street-price", false},
		// a lone letter beside the misread word: a piece of it
		{"x-steet", "x-street", false},
		// a capitalised word of four letters may be an abbreviation
		{"Tee-road", "Tree-road", false},
		// a stop inside is not a join
		{"wage.pice", "wage.price", false},
	}
	for _, c := range cases {
		out := g.Generate([]string{c.tok}, nil)
		if got := hasCand(out[0], c.want, 1); got != c.has {
			t.Errorf("%q: candidate %q present = %v, want %v (%q)", c.tok, c.want, got, c.has, texts(out[0]))
		}
	}
	// the channel score and the prior of a correction of one word are
	// the core's less the word's own and plus the correction's
	out := g.Generate([]string{"wage/pice"}, nil)
	orig, fixed := find(out[0], "wage/pice"), find(out[0], "wage/price")
	pc := g.partCands("pice")
	self, price := findCore(pc, "pice"), findCore(pc, "price")
	if orig == nil || fixed == nil || self == nil || price == nil {
		t.Fatalf("wage/pice: %q", texts(out[0]))
	}
	if d := fixed.LogConf - (orig.LogConf - self.conf + price.conf); d > 1e-9 || d < -1e-9 {
		t.Errorf("LogConf of wage/price = %.4f, want %.4f", fixed.LogConf, orig.LogConf-self.conf+price.conf)
	}
	if d := fixed.LogPrior - (orig.LogPrior - self.prior + price.prior); d > 1e-9 || d < -1e-9 {
		t.Errorf("LogPrior of wage/price = %.4f, want %.4f", fixed.LogPrior, orig.LogPrior-self.prior+price.prior)
	}
	// off
	g2 := NewGenerator(g.conf, g.lex, Options{NoCompound: true})
	if out := g2.Generate([]string{"wage/pice"}, nil); hasCand(out[0], "wage/price", 1) {
		t.Error("NoCompound still corrects the words of a compound")
	}
}

func find(cs []Candidate, text string) *Candidate {
	for k := range cs {
		if cs[k].Text == text {
			return &cs[k]
		}
	}
	return nil
}

func findCore(cs []coreCand, text string) *coreCand {
	for k := range cs {
		if cs[k].text == text {
			return &cs[k]
		}
	}
	return nil
}
