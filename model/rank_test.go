package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/profile"
)

// TestRankFixes: in a list of soldiers, a capitalised token one
// misreading from a rank the collection writes far more often is that
// rank before an initial, or before a name with the rank written right
// nearby; elsewhere, or where the collection does not write the rank
// often, or writes the token as often, it stays.
func TestRankFixes(t *testing.T) {
	list := strings.Repeat("Pte. J. Smith, Corpl. Bland, ", 12)
	p := profile.Of([][]string{strings.Fields(list + "Pie. W Cooper the Cape Town road and a pie")}, profile.Options{})
	for _, c := range []struct{ in, want string }{
		{"Pie. W Cooper", "Pte. W Cooper"},                     // before an initial
		{"Pie. G. Hoppe", "Pte. G. Hoppe"},                     // ... with its stop
		{"Pte. Ward, Pta Ward, 14", "Pte. Ward, Pte Ward, 14"}, // before a name, the rank nearby
		{"Corpt Riddle. Corpl. Bland", "Corpl Riddle. Corpl. Bland"},
		{"a Pie Dowell and", "a Pie Dowell and"},                 // a name, but no rank nearby
		{"Cape Town road", "Cape Town road"},                     // no rank one misreading away
		{"the Pie. and", "the Pie. and"},                         // no name after it
		{"Pte. Smith, pie W. Smith", "Pte. Smith, pie W. Smith"}, // in small letters
		{"Pte. Smith, Pte. W. Smith", "Pte. Smith, Pte. W. Smith"},
	} {
		checkPass(t, "rankFixes", func(out, words []string) { rankFixes(out, words, p) }, c.in, c.want)
	}
	// a collection that writes the rank seldom, or the token as often
	for _, text := range []string{
		"Pte. J. Smith, Pie. W Cooper",
		strings.Repeat("Pte. J. Smith, Pie. W Cooper, ", 6), // ... as often as the token
	} {
		q := profile.Of([][]string{strings.Fields(text)}, profile.Options{})
		checkPass(t, "rankFixes", func(out, words []string) { rankFixes(out, words, q) }, "Pie. W Cooper", "Pie. W Cooper")
	}
	// a token changed by the decisions stays as they made it
	words := strings.Fields("Pie. W Cooper")
	out := []string{"Pig.", "W", "Cooper"}
	rankFixes(out, words, p)
	if out[0] != "Pig." {
		t.Errorf("a changed token rewritten: %q", out)
	}
	out = slices.Clone(words)
	rankFixes(out, words, nil) // no profile: nothing to tell
	if !slices.Equal(out, words) {
		t.Errorf("no profile: %q", out)
	}
	// titles and given names' short forms one misreading from a rank the
	// collection writes are themselves (Col. and Cpl., Sir and Spr), and
	// Lce. is no rank rankFixes writes (Lee)
	q := profile.Of([][]string{strings.Fields(strings.Repeat("Cpl. J. Smith, Spr. Bland, Lce. Hall, ", 12))}, profile.Options{})
	for _, in := range []string{"Col. W. Cooper", "Sir J. French", "Lee, J. Smith"} {
		checkPass(t, "rankFixes", func(out, words []string) { rankFixes(out, words, q) }, in, in)
	}
	// a token one misreading from two ranks the collection writes
	r := profile.Of([][]string{strings.Fields(strings.Repeat("Sgt. J. Smith, Spr. Bland, ", 12))}, profile.Options{})
	checkPass(t, "rankFixes", func(out, words []string) { rankFixes(out, words, r) }, "Sgr. J. Smith", "Sgr. J. Smith")
	checkPass(t, "rankFixes", func(out, words []string) { rankFixes(out, words, r) }, "Sgf. J. Smith", "Sgt. J. Smith")
}

// TestInitialH: II between a title or an initial and a name is the
// initial H; the Roman numeral after a name or a word stays.
func TestInitialH(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Mrs. II. Wallace, Miss", "Mrs. H. Wallace, Miss"},
		{"and Pte. C II. Cherrett. Pte.", "and Pte. C H. Cherrett. Pte."},
		{"65 J II Middleton (Albury)", "65 J H Middleton (Albury)"},
		{"reign of Charles II. King of", "reign of Charles II. King of"},
		{"see Vol. II. Part of", "see Vol. II. Part of"},
		{"Mr. II. and", "Mr. II. and"}, // no name after it
		{"Mr. II, Smith", "Mr. II, Smith"},
		{"Vols. I. II. III. and", "Vols. I. II. III. and"}, // a run of numerals
		{"see V. II. The", "see V. II. The"},
	} {
		checkPass(t, "initialH", initialH, c.in, c.want)
	}
}
