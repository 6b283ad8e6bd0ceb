package align

import (
	"math/bits"
	"sort"
)

// Alt is one alternative reading at a position of a Lattice: the words it
// writes, as word ids (none, one, or several: a split writes two), and how
// many positions it consumes (Span >= 1; a merge of two tokens has Span
// 2). A Span below 1 counts as 1, and a Span running past the end of the
// lattice is clipped to it.
type Alt struct {
	Words []int32
	Span  int
}

// Lattice holds the alternatives of each position of a text with
// several possible readings (an OCR output and its correction candidates):
// Lattice[i] are the alternatives starting at position i. A path starts at
// position 0, takes one alternative at each position it reaches and moves
// on by its Span, and ends at len(Lattice). A position without
// alternatives is passed over as if it held one alternative that writes
// nothing.
type Lattice [][]Alt

// LatticeLCS returns the most truth words that any path through lat can
// match in order: the largest LCS between truth and the words a path
// writes. Word w of the lattice matches truth word t when eq(w, t), or,
// with eq nil, when w == t. It is the lattice matcher of ocrfix: the
// oracle ("best possible world") of candidate generation.
//
// The method is the bit-parallel LCS of Hyyrö (2004) run over the lattice
// as a DAG: every node keeps the LCS row of its best paths as a bit vector
// over truth (64 truth words per machine word); the single-word
// alternatives between two nodes are applied at once with the union of
// their match vectors (a position matches truth[j] when any alternative's
// word does); multi-word alternatives apply one step per word; where paths
// meet, their rows are combined by an exact element-wise maximum of the
// encoded rows. Time is O(W * (positions + words of multi-word
// alternatives + merges)) with W = len(truth)/64, plus one lookup per
// distinct word (with eq, one call of eq per distinct lattice word and
// distinct truth word); memory is O(W * (longest Span + 1)).
func LatticeLCS(lat Lattice, truth []int32, eq func(w, t int32) bool) int {
	return newOracle(lat, truth, eq, false).run()
}

// LatticePath is LatticeLCS that also returns an optimal path: choice[i]
// is the index in lat[i] of the alternative the path takes at position i,
// or -1 where the path does not stop (positions inside a Span) or stops at
// a position without alternatives. Among optimal paths it prefers, node by
// node from the end, the lowest alternative index, so with alternatives
// sorted best first it keeps the top one wherever the choice does not
// change the count. It stores one row per position: memory
// O(len(lat) * len(truth) / 8) bytes.
func LatticePath(lat Lattice, truth []int32, eq func(w, t int32) bool) (matched int, choice []int) {
	o := newOracle(lat, truth, eq, true)
	matched = o.run()
	return matched, o.trace(matched)
}

// oracle is the state of one lattice DP (LatticeLCS, LatticePath).
type oracle struct {
	lat  Lattice
	m, w int        // truth words, uint64 words per row
	alts [][]oalt   // alternatives per position
	keep bool       // keep every node's row (for trace)
	rows [][]uint64 // rows[i] = final row of node i (keep only)
	in   [][]edge   // incoming edges per node (keep only)
}

// oalt is an alternative with its words' truth match positions.
type oalt struct {
	words [][]int // per word, the sorted truth positions it matches
	to    int     // target node
	index int     // index in lat[i]; -1 for the implicit empty alternative
}

type edge struct{ from, alt int } // alt indexes o.alts[from]

func newOracle(lat Lattice, truth []int32, eq func(w, t int32) bool, keep bool) *oracle {
	o := &oracle{lat: lat, m: len(truth), w: (len(truth) + 63) / 64, keep: keep}
	// truth positions of each distinct truth word, in order of first
	// occurrence
	byID := make(map[int32][]int)
	var distinct []int32
	for j, t := range truth {
		if _, ok := byID[t]; !ok {
			distinct = append(distinct, t)
		}
		byID[t] = append(byID[t], j)
	}
	pos := make(map[int32][]int) // truth positions each lattice word matches
	lookup := func(w int32) []int {
		if eq == nil {
			return byID[w]
		}
		if p, ok := pos[w]; ok {
			return p
		}
		var p []int
		for _, t := range distinct {
			if eq(w, t) {
				p = append(p, byID[t]...)
			}
		}
		sort.Ints(p)
		pos[w] = p
		return p
	}
	n := len(lat)
	o.alts = make([][]oalt, n)
	for i, as := range lat {
		if len(as) == 0 {
			o.alts[i] = []oalt{{to: i + 1, index: -1}}
			continue
		}
		o.alts[i] = make([]oalt, len(as))
		for k, a := range as {
			oa := oalt{to: min(i+max(a.Span, 1), n), index: k, words: make([][]int, len(a.Words))}
			for x, w := range a.Words {
				oa.words[x] = lookup(w)
			}
			o.alts[i][k] = oa
		}
	}
	return o
}

// run does the forward pass and returns the oracle count.
func (o *oracle) run() int {
	n := len(o.lat)
	span := 1
	for i := range o.alts {
		for _, a := range o.alts[i] {
			span = max(span, a.to-i)
		}
	}
	R := span + 1
	ring := make([][]uint64, R)
	for k := range ring {
		ring[k] = make([]uint64, o.w)
	}
	has := make([]bool, n+1)
	tmp := make([]uint64, o.w)
	mask := make([]uint64, o.w)
	if o.keep {
		o.rows = make([][]uint64, n+1)
		o.in = make([][]edge, n+1)
	}
	for k := range ring[0] {
		ring[0][k] = ^uint64(0)
	}
	has[0] = true
	// deliver merges row into node t's pending row.
	deliver := func(t int, row []uint64) {
		dst := ring[t%R]
		if !has[t] {
			copy(dst, row)
			has[t] = true
			return
		}
		maxMerge(dst, row, o.m)
	}
	var group []int
	for i := 0; i < n; i++ {
		if !has[i] {
			continue
		}
		cur := ring[i%R]
		if o.keep {
			o.rows[i] = append([]uint64(nil), cur...)
		}
		as := o.alts[i]
		done := make([]bool, len(as))
		for k := range as {
			if done[k] {
				continue
			}
			a := &as[k]
			if o.keep {
				o.in[a.to] = append(o.in[a.to], edge{i, k})
			}
			if len(a.words) != 1 {
				copy(tmp, cur)
				for _, p := range a.words {
					lcsStep(tmp, p, mask)
				}
				deliver(a.to, tmp)
				continue
			}
			// all single-word alternatives to the same target at once
			group = group[:0]
			for k2 := k; k2 < len(as); k2++ {
				if b := &as[k2]; len(b.words) == 1 && b.to == a.to {
					done[k2] = true
					group = append(group, b.words[0]...)
					if o.keep && k2 != k {
						o.in[a.to] = append(o.in[a.to], edge{i, k2})
					}
				}
			}
			copy(tmp, cur)
			lcsStep(tmp, group, mask)
			deliver(a.to, tmp)
		}
		has[i] = false
	}
	final := ring[n%R]
	if o.keep {
		o.rows[n] = append([]uint64(nil), final...)
	}
	return zerosBefore(final, o.m)
}

// lcsStep advances the LCS row v by one text word whose truth match positions
// are pos (any order, duplicates allowed), using mask as zeroed scratch
// (left zeroed). Hyyrö's step: U = V & M; V' = (V + U) | (V &^ M).
func lcsStep(v []uint64, pos []int, mask []uint64) {
	if len(pos) == 0 {
		return
	}
	lo := len(v)
	for _, p := range pos {
		b := p >> 6
		mask[b] |= 1 << uint(p&63)
		lo = min(lo, b)
	}
	var carry uint64
	for b := lo; b < len(v); b++ {
		x, mk := v[b], mask[b]
		var s uint64
		s, carry = bits.Add64(x, x&mk, carry)
		v[b] = s | (x &^ mk)
	}
	for _, p := range pos {
		mask[p>>6] = 0
	}
}

// zerosBefore returns the LCS row value at column j: the zero bits of row
// among bits 0..j-1.
func zerosBefore(row []uint64, j int) int {
	z := 0
	b := 0
	for ; (b+1)*64 <= j; b++ {
		z += 64 - bits.OnesCount64(row[b])
	}
	if r := j - b*64; r > 0 {
		z += r - bits.OnesCount64(row[b]&(1<<uint(r)-1))
	}
	return z
}

// maxMerge sets dst to the element-wise maximum of the LCS rows dst and
// src (bit i clear = the row increases by one at column i+1), over the
// first m columns. The maximum of two such rows is again such a row.
func maxMerge(dst, src []uint64, m int) {
	d := 0 // row(dst) - row(src) at the start of the block
	for b := range dst {
		x, y := dst[b], src[b]
		nb := min(64, m-b*64)
		valid := ^uint64(0)
		if nb < 64 {
			valid = 1<<uint(nb) - 1
		}
		zx := nb - bits.OnesCount64(x&valid)
		zy := nb - bits.OnesCount64(y&valid)
		switch {
		case x&valid == y&valid:
			// same increments: the larger row stays larger; d unchanged
		case d >= 64:
		case d <= -64:
			dst[b] = y
		default:
			var out uint64
			dd := d
			for k := 0; k < nb; k++ {
				ix := int(^x >> uint(k) & 1)
				iy := int(^y >> uint(k) & 1)
				nd := dd + ix - iy
				inc := iy + max(nd, 0) - max(dd, 0)
				if inc == 0 {
					out |= 1 << uint(k)
				}
				dd = nd
			}
			dst[b] = out | (x &^ valid)
		}
		d += zx - zy
	}
}

// trace recovers an optimal path after run (keep mode).
func (o *oracle) trace(matched int) []int {
	n := len(o.lat)
	choice := make([]int, n)
	for i := range choice {
		choice[i] = -1
	}
	i, j, v := n, o.m, matched
	for i > 0 {
		found := false
		for _, e := range o.in[i] {
			a := &o.alts[e.from][e.alt]
			row := o.rows[e.from]
			if zerosBefore(row, j) == v {
				// no gt word matched by this alternative
				choice[e.from] = a.index
				i = e.from
				found = true
				break
			}
			if len(a.words) == 1 {
				// the last match position <= j (1-based column) of the word
				p := a.words[0]
				k := sort.SearchInts(p, j) - 1 // largest p[k] < j, i.e. column p[k]+1 <= j
				if k >= 0 && zerosBefore(row, p[k])+1 == v {
					choice[e.from] = a.index
					i, j, v = e.from, p[k], v-1
					found = true
					break
				}
				continue
			}
			if jj, ok := o.chainBack(row, a, j, v); ok {
				choice[e.from] = a.index
				i, j = e.from, jj
				v = zerosBefore(row, j)
				found = true
				break
			}
		}
		if !found {
			// cannot happen: some incoming edge realises every node's row.
			panic("align: lattice trace found no predecessor")
		}
	}
	return choice
}

// chainBack checks whether the multi-word alternative a, entered with the
// row row, reaches value v at column j; if so it returns the column where
// the path entered the alternative.
func (o *oracle) chainBack(row []uint64, a *oalt, j, v int) (int, bool) {
	t := len(a.words)
	tab := make([][]int, t+1)
	tab[0] = make([]int, j+1)
	for c := 1; c <= j; c++ {
		tab[0][c] = tab[0][c-1] + int(^row[(c-1)>>6]>>uint((c-1)&63)&1)
	}
	match := func(x, c int) bool { // word x matches gt column c (1-based)
		p := a.words[x]
		k := sort.SearchInts(p, c-1)
		return k < len(p) && p[k] == c-1
	}
	for x := 1; x <= t; x++ {
		prev, cur := tab[x-1], make([]int, j+1)
		cur[0] = prev[0]
		for c := 1; c <= j; c++ {
			best := max(prev[c], cur[c-1])
			if match(x-1, c) {
				best = max(best, prev[c-1]+1)
			}
			cur[c] = best
		}
		tab[x] = cur
	}
	if tab[t][j] != v {
		return 0, false
	}
	x, c := t, j
	for x > 0 {
		switch {
		case c > 0 && tab[x][c] == tab[x][c-1]:
			c--
		case tab[x][c] == tab[x-1][c]:
			x--
		default: // a match of word x-1 at column c
			x--
			c--
		}
	}
	return c, true
}
