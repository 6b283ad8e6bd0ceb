package eval

import (
	"strings"

	"ocrfix/align"
)

// OutOf returns the correction of each of the OCR tokens raw that the
// corrected words corrected imply, in the form of model.Correction.Out
// (what Changes and ChangeEffects read), for a text corrected by a tool
// that gives only its output. The two are aligned by the maximum
// order-preserving alignment of equal words: a matched token keeps its
// word; between two matches, a stretch of tokens takes the corrected words
// of the same stretch, one for one where the two stretches are as long,
// else all of them at its first token, the others "" (a merge, or a split
// where the corrected stretch is longer; "" throughout where it is empty:
// a deletion). Corrected words with no token in their stretch (an
// insertion) go with the token before them, or, at the start, before the
// first token (with no token at all, they are lost). len(result) ==
// len(raw).
func OutOf(raw, corrected []string) []string {
	v := align.NewVocab()
	out := make([]string, len(raw))
	var pending []string // inserted words with no token before them yet
	put := func(i int, ws []string) {
		if len(pending) > 0 {
			ws = append(pending, ws...)
			pending = nil
		}
		out[i] = strings.Join(ws, " ")
	}
	align.Walk(align.Align(v.IDs(raw), v.IDs(corrected)), len(raw), len(corrected),
		func(a0, a1, b0, b1 int) {
			switch {
			case a1 == a0: // insertion
				if a0 == 0 {
					pending = append(pending, corrected[b0:b1]...)
				} else {
					out[a0-1] += " " + strings.Join(corrected[b0:b1], " ")
				}
			case a1-a0 == b1-b0:
				for k := a0; k < a1; k++ {
					put(k, corrected[b0+k-a0:b0+k-a0+1])
				}
			default:
				put(a0, corrected[b0:b1])
			}
		},
		func(p align.Pair) { put(p.A, corrected[p.B:p.B+1]) })
	if len(pending) > 0 && len(out) > 0 {
		out[0] = strings.Join(pending, " ")
	}
	return out
}
