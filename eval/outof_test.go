package eval

import (
	"reflect"
	"strings"
	"testing"
)

func TestOutOf(t *testing.T) {
	for _, c := range []struct {
		raw, corr string
		want      []string
	}{
		{"Tbe cat sat", "The cat sat", []string{"The", "cat", "sat"}},
		{"the c at sat", "the cat sat", []string{"the", "cat", "", "sat"}},          // a merge
		{"the catsat down", "the cat sat down", []string{"the", "cat sat", "down"}}, // a split
		{"the xx cat", "the cat", []string{"the", "", "cat"}},                       // a deletion
		{"the cat", "the big cat", []string{"the big", "cat"}},                      // an insertion
		{"cat sat", "a cat sat", []string{"a cat", "sat"}},                          // one before the first token
		{"", "", []string{}},
	} {
		raw := strings.Fields(c.raw)
		got := OutOf(raw, strings.Fields(c.corr))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("OutOf(%q, %q) = %q, want %q", c.raw, c.corr, got, c.want)
		}
		// the corrected words, read back from the tokens' corrections
		if back := strings.Fields(strings.Join(got, " ")); strings.Join(back, " ") != c.corr {
			t.Errorf("OutOf(%q, %q) reads back %q", c.raw, c.corr, back)
		}
	}
}

// FuzzOutOf: whatever the two texts, one correction per OCR token, and
// the corrected words read back from them in order.
func FuzzOutOf(f *testing.F) {
	f.Add("tbe cat sat", "the cat sat")
	f.Add("a b c", "c b a")
	f.Add("", "x y")
	f.Fuzz(func(t *testing.T, raw, corr string) {
		r, c := strings.Fields(raw), strings.Fields(corr)
		out := OutOf(r, c)
		if len(out) != len(r) {
			t.Fatalf("%d corrections for %d tokens", len(out), len(r))
		}
		if len(r) > 0 && strings.Join(strings.Fields(strings.Join(out, " ")), " ") != strings.Join(c, " ") {
			t.Fatalf("OutOf(%q, %q) = %q", r, c, out)
		}
	})
}
