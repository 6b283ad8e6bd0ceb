package profile

import (
	"strconv"
	"strings"
)

// SpikeRatio is how many times as often as each of its neighbours a
// collection must write a number for NumberSpike: the same prior as the
// variant ratio of the correction's profile gate (a systematic misreading
// is written ten times as often as the form it competes with).
const SpikeRatio = 10

// spikeMarks are the marks NumberSpike allows around a number: those of
// running text (a word misread as a number keeps the word's punctuation).
// Any other sign (%, °, #, §, +, a currency) makes the token a quantity.
const spikeMarks = `.,;:!?'"()[]‘’“”«»-–—…`

// NumberSpike reports whether tok is a misread word rather than a number:
// a number of one or two digits (no leading zero, nothing around it but
// the marks of running text, not a round number: 10, 20, ..., 90, 25, 75)
// that the collection writes alone (the exact token), in two documents or
// more, at least SpikeRatio times as often as each of the two numbers
// beside it (n-1 and n+1), and at least SpikeRatio times. Numbers near each
// other occur about as often in running text (the counts fall smoothly
// with size, apart from round numbers), so an engine that reads a word as
// a number all through makes a spike (is as 15, I as 1): ads-fall2018's
// OCR writes 15 2,408 times beside 44 14 and 4 16, the rendered
// collections' 1 (for I) 94 to 144 times beside a few 2 and 0. A page
// alone (one document) has no spike. In a pruned profile (Pruned) a
// neighbour's count may be short by as much as a dropped form had, and is
// taken so.
func (p *Profile) NumberSpike(tok string) bool {
	core := strings.TrimFunc(tok, func(r rune) bool { return strings.ContainsRune(spikeMarks, r) })
	if core == "" || len(core) > 2 || core[0] == '0' && len(core) > 1 ||
		strings.IndexFunc(core, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return false
	}
	n, _ := strconv.Atoi(core) // one or two ASCII digits
	if n >= 10 && (n%10 == 0 || n == 25 || n == 75) {
		return false
	}
	// most is how often the collection may write a number alone.
	most := func(n int) int { return int(p.Exact(strconv.Itoa(n)).N) + p.Pruned() }
	lim := SpikeRatio * max(1, most(n+1))
	if n > 0 {
		lim = max(lim, SpikeRatio*most(n-1))
	}
	c := p.Exact(core)
	return c.DF >= 2 && int(c.N) >= lim
}
