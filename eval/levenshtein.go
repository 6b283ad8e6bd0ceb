package eval

import (
	"unicode/utf8"

	"ocrfix/align"
)

type alignPair = align.Pair

// levenshtein returns the unit-cost edit distance (insertions, deletions,
// substitutions) between two symbol sequences: word ids for WER, runes for
// CER. It is exact and uses O(len(a)+len(b)) memory. ub, when >= 0, must be
// an upper bound of the distance (for example the cost of some alignment);
// it saves the search for the band width.
//
// Method: the bit-parallel algorithm of Myers (1999) in Hyyrö's block form
// (64 rows of the DP matrix per machine word), restricted to the cells that
// a path of cost <= k can visit (Ukkonen's band: reaching cell (i, j) and
// going on to the end costs at least |i-j| + |(m-i)-(n-j)|). Every cell
// whose value is <= k is exact inside the band, so a result <= k is the
// distance; without a bound, k starts small and doubles until it holds.
// The time is O(n * k / 64); common prefixes and suffixes are removed
// first.
func levenshtein(a, b []int32, ub int) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 {
		return len(b)
	}
	if len(b) == 0 {
		return len(a)
	}
	// The pattern (rows) is the shorter side: its match table is smaller.
	if len(a) > len(b) {
		a, b = b, a
	}
	pe := newPeq(a)
	tsym := make([]int32, len(b))
	for j, c := range b {
		s, ok := pe.sym[c]
		if !ok {
			s = -1
		}
		tsym[j] = s
	}
	m, n := len(a), len(b)
	k := max(n-m, 32)
	if ub >= 0 {
		k = max(k, ub)
	}
	for {
		d := pe.band(tsym, k)
		if d <= k || k >= n {
			return d
		}
		k *= 2
	}
}

// peq is the match table of a pattern in compressed sparse form: for each
// distinct symbol s, the blocks (of 64 pattern positions) where s occurs
// and, for each, the bit mask of its positions in that block.
type peq struct {
	m      int
	sym    map[int32]int32 // symbol -> dense index
	start  []int32         // entries of symbol s: start[s]..start[s+1]
	blocks []int32
	masks  []uint64
}

func newPeq(a []int32) *peq {
	p := &peq{m: len(a), sym: make(map[int32]int32)}
	ps := make([]int32, len(a))
	for i, c := range a {
		s, ok := p.sym[c]
		if !ok {
			s = int32(len(p.sym))
			p.sym[c] = s
		}
		ps[i] = s
	}
	ns := len(p.sym)
	last := make([]int32, ns)
	for i := range last {
		last[i] = -1
	}
	count := make([]int32, ns+1)
	for i, s := range ps {
		if b := int32(i / 64); last[s] != b {
			last[s] = b
			count[s+1]++
		}
	}
	for s := 0; s < ns; s++ {
		count[s+1] += count[s]
	}
	p.start = count
	total := count[ns]
	p.blocks = make([]int32, total)
	p.masks = make([]uint64, total)
	fill := make([]int32, ns)
	copy(fill, count[:ns])
	for i := range last {
		last[i] = -1
	}
	for i, s := range ps {
		b := int32(i / 64)
		if last[s] != b {
			last[s] = b
			p.blocks[fill[s]] = b
			fill[s]++
		}
		p.masks[fill[s]-1] |= 1 << uint(i%64)
	}
	return p
}

// denseMax is the largest match table (symbols x blocks) band expands to a
// dense array (8 bytes an entry) instead of walking the sparse one.
const denseMax = 1 << 21

// band runs the banded block algorithm with band parameter k over the text
// symbols tsym (-1 = absent from the pattern) and returns D[m][n], which is
// exact when it is <= k.
func (p *peq) band(tsym []int32, k int) int {
	m, n := p.m, len(tsym)
	nb := (m + 63) / 64
	lastBit := uint((m - 1) % 64)
	P := make([]uint64, nb)
	M := make([]uint64, nb)
	score := make([]int, nb)
	rows := func(b int) int { return min((b+1)*64, m) - b*64 }
	delta := n - m // >= 0: the pattern is the shorter side
	up, down := (k+delta)/2, (k-delta)/2
	nsym := len(p.start) - 1
	var dense []uint64
	var cursor []int32
	if nsym*nb <= denseMax {
		dense = make([]uint64, nsym*nb)
		for s := 0; s < nsym; s++ {
			for e := p.start[s]; e < p.start[s+1]; e++ {
				dense[s*nb+int(p.blocks[e])] = p.masks[e]
			}
		}
	} else {
		cursor = make([]int32, nsym)
		copy(cursor, p.start)
	}
	var eqs []uint64 // the match masks of the band's blocks, for one column
	lastB := (max(1, min(m, down)) - 1) / 64
	for b := 0; b <= lastB; b++ {
		P[b] = ^uint64(0)
		score[b] = min((b+1)*64, m)
	}
	for j := 0; j < n; j++ {
		col := j + 1
		hi := min(col+down, m)
		lo := max(col-up, 1)
		first, last := (lo-1)/64, (hi-1)/64
		s := tsym[j]
		eqs = eqs[:0]
		switch {
		case s < 0:
			for b := first; b <= last; b++ {
				eqs = append(eqs, 0)
			}
		case dense != nil:
			eqs = append(eqs, dense[int(s)*nb+first:int(s)*nb+last+1]...)
		default:
			// the first entry with block >= first; first never decreases
			e, eEnd := cursor[s], p.start[s+1]
			for e < eEnd && p.blocks[e] < int32(first) {
				e++
			}
			cursor[s] = e
			for b := first; b <= last; b++ {
				var eq uint64
				if e < eEnd && p.blocks[e] == int32(b) {
					eq = p.masks[e]
					e++
				}
				eqs = append(eqs, eq)
			}
		}
		if last > lastB { // one new block a column at most
			score[last] = score[last-1] + rows(last) // at column j; corrected below
			P[last], M[last] = ^uint64(0), 0
		}
		hin := 1
		for b := first; b <= last; b++ {
			if b == last && last > lastB {
				// score[b-1] is already at column col: step back by hin
				score[b] = score[b-1] - hin + rows(b)
				lastB = b
			}
			pv, mv, eq := P[b], M[b], eqs[b-first]
			hbit := uint(63)
			if b == nb-1 {
				hbit = lastBit
			}
			xv := eq | mv
			if hin < 0 {
				eq |= 1
			}
			xh := (((eq & pv) + pv) ^ pv) | eq
			ph := mv | ^(xh | pv)
			mh := pv & xh
			hout := int(ph>>hbit&1) - int(mh>>hbit&1)
			ph <<= 1
			mh <<= 1
			if hin < 0 {
				mh |= 1
			} else if hin > 0 {
				ph |= 1
			}
			P[b], M[b] = mh|^(xv|ph), ph&xv
			score[b] += hout
			hin = hout
		}
	}
	return score[nb-1]
}

// blockStep advances one 64-row block of the edit-distance matrix by one
// column (Myers' step, Hyyrö's block form). pv/mv are the +1/-1 vertical
// deltas, eq the rows matching the column's symbol, hin the horizontal delta
// entering at the top; hout is the horizontal delta at row hbit.
func blockStep(pv, mv, eq uint64, hin int, hbit uint) (uint64, uint64, int) {
	xv := eq | mv
	if hin < 0 {
		eq |= 1
	}
	xh := (((eq & pv) + pv) ^ pv) | eq
	ph := mv | ^(xh | pv)
	mh := pv & xh
	hout := 0
	if ph>>hbit&1 != 0 {
		hout = 1
	} else if mh>>hbit&1 != 0 {
		hout = -1
	}
	ph <<= 1
	mh <<= 1
	if hin < 0 {
		mh |= 1
	} else if hin > 0 {
		ph |= 1
	}
	return mh | ^(xv | ph), ph & xv, hout
}

// smallLev is the textbook DP for short inputs.
func smallLev(a, b []int32) int {
	var buf [130]int
	var row []int
	if len(b)+1 <= len(buf) {
		row = buf[:len(b)+1]
	} else {
		row = make([]int, len(b)+1)
	}
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			c := diag
			if a[i-1] != b[j-1] {
				c++
			}
			diag = row[j]
			row[j] = min(c, row[j]+1, row[j-1]+1)
		}
	}
	return row[len(b)]
}

// segLev is the edit distance of two pieces, by DP when they are short.
func segLev(a, b []int32) int {
	if len(a) == 0 || len(b) == 0 || len(a)*len(b) <= 4096 {
		return smallLev(a, b)
	}
	return levenshtein(a, b, -1)
}

// boundsFromAlignment returns upper bounds of the word and character edit
// distances between the word sequences g and p (ids gi, pi; the character
// texts gc and pc are the words joined by single spaces) from a word
// alignment: the cost of editing each piece between consecutive aligned
// words separately (and each aligned pair, when fuzzy matching let
// different words pair).
func boundsFromAlignment(g, p []string, gi, pi []int32, gc, pc []int32, pairs []alignPair) (wordUB, charUB int) {
	offG, offP := runeOffsets(g), runeOffsets(p)
	pa, pb := 0, 0 // next unaligned word
	ca, cb := 0, 0 // next unaligned rune
	for _, pr := range pairs {
		wordUB += max(pr.A-pa, pr.B-pb)
		sa, sb := offG[pr.A], offP[pr.B]
		ea, eb := offG[pr.A+1]-1, offP[pr.B+1]-1
		charUB += segLev(gc[ca:sa], pc[cb:sb])
		if gi[pr.A] != pi[pr.B] {
			wordUB++
			charUB += segLev(gc[sa:ea], pc[sb:eb])
		}
		pa, pb, ca, cb = pr.A+1, pr.B+1, ea, eb
	}
	wordUB += max(len(g)-pa, len(p)-pb)
	charUB += segLev(gc[ca:], pc[cb:])
	return wordUB, charUB
}

// runeOffsets returns the rune offset of each word in the words joined by
// single spaces, plus one final entry len(joined)+1.
func runeOffsets(ws []string) []int {
	off := make([]int, len(ws)+1)
	for i, w := range ws {
		off[i+1] = off[i] + utf8.RuneCountInString(w) + 1
	}
	return off
}

// pairsToAnchors returns the runs of equal symbols a word alignment gives:
// for words, the aligned pairs of equal words, consecutive ones merged; for
// characters (offG, offP not nil: the rune offsets of the words in the
// joined texts), the characters of each pair of equal words.
func pairsToAnchors(g, p []int32, pairs []alignPair, offG, offP []int) []anchor {
	var out []anchor
	for _, pr := range pairs {
		if g[pr.A] != p[pr.B] {
			continue
		}
		if offG == nil {
			if n := len(out); n > 0 && out[n-1].R+out[n-1].L == pr.A && out[n-1].C+out[n-1].L == pr.B {
				out[n-1].L++
				continue
			}
			out = append(out, anchor{R: pr.A, C: pr.B, L: 1})
			continue
		}
		l := offG[pr.A+1] - offG[pr.A] - 1
		if l > 0 {
			out = append(out, anchor{R: offG[pr.A], C: offP[pr.B], L: l})
		}
	}
	return out
}

// Corridor parameters (see corridor.go): the first half-width and the seed
// length, for word and for character distances.
const (
	wordCorridor, wordSeed = 16, 2
	charCorridor, charSeed = 32, 12
)

// editDistances returns the word and the character edit distance between
// the word sequences g and p (ids gi, pi; gc and pc are the words joined by
// single spaces, as runes), both exact, given a word alignment of them.
func editDistances(g, p []string, gi, pi []int32, gc, pc []int32, pairs []alignPair) (words, chars int) {
	wub, cub := boundsFromAlignment(g, p, gi, pi, gc, pc, pairs)
	words = corridorLev(gi, pi, pairsToAnchors(gi, pi, pairs, nil, nil), wordCorridor, wordSeed, wub)
	offG, offP := runeOffsets(g), runeOffsets(p)
	chars = corridorLev(gc, pc, pairsToAnchors(gi, pi, pairs, offG, offP), charCorridor, charSeed, cub)
	return words, chars
}
