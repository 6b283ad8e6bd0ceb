package profile

import (
	"strings"
	"testing"
)

func TestNumberSpike(t *testing.T) {
	p := Of([][]string{
		strings.Fields(strings.Repeat("it 15 ", 10) + "14 16 16 " + strings.Repeat("9 10 11 ", 5) + "07 07 07 07 07 07 07 07 07 07 " + strings.Repeat("50 ", 5) + strings.Repeat("12 ", 5) + strings.Repeat("1 ", 5) + "3"),
		strings.Fields(strings.Repeat("it 15 ", 10) + strings.Repeat("1 ", 5) + strings.Repeat("£3 ", 12) + strings.Repeat("37 ", 12) + strings.Repeat("50 ", 5) + strings.Repeat("12 ", 5)),
	}, Options{})
	for tok, want := range map[string]bool{
		"15":   true, // 20 times alone, beside 14 once and 16 twice
		"15,":  true, // the marks of running text around it
		"(15":  true,
		"“15”": true,
		"$15":  false, // money
		"15£":  false,
		"15%":  false, // other quantities
		"15°":  false,
		"#15":  false,
		"+15":  false,
		"10":   false, // as common as 9 and 11
		"12":   false, // 10 times, beside 5 11 (and no 13)
		"50":   false, // a round number, however common (10 times, no 49 or 51)
		"1":    true,  // 10 times, and no 0 or 2
		"3":    false, // alone only once (£3 is money)
		"37":   false, // in one document only
		"07":   false, // a leading zero: a code or a date, not a count
		"150":  false, // three digits
		"1a":   false,
		"":     false,
	} {
		if got := p.NumberSpike(tok); got != want {
			t.Errorf("NumberSpike(%q) = %v, want %v", tok, got, want)
		}
	}
}

// A neighbour's count in a pruned profile may be short by as much as a
// dropped form had.
func TestNumberSpikePruned(t *testing.T) {
	p := Of([][]string{
		strings.Fields(strings.Repeat("a b c d e f g ", 7) + strings.Repeat("14 ", 6)), // 14 dropped here
		strings.Fields(strings.Repeat("15 ", 15) + "14 16"),                            // ... and held from here on
		strings.Fields(strings.Repeat("15 ", 15)),
	}, Options{MaxForms: 3})
	if p.Pruned() < 6 || p.Exact("14").N != 1 || p.Exact("15").N != 30 {
		t.Fatalf("pruned %d, 14 held %d times, 15 %d times; want 6 or more, 1 and 30", p.Pruned(), p.Exact("14").N, p.Exact("15").N)
	}
	if p.NumberSpike("15") {
		t.Errorf("NumberSpike(15) true although 14 may have been seen %d times", 1+p.Pruned())
	}
}
