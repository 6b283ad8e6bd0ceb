package model

import (
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/profile"
)

// A change the collection's own OCR does not support is not made,
// whatever its margin.
func TestSupported(t *testing.T) {
	lex := candgen.NewLexicon()
	lex.Add("gas", 0)
	p := profile.Of([][]string{
		strings.Fields("The HILL rose; the HILL fell; in 1887 and 1887 the Hill stood, said he in 1887 gas EMC tbe sayes"),
		strings.Fields("HILL 18 lS tbe end gas EMC sayes"),
		strings.Fields("the gas EMC tbe sayes"),
	}, profile.Options{})
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"HILL", "Hill", false},      // the collection writes HILL thrice, Hill once
		{"Hill", "HILL", true},       // ... and the other way round
		{"rose;", "rose,", false},    // punctuation is never supported
		{"fell;", "fell", false},     // ... nor dropping it
		{"gas", "g as", false},       // a split of a known word
		{"tbe", "t be", true},        // a split of an unknown one
		{"and/or", "and/ or", false}, // a split beside punctuation
		{"1887", "l887", false},      // digits read as letters in a number the collection repeats
		{"lS", "1S", false},          // digits kind that leaves a digit in the word
		{"$18", "18", false},         // a word change of a token with digits
		{"&", "a", false},            // an ampersand is a word sign
		{"&c.", "it", false},
		{"1887", "IBB7", false},  // a number the collection repeats (twice elsewhere)
		{"18", "is", true},       // a number seen once
		{"S0", "50", true},       // letters read as digits, a number made
		{"100th", "10th", false}, // a word change that changes a number's digits
		{"4", "it", false},       // ... or drops them
		{"tbe", "the", true},     // a word change: evidence is in the features
	} {
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		k := kindAt([]string{c.orig}, 0, cd)
		if got := supported(p, lex, k, []string{c.orig}, 0, cd); got != c.want {
			t.Errorf("%q -> %q (%s): supported %v, want %v", c.orig, c.cand, k, got, c.want)
		}
	}
	d := decider{margins: uniform(0), prof: p, lex: lex}
	d.margins[int(eval.NumKinds)+int(eval.KindCase)] = 7
	if m := d.margin([]string{"HILL"}, 0, &candgen.Candidate{Text: "Hill", Span: 1}); m != 7 {
		t.Errorf("unsupported case change has margin %v, want its own, 7", m)
	}
	if k := d.kind([]string{"Hill"}, 0, &candgen.Candidate{Text: "HILL", Span: 1}); k != int(eval.KindCase) || KindName(k) != "case" {
		t.Errorf("supported case change: kind %d %s", k, KindName(k))
	}
	if n := KindName(int(eval.NumKinds) + int(eval.KindWord)); n != "word (unsupported)" {
		t.Errorf("KindName: %q", n)
	}
	if k := kindAt([]string{"HILL"}, 0, &candgen.Candidate{Text: "Hill", Span: 1}); k != eval.KindCase {
		t.Errorf("kind %s", k)
	}
}
