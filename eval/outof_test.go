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
		kinds     []Kind // of Changes(raw, want), in order
	}{
		{"Tbe cat sat", "The cat sat", []string{"The", "cat", "sat"}, []Kind{KindWord}},
		{"the CAT sat", "the cat sat", []string{"the", "cat", "sat"}, []Kind{KindCase}},
		{"the c at sat", "the cat sat", []string{"the", "cat", "", "sat"}, []Kind{KindMerge}},
		{"the catsat down", "the cat sat down", []string{"the", "cat sat", "down"}, []Kind{KindSplit}},
		{"the xx cat", "the cat", []string{"the", "", "cat"}, []Kind{KindDelete}},
		{"the cat", "the big cat", []string{"the big", "cat"}, []Kind{KindSplit}}, // an insertion
		{"cat sat", "a cat sat", []string{"a cat", "sat"}, []Kind{KindSplit}},     // one before the first token
		// errors side by side, each its own change
		{"Tbe c at", "The cat", []string{"The", "cat", ""}, []Kind{KindWord, KindMerge}},
		{"tbe catsat", "the cat sat", []string{"the", "cat sat"}, []Kind{KindWord, KindSplit}},
		{"tbe cat", "the cat", []string{"the", "cat"}, []Kind{KindWord}},
		{"tbe cxt", "the cat", []string{"the", "cat"}, []Kind{KindWord, KindWord}},       // one for one
		{"a tbe | cat", "a the cat", []string{"a", "the", "", "cat"}, []Kind{KindMerge}}, // a deletion after a change reads as a merge, as in Correction.Out
		{"", "", []string{}, nil},
		{"0 00", "000 0", []string{"000", "0"}, []Kind{KindWord, KindWord}}, // found by FuzzOutOf: no space left at an end
		// a word the line repeats, read where it stands, not matched to its
		// first occurrence
		{"ant Te hnlcal Dlrector. Transportatlon and Dlstrlbutlon and", "and The conical Director. Transportation and Distribution and",
			[]string{"and", "The", "conical", "Director.", "Transportation", "and", "Distribution", "and"}, []Kind{KindWord, KindWord, KindWord, KindWord, KindWord, KindWord}},
	} {
		raw := strings.Fields(c.raw)
		got := OutOf(raw, strings.Fields(c.corr))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("OutOf(%q, %q) = %q, want %q", c.raw, c.corr, got, c.want)
			continue
		}
		var kinds []Kind
		for _, ch := range Changes(raw, got) {
			kinds = append(kinds, ch.Kind)
			if strings.HasPrefix(ch.New, " ") || strings.HasSuffix(ch.New, " ") {
				t.Errorf("OutOf(%q, %q): change %q with a space at an end", c.raw, c.corr, ch.New)
			}
		}
		if !reflect.DeepEqual(kinds, c.kinds) {
			t.Errorf("OutOf(%q, %q): kinds %v, want %v", c.raw, c.corr, kinds, c.kinds)
		}
	}
}

// FuzzOutOf: whatever the two texts, one correction per OCR token, and
// the corrected words read back from them in order.
func FuzzOutOf(f *testing.F) {
	f.Add("tbe cat sat", "the cat sat")
	f.Add("a b c", "c b a")
	f.Add("", "x y")
	f.Add("Tbe c at | x", "The cat y z")
	f.Fuzz(func(t *testing.T, raw, corr string) {
		r, c := strings.Fields(raw), strings.Fields(corr)
		out := OutOf(r, c)
		if len(out) != len(r) {
			t.Fatalf("%d corrections for %d tokens", len(out), len(r))
		}
		if len(r) > 0 && strings.Join(strings.Fields(strings.Join(out, " ")), " ") != strings.Join(c, " ") {
			t.Fatalf("OutOf(%q, %q) = %q", r, c, out)
		}
		for _, o := range out {
			if o != strings.TrimSpace(o) {
				t.Fatalf("OutOf(%q, %q) = %q: a space at an end", r, c, out)
			}
		}
	})
}
