package align

// bandLevenshtein returns the unit-cost edit distance (insertions,
// deletions, substitutions) between two symbol sequences (word ids, runes). It is exact and uses O(len(a)+len(b)) memory. ub, when >= 0, must be
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
func bandLevenshtein(a, b []int32, ub int) int {
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
