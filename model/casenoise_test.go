package model

import (
	"testing"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/profile"
)

// TestCaseNoiseFix: a change that undoes an engine's case noise into a
// word English knows is weighed as a change of word, whatever the profile
// says of the two spellings; a name the lexicon writes so, a word English
// never wrote and a token of regular case stay changes of case.
func TestCaseNoiseFix(t *testing.T) {
	lex := candgen.NewLexicon()
	lex.Add("ChemEcology", 3)
	for _, c := range []struct {
		tok, cand string
		want      bool
	}{
		{"communiCated", "communicated", true},
		{"courSE,", "course,", true},
		{"slaveS", "Slaves", true},
		{"voTED:", "VOTED:", true},
		{"ChemEcology", "Chemecology", false}, // the lexicon writes it so
		{"wonVrs", "wonvrs", false},           // no word of English
		{"Course", "course", false},           // no case noise
		{"EpA", "EPA", false},                 // an acronym's misread letter
		{"courSE", "coUrse", false},           // no regular shape
	} {
		if got := caseNoiseFix(lex, c.tok, c.cand); got != c.want {
			t.Errorf("caseNoiseFix(%q, %q) = %v, want %v", c.tok, c.cand, got, c.want)
		}
	}
	// the decision kind: a word's margin, though the profile never writes
	// the candidate (a change of case alone would need it to)
	d := decider{margins: &[NumKinds]float64{}, prof: profile.New(profile.Options{}), lex: lex}
	words := []string{"was", "communiCated", "to"}
	if k := d.kind(words, 1, &candgen.Candidate{Text: "communicated", Span: 1}); k != int(eval.KindWord) {
		t.Errorf("communiCated -> communicated: kind %d, want %d (word)", k, eval.KindWord)
	}
	if k := d.kind([]string{"the", "Course", "of"}, 1, &candgen.Candidate{Text: "course", Span: 1}); k != int(eval.KindCase) {
		t.Errorf("Course -> course: kind %d, want %d (case)", k, eval.KindCase)
	}
}

func TestRecaseNoisy(t *testing.T) {
	words := []string{"the", "CommlttEE,", "met", "ofcourSE", "courSE.", "Commitee", "tbe"}
	out := []string{"the", "committee,", "met", "of course", "Course.", "committee", "the"}
	want := []string{"the", "Committee,", "met", "of course", "course.", "committee", "the"}
	recaseNoisy(out, words)
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("%q -> %q, want %q", words[i], out[i], want[i])
		}
	}
}
