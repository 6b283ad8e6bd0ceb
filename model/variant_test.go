package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

func TestCollectionVariants(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	for _, c := range []struct {
		names string // the rest of the collection
		token string // the OCR token, in `Pte. TOKEN Smith, Pte.`
		cand  string
		want  string
	}{
		{"with George Hall and George Smith", "Oeorge", "George", "George"},
		{"with George Hall", "Oeorge", "George", "Oeorge"},                             // written once
		{"with George Hall and george smith and george", "Oeorge", "George", "Oeorge"}, // mostly small
		{"with George Hall and George Smith and Oeorge", "Oeorge", "George", "Oeorge"}, // the token recurs
		{"with George Hall and George Smith", "Oeorgo", "George", "George"},            // two letters in six
		{"with Mary Hall and Mary Smith", "Mbry", "Mary", "Mary"},
		{"with Mary Hall and Mary Smith", "Mbrq", "Mary", "Mbrq"},             // two letters in four
		{"with George Hall and George Smith", "Georgc,", "George", "Georgc,"}, // other marks
		{"with George Hall and George Smith", "Georgc,", "George,", "George,"},
		{"with Georges Hall and Georges Smith", "Georgc", "Georges", "Georgc"}, // another length
		{"with Georgo Hall and Georgo Smith", "Gcorge", "Georgo", "Gcorge"},    // not English
	} {
		p := profile.New(profile.Options{})
		for _, d := range []string{c.names, "Pte. " + c.token + " Smith, Pte."} {
			p.Add(strings.Fields(d))
		}
		words := strings.Fields("Pte. " + c.token + " Smith, Pte.")
		lists := cands(words, map[int][]candgen.Candidate{1: {{Text: c.cand, Span: 1}}})
		out := slices.Clone(words)
		collectionVariants(out, words, lists, p, nil)
		if out[1] != c.want {
			t.Errorf("%q beside %q, candidate %s: got %s, want %s", c.token, c.names, c.cand, out[1], c.want)
		}
	}
	// a word the decisions made among names that the collection never
	// writes capitalised
	for _, c := range []struct {
		names, text, decided, want string
	}{
		{"with Ernest Hall and Ernest Smith", "Pte. Frnest Smith, Pte.", "Finest", "Ernest"},
		{"with Ernest Hall and Ernest Smith and the Finest Hall", "Pte. Frnest Smith, Pte.", "Finest", "Finest"}, // a name of the collection
		{"with Ernest Hall and Ernest Smith", "the Frnest wine here", "Finest", "Finest"},                        // no list of names
		{"with Ernest Hall and Ernest Smith", "Pte. Frnest Smith, Pte.", "finest", "finest"},                     // not capitalised
	} {
		p := profile.New(profile.Options{})
		p.Add(strings.Fields(c.names))
		words := strings.Fields(c.text)
		p.Add(words)
		lists := cands(words, map[int][]candgen.Candidate{1: {{Text: "Ernest", Span: 1}, {Text: c.decided, Span: 1}}})
		out := slices.Clone(words)
		out[1] = c.decided
		collectionVariants(out, words, lists, p, nil)
		if out[1] != c.want {
			t.Errorf("%q made %s beside %q: got %s, want %s", c.text, c.decided, c.names, out[1], c.want)
		}
	}
	// a merge's word is left whole
	p := profile.New(profile.Options{})
	p.Add(strings.Fields("with Ernest Hall and Ernest Smith"))
	words := strings.Fields("Pte. Frnest Xy Smith")
	p.Add(words)
	out := []string{"Pte.", "Finesty", "", "Smith"}
	collectionVariants(out, words, cands(words, map[int][]candgen.Candidate{1: {{Text: "Ernest", Span: 1}}}), p, nil)
	if out[1] != "Finesty" || out[2] != "" {
		t.Errorf("a merge changed: %q", out)
	}
}

func TestDocVariant(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	const doc = "Miss Tilney met Miss Tiiney and Miss Tilney there."
	tilney := strings.Repeat("and Miss Tilney went ", 10)
	for _, c := range []struct {
		others []string // the collection's other documents
		text   string   // the document corrected
		want   string   // what becomes of its Tiiney
	}{
		{[]string{tilney, "with Miss Tiiney"}, doc, "Tilney"},
		// not five times as often in the collection
		{[]string{strings.Repeat("and Miss Tilney went ", 3), "with Miss Tiiney"}, doc, "Tiiney"},
		// not in the document
		{[]string{tilney, "with Miss Tiiney"}, "Miss Eiiney met Miss Tiiney and Miss Eiiney there.", "Tiiney"},
		// not more often in the document
		{[]string{tilney, "with Miss Tiiney"}, "Miss Tilney met Miss Tiiney there.", "Tiiney"},
		// mostly small: no name
		{[]string{strings.Repeat("and tilney went ", 30), "with Miss Tiiney"}, doc, "Tiiney"},
		// two letters
		{[]string{strings.Repeat("and Miss Tilmey went ", 10), "with Miss Tiiney"}, "Miss Tilmey met Miss Tiiney and Miss Tilmey there.", "Tiiney"},
		// written once: the candidates' case
		{[]string{tilney}, doc, "Tiiney"},
		// the name's plural and possessive
		{[]string{tilney, "with the Tiineys"}, "Miss Tilney met the Tiineys and Miss Tilney there.", "Tilneys"},
		{[]string{tilney, "with Miss Tiiney's"}, "Miss Tilney met Miss Tiiney's and Miss Tilney there.", "Tilney's"},
		{[]string{tilney, "with Miss Tiiney’s"}, "Miss Tilney met Miss Tiiney’s and Miss Tilney there.", "Tilney’s"},
		{[]string{tilney, "with the Tiineys"}, "Miss Eiiney met the Tiineys and Miss Eiiney there.", "Tiineys"},
		// a name English knows in a possessive
		{[]string{strings.Repeat("and Miss Durham went ", 10), "with Mr Derham's"}, "Miss Durham met Mr Derham's and Miss Durham there.", "Derham's"},
	} {
		p := profile.New(profile.Options{})
		for _, d := range append(slices.Clone(c.others), c.text) {
			p.Add(strings.Fields(d))
		}
		words := strings.Fields(c.text)
		out := slices.Clone(words)
		collectionVariants(out, words, cands(words, nil), p, nil)
		if out[4] != c.want {
			t.Errorf("%q beside %q: got %s, want %s", c.text, c.others, out[4], c.want)
		}
	}
}
