package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/lm/english"
)

func TestFigureWords(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	words := strings.Fields("8HIPPING NOTICES, CHRISTMA8. 1n5urance 12th 1857.-Sir 8UITS 18s 4to c0mmittee, (8ir) B12 W0RK8. 8TAR 1st S0N 8HIPPING")
	out := slices.Clone(words)
	out[len(out)-1] = "WHIPPING" // a decision changed it
	figureWords(out, words)
	want := strings.Fields("SHIPPING NOTICES, CHRISTMAS. insurance 12th 1857.-Sir SUITS 18s 4to committee, (8ir) B12 WORKS. STAR 1st S0N WHIPPING")
	if !slices.Equal(out, want) {
		t.Errorf("figureWords:\n got %q\nwant %q", out, want)
	}
	if got := figureReadings("a8c0"); !slices.Equal(got, []string{"asco", "abco"}) {
		t.Errorf("figureReadings(a8c0) = %q", got)
	}
}
