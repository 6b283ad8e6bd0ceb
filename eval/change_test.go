package eval

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestChangeKind(t *testing.T) {
	for _, c := range []struct {
		orig, new string
		want      Kind
	}{
		{"the", "the", KindNone},
		{"tbe", "the", KindWord},
		{"rnodern", "modern", KindWord},
		{"the", "", KindDelete},
		{"a b", "", KindDelete},
		{"tothe", "to the", KindSplit},
		{"to-day", "to day", KindSplit},
		{"to day", "today", KindMerge},
		{"prob- lem", "problem", KindMerge},
		{"a b c", "ab c", KindMerge},
		{"The", "the", KindCase},
		{"LONDON", "London", KindCase},
		{"word,", "word", KindPunct},
		{"word", "word.", KindPunct},
		{"don't", "dont", KindPunct},
		{"\u201cyes", "\"yes", KindPunct},
		{"l0ve", "love", KindDigits},
		{"1ndia", "India", KindDigits},
		{"S0", "50", KindDigits},
		{"1O", "10", KindDigits},
		{"l0ve", "lobe", KindWord},  // a digit to a letter and a letter changed
		{"l0ve,", "love", KindWord}, // digits and punctuation
		{"Word,", "word", KindWord}, // case and punctuation
		{"11", "12", KindWord},      // digit to digit
		{"rn", "m", KindWord},
		{"the cat", "The cat", KindCase},
		{"tbe cat", "the cat", KindWord},
	} {
		if got := ChangeKind(c.orig, c.new); got != c.want {
			t.Errorf("ChangeKind(%q, %q) = %v, want %v", c.orig, c.new, got, c.want)
		}
	}
}

func TestKindString(t *testing.T) {
	var names []string
	for _, k := range Kinds {
		names = append(names, k.String())
	}
	if got := strings.Join(names, " "); got != "word punctuation case digits split merge deletion" {
		t.Errorf("kind names %q", got)
	}
	if KindNone.String() != "none" || NumKinds.String() != "kind?" {
		t.Error("none / out of range names")
	}
}

func TestChanges(t *testing.T) {
	raw := []string{"Tbe", "rnan", "to", "day", "said", "l0ve", "x", "it"}
	out := []string{"The", "man", "today", "", "said", "love", "", "it"}
	got := Changes(raw, out)
	want := []Change{
		{0, 1, "Tbe", "The", KindWord},
		{1, 1, "rnan", "man", KindWord},
		{2, 2, "to day", "today", KindMerge},
		{5, 2, "l0ve x", "love", KindMerge},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Changes:\n got %v\nwant %v", got, want)
	}
	// A "" that follows no change is a deletion.
	got = Changes([]string{"a", "~", "b"}, []string{"a", "", "b"})
	if len(got) != 1 || got[0].Kind != KindDelete || got[0].Pos != 1 {
		t.Errorf("deletion: %v", got)
	}
}

func TestChangeEffects(t *testing.T) {
	gt := strings.Fields("the man said he would come today to the house")
	raw := strings.Fields("tbe man sald he wou1d come to day to thc house")
	out := []string{"the", "man", "said", "he", "would", "come", "today", "", "to", "the", "houses"}
	// A change that breaks a right word: house -> houses.
	raw = append(raw[:10:10], "house")
	eff := ChangeEffects(gt, raw, out, Options{})
	var b strings.Builder
	for _, e := range eff {
		fmt.Fprintf(&b, "%s>%s %v %d>%d; ", e.Orig, e.New, e.Kind, e.RawMatched, e.CorrMatched)
	}
	want := "tbe>the word 0>1; sald>said word 0>1; wou1d>would digits 0>1; to day>today merge 1>1; thc>the word 0>1; house>houses word 1>0; "
	if b.String() != want {
		t.Errorf("effects:\n got %s\nwant %s", b.String(), want)
	}
	tally := TallyKinds(eff)
	if w := tally[KindWord]; w != (KindTally{Changes: 4, Helped: 3, Hurt: 1, Gained: 3, Lost: 1}) {
		t.Errorf("word tally %+v", w)
	}
	if m := tally[KindMerge]; m != (KindTally{Changes: 1}) {
		t.Errorf("merge tally %+v", m)
	}
	// The net gain of the changes is 3 while the matched words go 5 -> 9:
	// the unchanged "to" after "day" gains the gt "to" that the raw "to"
	// before "day" had (a match that moved between unchanged tokens).
	mr, mc, _ := Broken(gt, raw, strings.Fields(strings.Join(out, " ")), Options{})
	net := 0
	for _, e := range eff {
		net += e.CorrMatched - e.RawMatched
	}
	if net != 3 || mr != 5 || mc != 9 {
		t.Errorf("net gain %d, matched %d -> %d; want 3, 5 -> 9", net, mr, mc)
	}
}

// TestRawAlignment checks that one RawAlignment scores several
// corrections of the same tokens as ChangeEffects does each alone,
// whichever comes first (one with no change included).
func TestRawAlignment(t *testing.T) {
	gt := strings.Fields("the man said he would come today")
	raw := strings.Fields("tbe man sald he wou1d come today")
	outs := [][]string{
		append([]string(nil), raw...),
		{"the", "man", "said", "he", "would", "come", "today"},
		{"the", "can", "sald", "he", "wou1d", "come", "to day"},
	}
	a := NewRawAlignment(gt, raw, Options{})
	for k, out := range outs {
		got, want := fmt.Sprint(a.Effects(out)), fmt.Sprint(ChangeEffects(gt, raw, out, Options{}))
		if got != want {
			t.Errorf("correction %d: effects %s, want %s", k, got, want)
		}
	}
}

// KindTally.Add sums every count.
func TestKindTallyAdd(t *testing.T) {
	a := KindTally{Changes: 3, Helped: 2, Hurt: 1, Gained: 4, Lost: 1}
	a.Add(KindTally{Changes: 1, Helped: 0, Hurt: 1, Gained: 0, Lost: 2})
	if want := (KindTally{Changes: 4, Helped: 2, Hurt: 2, Gained: 4, Lost: 3}); a != want {
		t.Errorf("got %+v, want %+v", a, want)
	}
}

func TestParseKinds(t *testing.T) {
	for _, c := range []struct {
		list string
		want []Kind
		err  string
	}{
		{"all", Kinds, ""},
		{"word", []Kind{KindWord}, ""},
		{" Word , split,merge", []Kind{KindWord, KindSplit, KindMerge}, ""},
		{"punctuation,all", Kinds, ""},
		{"none", nil, `unknown kind of change "none"`},
		{"words", nil, `unknown kind of change "words": want word, punctuation, case, digits, split, merge, deletion, or all`},
		{"", nil, `an empty name in the list of kinds of change ""`},
		{"word,", nil, `an empty name in the list of kinds of change "word,"`},
	} {
		got, err := ParseKinds(c.list)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseKinds(%q) error %v, want %q", c.list, err, c.err)
			}
			continue
		}
		var want [NumKinds]bool
		for _, k := range c.want {
			want[k] = true
		}
		if err != nil || got != want {
			t.Errorf("ParseKinds(%q) = %v, %v; want %v", c.list, got, err, want)
		}
	}
}

// TestRefused: the test of a change not to be made refuses the kinds a
// list leaves out, and is nil where it names them all.
func TestRefused(t *testing.T) {
	if r, err := Refused("all"); err != nil || r != nil {
		t.Errorf("all: %v, %v; want nil, nil", r != nil, err)
	}
	r, err := Refused("word,split")
	if err != nil || r == nil || r(Change{Kind: KindWord}) || r(Change{Kind: KindSplit}) || !r(Change{Kind: KindPunct}) || !r(Change{Kind: KindCase}) {
		t.Errorf("word,split: refuses word %v, punctuation %v (%v)", r != nil && r(Change{Kind: KindWord}), r != nil && r(Change{Kind: KindPunct}), err)
	}
	if _, err := Refused("words"); err == nil || !strings.Contains(err.Error(), `"words"`) {
		t.Errorf("unknown kind: %v", err)
	}
}
