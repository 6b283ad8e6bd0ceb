package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/profile"
)

// TestNameLookAlikes: a capitalised name or a word in small letters seen
// once whose look-alike glyph put back looks far more English is written
// so; a name the collection repeats, one the lexicon knows, a changed
// token, a word in capitals and a short one stay. Two look-alikes are put
// back one after the other (Hlggcrson).
func TestNameLookAlikes(t *testing.T) {
	lex := candgen.NewLexicon()
	lex.Add("Plttsburg", 0) // a name a list holds is known
	known := func(w string) bool { return lex.HasFold(w) }
	text := "Ptes. Plttman, Calrney, Rcdshaw and Connollj with Thlrza Beehag; Plttsburg, Balmfoith Balmfoith photolytlc CALRNEX Emll Rcd Hlggcrson Calrnev"
	words := strings.Fields(text)
	p := profile.Of([][]string{words}, profile.Options{})
	out := slices.Clone(words)
	out[len(out)-1] = "Cairn" // decided otherwise
	nameLookAlikes(out, words, p, nil, known)
	want := strings.Fields("Ptes. Pittman, Cairney, Redshaw and Connolly with Thirza Beehag; Plttsburg, Balmfoith Balmfoith photolytic CALRNEX Emil Rcd Higgerson Cairn")
	if !slices.Equal(out, want) {
		t.Errorf("nameLookAlikes:\n got %q\nwant %q", out, want)
	}
	// a habit of the collection's OCR is put back as well (y read as v)
	words = strings.Fields("Pte. Dolahentv and Cressv")
	out = slices.Clone(words)
	nameLookAlikes(out, words, profile.Of([][]string{words}, profile.Options{}), []candgen.Habit{{True: 'y', OCR: "v", Rate: 0.02}}, known)
	if got := strings.Join(out, " "); got != "Pte. Dolahenty and Cressy" {
		t.Errorf("with a habit of y read as v: %q", got)
	}
	out = slices.Clone(words)
	nameLookAlikes(out, words, profile.Of([][]string{words}, profile.Options{}), nil, known)
	if got := strings.Join(out, " "); got != "Pte. Dolahentv and Cressv" {
		t.Errorf("without the habit: %q", got)
	}
	// an accented name is the print's: Liége keeps its li (not Hége)
	words = strings.Fields("the name of Liége and of Namur")
	out = slices.Clone(words)
	nameLookAlikes(out, words, profile.Of([][]string{words}, profile.Options{}), nil, known)
	if out[3] != "Liége" {
		t.Errorf("accented name: %q", out)
	}
}
