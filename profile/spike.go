package profile

import (
	"strconv"
	"strings"
	"unicode"
)

// SpikeRatio is how many times as often as each of its neighbours a
// collection must write a number for NumberSpike: the same prior as the
// variant ratio of the correction's profile gate (a systematic misreading
// is written ten times as often as the form it competes with).
const SpikeRatio = 10

// NumberSpike reports whether tok is a number of one or two digits (any
// punctuation around it, no currency sign, no leading zero) that the
// collection writes alone (the exact token, no punctuation) at least
// SpikeRatio times as often as each of the two numbers beside it (n-1 and
// n+1), and at least SpikeRatio times: a word that the collection's OCR
// reads as that number all through (is as 15, I as 1) rather than a
// number. Numbers near each other occur about as often in running text
// (the counts fall smoothly with size, apart from round numbers, which a
// word is seldom misread as); ads-fall2018's OCR writes 15 2,408 times
// beside 44 14 and 4 16, the rendered collections' 1 (for I) 94 to 144
// times beside a few 2 and 0. On a page alone (a small profile) no number
// is a spike; in a pruned profile (Pruned), a neighbour it does not hold
// counts as seen as often as a dropped form may have been.
func (p *Profile) NumberSpike(tok string) bool {
	if strings.IndexFunc(tok, func(r rune) bool { return unicode.Is(unicode.Sc, r) }) >= 0 {
		return false
	}
	core := strings.TrimFunc(tok, isPunct)
	if core == "" || len(core) > 2 || core[0] == '0' && len(core) > 1 ||
		strings.IndexFunc(core, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return false
	}
	// count is how often the collection writes a number alone, at most:
	// one a pruned profile dropped may have been seen Pruned times.
	count := func(s string) int {
		if c := int(p.Exact(s).N); c > 0 {
			return c
		}
		return p.Pruned()
	}
	n, _ := strconv.Atoi(core) // one or two ASCII digits
	lim := SpikeRatio * max(1, count(strconv.Itoa(n+1)))
	if n > 0 {
		lim = max(lim, SpikeRatio*count(strconv.Itoa(n-1)))
	}
	return int(p.Exact(core).N) >= lim
}
