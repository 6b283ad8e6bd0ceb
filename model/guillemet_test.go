package model

import (
	"strings"
	"testing"
)

// TestGuillemetS: an opening guillemet glued to the end of a word is the
// s an engine misread where English writes the word with it; a quote's
// guillemets, short words and a mark standing for another letter stay.
func TestGuillemetS(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"several new building« erected", "several new buildings erected"},
		{"eight week«. There", "eight weeks. There"},     // the marks after it kept
		{"the rock«, such", "the rocks, such"},           // ... a comma too
		{"1j cask««. sheer", "1j casks«. sheer"},         // one mark read as s
		{"said «building» here", "said «building» here"}, // a quote
		{"th« house", "th« house"},                       // ths is no word: the mark is e
		{"is« it", "is« it"},                             // too short
		{"x« y", "x« y"},
		{"BUILDING« erected", "BUILDINGS erected"}, // a capital S in capitals
		{"»Hand« und", "»Hand« und"},               // a German quotation in one token
		{"«building« here", "«building« here"},     // ... or a French one
		{"the 1890« and", "the 1890« and"},         // figures
		// the closing guillemet read for s too, but where a quotation
		// was opened before it
		{"the horse» and", "the horses and"},
		{"ten year», the", "ten years, the"},
		{"new building« and horse» here", "new buildings and horses here"},
		{"« il dit des mot» et", "« il dit des mot» et"},
		{"«Il dit des mot» et", "«Il dit des mot» et"},
		{"“the horse» and", "“the horse» and"}, // a closing ” read as »
		{"“the old horse» and", "“the old horse» and"},
		{"to «ay that ten year» ago", "to «ay that ten years ago"}, // a letter read as «, no quotation
		{"the chargf» here", "the chargf» here"},                   // chargfs is no word
	} {
		checkPass(t, "guillemetS", guillemetS, c.in, c.want)
	}
	words := strings.Fields("new build ing« erected")
	out := []string{"new", "building«", "", "erected"}
	guillemetS(out, words)
	if out[1] != "building«" {
		t.Errorf("a merge changed: %q", out)
	}
}

// TestGuillemetLetters: a guillemet glued to the start of a word of small
// letters is the letter English likes best there (or none); a quotation,
// a capitalised word, a token the decisions changed and one without
// English neighbours stay.
func TestGuillemetLetters(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"when he »as immediately washed", "when he was immediately washed"},
		{"it is impossible to «ay what they", "it is impossible to say what they"},
		{"some figures to »how why the", "some figures to show why the"},
		{"as they strained «with heavy poles", "as they strained «with heavy poles"}, // the mark alone: a quote, maybe
		{"and then «t was", "and then «t was"},                                       // one letter
		{"when he «as» immediately washed", "when he «as» immediately washed"},       // a quotation
		{"when he »As immediately washed", "when he »As immediately washed"},         // a capital
		{"when he as immediately washed", "when he as immediately washed"},
		{"the Corporation, «as fined 40« and", "the Corporation, was fined 40« and"}, // the same mark: no quotation
		{"He said. »hat was all", "He said. That was all"},                           // a sentence's start
		{"»as", "»as"}, // no neighbour English knows
	} {
		checkPass(t, "guillemetLetters", guillemetLetters, c.in, c.want)
	}
	words := strings.Fields("when he »as immediately washed")
	out := []string{"when", "he", "has", "immediately", "washed"}
	guillemetLetters(out, words)
	if out[2] != "has" {
		t.Errorf("a token the decisions changed rewritten: %q", out)
	}
	out = []string{"when", "he", "as", "immediately", "washed"} // the mark dropped
	guillemetLetters(out, words)
	if out[2] != "was" {
		t.Errorf("the mark dropped: %q, want was", out)
	}
}
