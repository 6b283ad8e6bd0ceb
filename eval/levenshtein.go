package eval

import "sort"

// levenshtein returns the unit-cost edit distance (insertions, deletions,
// substitutions) between two symbol sequences: word ids for WER, runes for
// CER. It is exact and uses O(len(a)+len(b)) memory.
//
// Method: the bit-parallel algorithm of Myers (1999) in Hyyrö's block form
// (64 rows of the DP matrix per machine word), restricted to the diagonal
// band |i-j| <= k of Ukkonen; every cell whose value is <= k is exact
// inside the band, so a result <= k is the distance, and otherwise k is
// doubled and the band recomputed. The time is O(n * d / 64) for distance
// d, so long, similar texts (the usual case for OCR) are cheap. Common
// prefixes and suffixes are removed first.
func levenshtein(a, b []int32) int {
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
	k := n - m
	if k < 32 {
		k = 32
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

// band runs the banded block algorithm with band half-width k over the text
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
	lastB := (min(k, m) - 1) / 64
	for b := 0; b <= lastB; b++ {
		P[b] = ^uint64(0)
		score[b] = min((b+1)*64, m)
	}
	for j := 0; j < n; j++ {
		col := j + 1
		hi := min(col+k, m)
		lo := max(col-k, 1)
		first, last := (lo-1)/64, (hi-1)/64
		s := tsym[j]
		var e, eEnd int32
		if s >= 0 {
			e, eEnd = p.start[s], p.start[s+1]
			// the first entry with block >= first
			off := sort.Search(int(eEnd-e), func(i int) bool { return p.blocks[e+int32(i)] >= int32(first) })
			e += int32(off)
		}
		hin := 1
		for b := first; b <= last; b++ {
			if b > lastB {
				P[b], M[b] = ^uint64(0), 0
				score[b] = score[b-1] - hin + rows(b)
				lastB = b
			}
			var eq uint64
			if e < eEnd && p.blocks[e] == int32(b) {
				eq = p.masks[e]
				e++
			}
			hbit := uint(63)
			if b == nb-1 {
				hbit = lastBit
			}
			var hout int
			P[b], M[b], hout = blockStep(P[b], M[b], eq, hin, hbit)
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
