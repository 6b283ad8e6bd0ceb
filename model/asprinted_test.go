package model

import (
	"testing"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

func TestAccented(t *testing.T) {
	for _, c := range []struct {
		r    rune
		want bool
	}{{'é', true}, {'ç', true}, {'ë', true}, {'Â', true}, {'e', false}, {'ß', false}, {'æ', false}, {'ø', false}, {'1', false}, {'´', false}} {
		if got := accented(c.r); got != c.want {
			t.Errorf("accented(%q) = %v, want %v", c.r, got, c.want)
		}
	}
	for _, c := range []struct {
		tok, cand string
		want      bool
	}{
		{"façade", "facade", true},
		{"Staël", "stael", true},
		{"crème", "crime", true},
		{"Chéteau", "Château", false}, // another accent: none lost
		{"cafe", "café", false},
		{"tbe", "the", false},
	} {
		if got := accentsLost(c.tok, c.cand); got != c.want {
			t.Errorf("accentsLost(%q, %q) = %v, want %v", c.tok, c.cand, got, c.want)
		}
	}
}

// A change that takes an accent away is not supported, unless it makes
// one of English's common words (the garble of a short word).
func TestAccentDropped(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip("no English model:", err)
	}
	p := profile.Of([][]string{{"The", "façade", "of", "the", "house"}}, profile.Options{})
	for _, c := range []struct {
		text, cand string
		want       bool
	}{
		{"The *façade of", "facade", false},
		{"Madame de *Staël, who", "Stael,", false},
		{"the *crème de", "crime", false},
		{"and *thoughé he", "though", true},
		{"the *Chéteau of", "Château", true},
	} {
		words, i := markedWord(c.text)
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		if got := supported(p, nil, nil, asTrained, eval.KindWord, words, i, cd); got != c.want {
			t.Errorf("%q -> %q: supported %v, want %v", c.text, c.cand, got, c.want)
		}
	}
}

func TestElisionUndone(t *testing.T) {
	for _, c := range []struct {
		tok, cand string
		want      bool
	}{
		{"waitin'", "waiting'", true},
		{"waitin'", "waiting", true},
		{"nothin',", "nothing,", true},
		{"kep'", "kept'", true},
		{"an'", "and", true},
		{"Tho'", "Though", true},
		{"nothiu'", "nothin'", false}, // a letter misread inside: put right
		{"don’", "don't", false},      // a contraction's letter after its apostrophe
		{"EXECUTIV'", "EXECUTIVE'", false},
		{"worl’", "world’", false}, // a quotation's end, in print with single quotes
		{"waitin", "waiting", false},
	} {
		if got := elisionUndone(c.tok, c.cand); got != c.want {
			t.Errorf("elisionUndone(%q, %q) = %v, want %v", c.tok, c.cand, got, c.want)
		}
	}
}
