package eval

import (
	"strings"
	"unicode"

	"ocrfix/align"
)

// MERCounts are the counts of an edit alignment of two sequences of units
// (characters or words): Hits + Subs + Dels = units of the ground truth,
// Hits + Subs + Ins = units of the prediction, and Subs + Dels + Ins is
// their Levenshtein distance.
type MERCounts struct {
	Hits, Subs, Dels, Ins int
}

// Add adds the counts of o to c.
func (c *MERCounts) Add(o MERCounts) {
	c.Hits += o.Hits
	c.Subs += o.Subs
	c.Dels += o.Dels
	c.Ins += o.Ins
}

// MER returns the match error rate (S+D+I) / (H+S+D+I), NaN when both
// sequences are empty.
func (c MERCounts) MER() float64 {
	e := c.Subs + c.Dels + c.Ins
	return ratio(e, e+c.Hits)
}

// HIPENormalize normalises text as the HIPE-OCRepair 2026 scorer does
// before computing cMER and wMER: a `¬` that ends a line (at the end of a
// whitespace token followed by another: the soft hyphen of a line break) is
// removed with the break, joining the two halves; the text is lower-cased;
// ß becomes ss, æ ae, œ oe, the r rotunda ꝛ r, and a, o, u with a small e
// above (U+0364) ä, ö, ü; every character that is neither a letter nor a
// number (punctuation, symbols, the underscore) becomes a space; runs of
// white space become one space, none at the ends. Accents are kept (é and
// e differ).
func HIPENormalize(tokens []string) string {
	var b strings.Builder
	for i, t := range tokens {
		join := false
		if strings.HasSuffix(t, "¬") && i+1 < len(tokens) {
			t, join = strings.TrimSuffix(t, "¬"), true
		}
		for _, r := range hipeLetters.Replace(strings.ToLower(t)) {
			switch {
			case r == 'ß':
				b.WriteString("ss")
			case r == 'æ':
				b.WriteString("ae")
			case r == 'œ':
				b.WriteString("oe")
			case unicode.IsLetter(r) || unicode.IsNumber(r):
				b.WriteRune(r)
			default:
				b.WriteByte(' ')
			}
		}
		if !join {
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// hipeLetters are the scorer's replacements of historical letters: the r
// rotunda, and a, o, u with a small e above (the old umlaut).
var hipeLetters = strings.NewReplacer("ꝛ", "r", "a\u0364", "ä", "o\u0364", "ö", "u\u0364", "ü")

// HIPEMER returns the character and word counts of the HIPE-OCRepair
// match error rates of one document: both token lists are normalised by
// HIPENormalize; characters are the runes of the normalised texts (spaces
// included), words their space-separated words. The Levenshtein distance
// S+D+I is exact (computed as for CER, guided by the word alignment). The
// hits are those of one minimum-distance alignment: the path through the
// equal words of the maximum word alignment, with the most hits in each
// piece between them. When that path is not minimal (its cost exceeds the
// distance: rare, where the word alignment misleads), H is taken as
// max(units gt, units pred) - distance, the fewest hits any minimal
// alignment can have, and S, D, I follow from H and the distance.
func HIPEMER(gt, pred []string) (chars, words MERCounts) {
	gn := strings.Fields(HIPENormalize(gt))
	pn := strings.Fields(HIPENormalize(pred))
	v := align.NewVocab()
	g, p := v.IDs(gn), v.IDs(pn)
	pairs := align.Align(g, p)
	gc := []rune(strings.Join(gn, " "))
	pc := []rune(strings.Join(pn, " "))
	wd, cd := editDistances(gn, pn, g, p, gc, pc, pairs)
	words = merCounts(g, p, pairsToRuns(g, p, pairs, nil, nil), wd)
	chars = merCounts(gc, pc, pairsToRuns(g, p, pairs, runeOffsets(gn), runeOffsets(pn)), cd)
	return chars, words
}

// maxPieceCells bounds the DP of one piece between runs; a larger piece
// counts its cost exactly (segLev) and its hits as the least possible.
const maxPieceCells = 16 << 20

// merCounts returns the counts of an alignment of a and b of cost d (the
// exact distance) guided by runs, as HIPEMER describes.
func merCounts(a, b []int32, runs []align.Run, d int) MERCounts {
	n, m := len(a), len(b)
	hits, cost := 0, 0
	ia, ib := 0, 0
	piece := func(x, y []int32) {
		c, h := pieceCounts(x, y)
		cost += c
		hits += h
	}
	for _, r := range runs {
		piece(a[ia:r.A], b[ib:r.B])
		hits += r.Len
		ia, ib = r.A+r.Len, r.B+r.Len
	}
	piece(a[ia:], b[ib:])
	if cost != d {
		hits = max(n, m) - d
	}
	s := (n - hits) + (m - hits) - d
	return MERCounts{Hits: hits, Subs: s, Dels: n - hits - s, Ins: m - hits - s}
}

// pieceCounts returns the edit distance of x and y and the most hits of an
// alignment of that cost.
func pieceCounts(x, y []int32) (cost, hits int) {
	if len(x) == 0 || len(y) == 0 {
		return len(x) + len(y), 0
	}
	if len(x)*len(y) > maxPieceCells {
		c := segLev(x, y)
		return c, max(len(x), len(y)) - c
	}
	// one row of (cost, hits), the better being the lower cost, then the
	// more hits
	type cell struct{ c, h int32 }
	better := func(p, q cell) cell {
		if q.c < p.c || q.c == p.c && q.h > p.h {
			return q
		}
		return p
	}
	row := make([]cell, len(y)+1)
	for j := range row {
		row[j] = cell{int32(j), 0}
	}
	for i := 1; i <= len(x); i++ {
		diag := row[0]
		row[0] = cell{int32(i), 0}
		for j := 1; j <= len(y); j++ {
			d := cell{diag.c + 1, diag.h}
			if x[i-1] == y[j-1] {
				d = cell{diag.c, diag.h + 1}
			}
			diag = row[j]
			best := better(d, cell{row[j].c + 1, row[j].h})
			row[j] = better(best, cell{row[j-1].c + 1, row[j-1].h})
		}
	}
	last := row[len(y)]
	return int(last.c), int(last.h)
}
