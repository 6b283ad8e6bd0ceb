package model

import (
	"strings"
	"testing"

	"ocrfix/eval"
)

func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		ocr, cand string
		span      int
		want      Kind
	}{
		{"tbe", "the", 1, KindWord},
		{"to day", "today", 2, KindMerge},
		{"today", "to day", 1, KindSplit},
		{"HILL", "Hill", 1, KindCase},
		{"Island", "island", 1, KindCase},
		{"word,", "word;", 1, KindPunct},
		{"word", "Word.", 1, KindPunct},
		{"18", "is", 1, KindDigits},
		{"£1", "£I", 1, KindDigits},
		{"l0ve", "love", 1, KindDigits},
		{"~", "", 1, KindDelete},
		{"4s", "4d", 1, KindWord},
	} {
		if got := KindOf(c.ocr, c.cand, c.span); got != c.want {
			t.Errorf("KindOf(%q, %q, %d) = %s, want %s", c.ocr, c.cand, c.span, got, c.want)
		}
	}
	for k := range NumKinds {
		if k.String() == "unknown" {
			t.Errorf("kind %d has no name", k)
		}
	}
}

func TestChangeOutcomes(t *testing.T) {
	gt := strings.Fields("the cat sat on the mat today, said HILL")
	ocr := strings.Fields("tbe cat sat on the mat to day, said HILL")
	// tbe -> the helps; on -> in hurts; "to day," merged -> "today," helps;
	// HILL -> Hill hurts.
	out := []string{"the", "cat", "sat", "in", "the", "mat", "today,", "", "said", "Hill"}
	made, helped, hurt := ChangeOutcomes(gt, ocr, out, eval.Options{})
	want := func(name string, got [NumKinds]int, k Kind, n int) {
		t.Helper()
		if got[k] != n {
			t.Errorf("%s[%s] = %d, want %d (%v)", name, k, got[k], n, got)
		}
	}
	want("made", made, KindWord, 2)
	want("made", made, KindMerge, 1)
	want("made", made, KindCase, 1)
	want("helped", helped, KindWord, 1)
	want("helped", helped, KindMerge, 1)
	want("hurt", hurt, KindWord, 1)
	want("hurt", hurt, KindCase, 1)
	want("helped", helped, KindCase, 0)
}
