package model

import (
	"testing"

	"ocrfix/candgen"
	"ocrfix/lm/english"
)

// TestKnownFilter: the filter has every word knownWeight knows (the
// English model's, a lexicon's folded forms, non-ASCII ones too) and
// turns away nearly all that it does not.
func TestKnownFilter(t *testing.T) {
	eng, _, err := english.Model()
	if err != nil {
		t.Fatal(err)
	}
	lex := candgen.NewLexicon()
	for _, w := range []string{"Zyzzogeton", "naïveté", "ſuch", "ÆSIR"} {
		lex.Add(w, 1)
	}
	m := &Model{Lex: lex}
	f := m.knownWords(eng)
	if m.knownWords(eng) != f {
		t.Error("a second call built the filter again")
	}
	for _, w := range append(lex.Folds(), "the", "possession", "sulks") {
		if knownWeight(lex, eng, w) == 0 {
			t.Fatalf("knownWeight does not know %q", w)
		}
		if !f.mayHave([]rune(w)) {
			t.Errorf("the filter lacks %q", w)
		}
	}
	for id := int32(0); id < int32(eng.Words()); id++ {
		if w := eng.Word(id); !f.mayHave([]rune(w)) {
			t.Fatalf("the filter lacks the English model's %q", w)
		}
	}
	// strings no one knows: the filter lets few through
	passed, n := 0, 0
	for _, a := range "bcdfgkqxz" {
		for _, b := range "qxzjvw" {
			for _, c := range "bcdfgkqxz" {
				w := []rune{a, b, c, 'q'}
				if knownWeight(lex, eng, string(w)) > 0 {
					continue
				}
				n++
				if f.mayHave(w) {
					passed++
				}
			}
		}
	}
	if passed*100 > n {
		t.Errorf("%d of %d unknown strings passed the filter", passed, n)
	}
}
