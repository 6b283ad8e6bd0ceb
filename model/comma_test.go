package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// repeated returns n documents of the text s.
func repeated(s string, n int) [][]string {
	docs := make([][]string, n)
	for i := range docs {
		docs[i] = strings.Fields(s)
	}
	return docs
}

// commaStops writes a comma for a full stop before a lower-case word in a
// collection whose engine reads commas as stops, and leaves abbreviations,
// sentence starts and collections whose engine reads capitals as small
// letters alone.
func TestCommaStops(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	// an engine reading commas as stops: after its stops the words that
	// follow its commas
	commas := profile.Of(repeated("she saw her. and then went with her home, so the end, and etc. and more etc. and he told her", 120), profile.Options{})
	if smallCapitals(commas) {
		t.Fatalf("commas read as stops taken for small capitals: %+v", commas.SmallStarts())
	}
	for _, c := range []struct{ in, want string }{
		{"he saw her. and left", "he saw her, and left"},
		{"he saw Emma. and left", "he saw Emma, and left"},
		{"(he saw) her.” and left", "(he saw) her.” and left"}, // not a lone stop
		{"he saw her. The end", "he saw her. The end"},         // a sentence's capital
		{"more etc. and so", "more etc. and so"},               // an abbreviation the collection writes so
		{"he saw her. in time", "he saw her. in time"},         // i: the capital I may be read small
		{"he saw her. xqzv time", "he saw her. xqzv time"},     // no English word after it
		{"he saw a. and left", "he saw a. and left"},           // one letter
		{"he saw HER. and left", "he saw HER. and left"},       // capitals
		{"he saw 1984. and left", "he saw 1984. and left"},     // a number
	} {
		words := strings.Fields(c.in)
		out := slices.Clone(words)
		commaStops(out, words, commas)
		if got := strings.Join(out, " "); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	// a changed word keeps its new form, a changed word after it blocks
	words := strings.Fields("he saw hcr. and left")
	out := []string{"he", "saw", "her.", "and", "left"}
	commaStops(out, words, commas)
	if out[2] != "her," {
		t.Errorf("changed word: %q", out[2])
	}
	out = []string{"he", "saw", "her.", "aud", "left"}
	commaStops(out, strings.Fields("he saw her. and left"), commas)
	if out[2] != "her." {
		t.Errorf("before a changed word: %q", out[2])
	}
	// an engine reading the capital starting a sentence as the small
	// letter (On, So, We), and too small a profile: nothing changes
	capitals := profile.Of(repeated("the year. on the day. so we left. we went home, and the end, then", 120), profile.Options{})
	small := profile.Of(repeated("she saw her. and then went home, so the end, and", 2), profile.Options{})
	for name, p := range map[string]*profile.Profile{"small capitals": capitals, "small profile": small, "none": nil} {
		if p != nil && !smallCapitals(p) {
			t.Errorf("%s: smallCapitals false (%+v)", name, p.SmallStarts())
		}
		words := strings.Fields("he saw her. and left")
		out := slices.Clone(words)
		commaStops(out, words, p)
		if out[2] != "her." {
			t.Errorf("%s: %q", name, strings.Join(out, " "))
		}
	}
}

// A change of one of the collection's short forms with its stop into a
// word is undone; one that undoes a habit of its engine, makes a number,
// &c. or another of its short forms, or that is no short form's, stays.
func TestAbbreviationsKept(t *testing.T) {
	p := profile.Of([][]string{strings.Fields(
		"Abbr. Plac. 8 Joh.; Abbr. Plac. p. 343; Essays in Ang. Sax. Law; in Ang. Sax. Law; " +
			"Mr. Jones and Mr. Smith; Is. 6d. and Is. 4d.; Ac. and Ac. too; Llst. Llst. the list, " +
			"districts. districts. in the districts. Then more. saw hirn. We saw hirn. They " +
			"Cf. Smith; Cf. Jones; Cf. Brown; Cf. Green; Cf. White")}, profile.Options{})
	habits := []candgen.Habit{{True: 'i', OCR: "l"}}
	for _, c := range []struct{ word, out, want string }{
		{"Plac.", "Place.", "Plac."},             // a short form of the collection made a word
		{"Ang.", "And.", "Ang."},                 // ...
		{"Mr.", "Mrs.", "Mr."},                   // ... or a form it never writes
		{"Hr.", "Mr.", "Mr."},                    // no short form of it, made one
		{"Is.", "1s.", "1s."},                    // a number of the letters
		{"Ac.", "&c.", "&c."},                    // &c.
		{"Llst.", "List.", "List."},              // a habit of the engine undone
		{"districts.", "distinct.", "distinct."}, // longer than a short form
		{"Ang.", "Ang,", "Ang,"},                 // marks only
		{"hirn.", "him.", "him."},                // a word misread at sentence ends (before We)
		{"Cf.", "Of.", "Cf."},                    // ... not a short form written abbreviationSure times
	} {
		next := "here"
		if c.word == "hirn." || c.word == "Cf." {
			next = "We"
		}
		words := []string{"see", c.word, next}
		out := []string{"see", c.out, next}
		abbreviationsKept(out, words, p, habits)
		if out[1] != c.want {
			t.Errorf("%s -> %s: got %s, want %s", c.word, c.out, out[1], c.want)
		}
	}
	// print's short forms, on a page that writes each once (the
	// collection's evidence says nothing)
	page := profile.Of([][]string{strings.Fields("Smith, op. cit., p. 12; Jones, loc. cit.; cf. Brown, Ibid. vol. ii. ed. Smith; i. the want; ii. the rest")}, profile.Options{})
	for _, c := range []struct{ word, out, want string }{
		{"cit.,", "at.,", "cit.,"},
		{"loc.", "loe.", "loc."},
		{"cf.", "of.", "cf."},
		{"Cf.", "Of.", "Cf."}, // before a capital too
		{"Ibid.", "Bid.", "Ibid."},
		{"ed.", "led.", "ed."},
		{"MS.", "Mr.", "MS."},
		{"ms.", "us.", "us."},     // in small letters, a misreading as often
		{"Ib.", "lb.", "lb."},     // not print's short form: a weight's misread
		{"id.", "it.", "it."},     // ... the pronoun's
		{"obs.", "orbs.", "obs."}, // a log's
		{"dist.", "list.", "dist."},
		{"cwt.", "cut.", "cwt."}, // a market report's
		{"sp.", "up.", "sp."},    // a chemist's
		{"ii.", "in.", "ii."},    // a list's numeral, i. before it
		{"iv.", "in.", "in."},    // ... not where the page writes neither iii. nor v.
		{"cit", "at", "at"},      // no stop: no short form
		{"cit.", "cit,", "cit,"}, // marks only
	} {
		words := []string{"see", c.word, "We"}
		out := []string{"see", c.out, "We"}
		abbreviationsKept(out, words, page, nil)
		if out[1] != c.want {
			t.Errorf("page: %s -> %s: got %s, want %s", c.word, c.out, out[1], c.want)
		}
	}
}
