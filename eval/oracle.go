package eval

import (
	"math/bits"
	"sort"

	"ocrfix/align"
)

// Alt is one alternative reading at a lattice position: the words it
// writes (zero or more; a split writes two) and how many OCR positions it
// consumes (Span >= 1; a merge of two tokens has Span 2). A Span below 1
// counts as 1, and a Span running past the end of the lattice is clipped
// to it.
type Alt struct {
	Words []string
	Span  int
}

// Lattice holds the alternatives of each OCR position: Lattice[i] are the
// alternatives starting at position i. A path starts at position 0, takes
// one alternative at each position it reaches and moves on by its Span,
// and ends at len(Lattice). A position without alternatives is passed over
// as if it held one alternative that writes nothing.
type Lattice [][]Alt

// Oracle returns the most gt words that any path through lat can match in
// order (the size of the maximum order-preserving alignment between gt and
// the words the path writes), comparing words under opt: the "best
// possible world" of candidate generation. It is exact.
//
// The method is the bit-parallel LCS of Hyyrö (2004) run over the lattice
// as a DAG: every node keeps the LCS row of its best paths as a bit vector
// over gt (64 gt words per machine word); the single-word alternatives
// between two nodes are applied at once with the union of their match
// vectors (a position matches gt[j] when any alternative's word equals
// it); multi-word alternatives apply one step per word; where paths meet,
// their rows are combined by an exact element-wise maximum of the encoded
// rows. Time is O(W * (positions + words of multi-word alternatives +
// merges)) with W = len(gt)/64, plus the per-word map lookups; memory is
// O(W * (longest Span + 1)).
func Oracle(lat Lattice, gt []string, opt Options) int {
	o := newOracle(lat, gt, opt, false)
	return o.run()
}

// OracleChoice is Oracle that also returns an optimal path: choice[i] is
// the index in lat[i] of the alternative the path takes at position i, or
// -1 where the path does not stop (positions inside a Span) or stops at a
// position without alternatives. Among optimal paths it prefers, node by
// node from the end, the lowest alternative index, so with candidates
// sorted best first it keeps the top candidate wherever the choice does
// not change the count. It stores one row per position: memory
// O(len(lat) * len(gt) / 8) bytes.
func OracleChoice(lat Lattice, gt []string, opt Options) (matched int, choice []int) {
	o := newOracle(lat, gt, opt, true)
	matched = o.run()
	return matched, o.trace(matched)
}

// oracle is the state of one lattice DP.
type oracle struct {
	lat  Lattice
	m, w int              // gt words, uint64 words per row
	gt   []string         // normalised gt
	alts [][]oalt         // normalised alternatives per position
	keep bool             // keep every node's row (for trace)
	rows [][]uint64       // rows[i] = final row of node i (keep only)
	in   [][]edge         // incoming edges per node (keep only)
	pos  map[string][]int // gt positions each normalised lattice word matches
	opt  Options
}

// oalt is an alternative with its words' gt match positions.
type oalt struct {
	words [][]int // per word, the sorted gt positions it matches
	raw   []string
	to    int // target node
	index int // index in lat[i]; -1 for the implicit empty alternative
}

type edge struct{ from, alt int } // alt indexes o.alts[from]

func newOracle(lat Lattice, gt []string, opt Options, keep bool) *oracle {
	g, _ := opt.normalizeWords(gt)
	o := &oracle{lat: lat, m: len(g), w: (len(g) + 63) / 64, gt: g, keep: keep, opt: opt}
	// gt positions of each distinct gt word.
	v := align.NewVocab()
	ids := v.IDs(g)
	byID := make([][]int, v.Len())
	for j, id := range ids {
		byID[id] = append(byID[id], j)
	}
	o.pos = make(map[string][]int)
	lookup := func(w string) []int {
		if p, ok := o.pos[w]; ok {
			return p
		}
		var p []int
		if !opt.fuzzy() {
			if id, ok := v.Lookup(w); ok {
				p = byID[id]
			}
		} else {
			for id := 0; id < v.Len(); id++ {
				if gw := v.Word(int32(id)); gw == w || align.Ratio(gw, w) >= opt.Fuzzy {
					p = append(p, byID[id]...)
				}
			}
			sort.Ints(p)
		}
		o.pos[w] = p
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
			ws, _ := opt.normalizeWords(a.Words)
			oa := oalt{raw: ws, to: min(i+max(a.Span, 1), n), index: k, words: make([][]int, len(ws))}
			for x, w := range ws {
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

// lcsStep advances the LCS row v by one text word whose gt match positions
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
			panic("eval: oracle trace found no predecessor")
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
