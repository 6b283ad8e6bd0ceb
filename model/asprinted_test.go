package model

import (
	"strings"
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

// A document quotes with double marks where those open at least
// dialogueMinQuotes quotations and three times as many as single marks
// before a capital; an elision before a small letter ('em, 'bout) is no
// opening quotation mark.
func TestDialogueQuotes(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{`"Come roun' here," he said. "I kep' it. "Yes." "No." 'bout 'em 'tis`, true},
		{`“Come roun’ here,” he said. “I kep’ it.” “Yes.” “No.”`, true},
		{`‘Come here,’ he said. ‘Yes.’ ‘No.’ ‘Well.’ "Oh." "Ah." "So."`, false},
		{`"Come roun' here," he said. "I kep' it.`, false}, // too few to tell
		{`no quotation at all in these words`, false},
	} {
		if got := dialogueQuotes(strings.Fields(c.text)); got != c.want {
			t.Errorf("dialogueQuotes(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// elidedEnd: a word of small letters with an apostrophe after it, made a
// word that spells out letters it leaves out; not a word in capitals, a
// possessive whose letters are misread (companles' -> companies': no
// letters added), a change of the mark only, or a word without the mark.
func TestElidedEnd(t *testing.T) {
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"aroun'", "around'", true},
		{"roun'", "round", true},
		{"kep’", "keep’", true},
		{"befo'", "before", true},
		{"breas',", "breast',", false}, // a mark after the apostrophe: not one word's end
		{"companles'", "companies'", false},
		{"draftln'", "drafting'", false}, // l read for i: not letters left out
		{"EXECUTIV'", "EXECUTIVE'", false},
		{"aroun'", "aroun", false},
		{"aroun", "around", false},
		{"'bout", "about", false},
	} {
		if got := elidedEnd(c.orig, c.cand); got != c.want {
			t.Errorf("elidedEnd(%q, %q) = %v, want %v", c.orig, c.cand, got, c.want)
		}
	}
}

// A change of the letters of a word elided at its end is not supported
// in a document that quotes with double marks, and is where it does not.
func TestElidedEndUnsupported(t *testing.T) {
	words := strings.Fields(`"Dey stood aroun' de do'," he said. "Yes." "No." "So."`)
	c := &candgen.Candidate{Text: "around'", Span: 1}
	p := profile.New(profile.Options{})
	p.Add(words)
	for _, dialogue := range []bool{true, false} {
		d := decider{prof: p, dialogue: dialogue}
		got := d.supportedKind(words, 2, c, eval.KindWord) >= int(eval.NumKinds)
		if got != dialogue {
			t.Errorf("dialogue %v: unsupported = %v, want %v", dialogue, got, dialogue)
		}
	}
}
