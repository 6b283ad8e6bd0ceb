package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/lm/english"
	"ocrfix/profile"
)

// periodText returns n words of a modern English text, with the words of
// extra after them.
func periodText(n int, extra ...string) []string {
	base := strings.Fields("the old man went down to the river with his son and they sat there for many hours talking about the weather and the fish")
	var out []string
	for len(out) < n {
		out = append(out, base[len(out)%len(base)])
	}
	return append(out, extra...)
}

func repeat(n int, ws ...string) []string {
	var out []string
	for range n {
		out = append(out, ws...)
	}
	return out
}

func TestPeriodPrint(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	period := repeat(3, "owne", "selfe", "yeer", "wil", "shal", "finde", "pitie") // 21 period spellings
	garbles := repeat(10, "tbe", "aud", "wliich", "siich", "thcm")                // 50 misreadings
	longS := repeat(5, "fuch", "himfelf", "fome", "reafon")                       // 20 long s read as f
	for _, c := range []struct {
		name  string
		words []string
		want  bool
	}{
		{"modern", periodText(2000), false},
		{"modern, noisy", periodText(2000, garbles...), false},
		{"period spellings", periodText(2000, period...), true},
		{"long s read as f", periodText(2000, longS...), true},
		{"a page too short to tell", periodText(150), true},
		{"a few period forms among many misreadings", periodText(2000, append(repeat(40, "tbe", "aud", "wliich", "siich", "thcm"), "owne", "selfe", "yeer")...), false},
	} {
		p := profile.Of([][]string{c.words}, profile.Options{})
		if got := periodPrint(p); got != c.want {
			t.Errorf("%s: periodPrint = %v, want %v", c.name, got, c.want)
		}
		if got := periodPrint(p); got != c.want { // remembered
			t.Errorf("%s: periodPrint again = %v, want %v", c.name, got, c.want)
		}
	}
	if !periodPrint(nil) {
		t.Error("periodPrint(nil) = false, want true (the safe side)")
	}
	// a document shows its period by its own words where its collection
	// does not, given periodMinForms of them at periodDocLead times the due
	modern := profile.Of([][]string{periodText(5000, garbles...)}, profile.Options{})
	for _, c := range []struct {
		name  string
		words []string
		want  bool
	}{
		{"a modern document", periodText(1500), true},
		{"a document of period print", periodText(1500, period...), false},
		{"too few period forms to tell", periodText(1500, "owne", "selfe", "yeer", "wil"), true},
	} {
		if got, _ := modernSpelling(modern, c.words); got != c.want {
			t.Errorf("%s in a modern collection: modernSpelling = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestLongSForm(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	for n, want := range map[string]bool{"fuch": true, "himfelf": true, "reafon": true, "fome": true, "such": false, "fish": false, "fo": false, "tbe": false} {
		if got := longSForm(n); got != want {
			t.Errorf("longSForm(%q) = %v, want %v", n, got, want)
		}
	}
}

func TestPeriodPassages(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	quote := strings.Fields("whiche departed owt of this worlde and his poore sonne woulde not helpe him for he was throughe with it and did knowe the man")
	modern := periodText(300)
	words := append(append(append([]string{}, modern...), quote...), periodText(300)...)
	words = append(words, "whie") // a misreading of a modern page, far from the quotation
	out := slices.Clone(words)
	fix := map[string]string{"whiche": "which", "poore": "poor", "woulde": "would", "throughe": "through", "knowe": "knows", "whie": "while"}
	for i, w := range words {
		if r, ok := fix[w]; ok {
			out[i] = r
		}
	}
	periodPassages(out, words, periodTokens(words))
	for i, w := range words {
		want := w
		if w == "whie" {
			want = "while"
		}
		if out[i] != want {
			t.Errorf("%d %q: %q, want %q", i, w, out[i], want)
		}
	}
	// a noisy modern page's short forms are no passage
	noisy := append(periodText(80), strings.Fields("wil smal lite bul wite rol kil")...)
	out = slices.Clone(noisy)
	for i, w := range noisy {
		if len(w) <= 4 && !slices.Contains(periodText(80), w) {
			out[i] = w + "x"
		}
	}
	want := slices.Clone(out)
	if periodPassages(out, noisy, periodTokens(noisy)); !slices.Equal(out, want) {
		t.Errorf("a noisy modern page: %q, want %q", out, want)
	}
}
