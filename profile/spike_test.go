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
