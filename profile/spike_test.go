package profile

import (
	"strings"
	"testing"
)

func TestNumberSpike(t *testing.T) {
	p := Of([][]string{
		strings.Fields(strings.Repeat("it 15 ", 20) + "14 16 16 " + strings.Repeat("9 10 11 ", 5) + "07 07 07 07 07 07 07 07 07 07"),
		strings.Fields(strings.Repeat("1 ", 10) + strings.Repeat("£3 ", 12)),
	}, Options{})
	for tok, want := range map[string]bool{
		"15":  true, // 20 times alone, beside 14 once and 16 twice
		"15,": true, // any punctuation around it
		"(15": true,
		"$15": false, // money
		"15£": false,
		"10":  false, // as common as 9 and 11
		"1":   true,  // 10 times, and no 0 or 2
		"3":   false, // written only as money
		"07":  false, // a leading zero: a code or a date, not a count
		"150": false, // three digits
		"1a":  false,
		"":    false,
	} {
		if got := p.NumberSpike(tok); got != want {
			t.Errorf("NumberSpike(%q) = %v, want %v", tok, got, want)
		}
	}
	if one := Of([][]string{strings.Fields("it 15 true")}, Options{}); one.NumberSpike("15") {
		t.Error("a number seen once is a spike")
	}
}

// A neighbour a pruned profile dropped counts as often as a dropped form
// may have been seen.
func TestNumberSpikePruned(t *testing.T) {
	doc := strings.Fields(strings.Repeat("15 ", 15) + strings.Repeat("a b c d e f g h i ", 3) + "14 14")
	p := Of([][]string{doc}, Options{MaxForms: 4})
	if p.Pruned() == 0 || p.Exact("14").N != 0 {
		t.Fatalf("the profile kept 14 (pruned %d)", p.Pruned())
	}
	if got := p.NumberSpike("15"); got {
		t.Errorf("NumberSpike(15) = true beside a dropped 14 seen up to %d times", p.Pruned())
	}
}
