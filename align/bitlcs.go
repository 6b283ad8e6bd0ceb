package align

import "math/bits"

// denseShare: a word of the bit side whose occurrences make up at least
// 1/denseShare of it gets a precomputed match bit vector; rarer words have
// their match bits set and cleared per row from their occurrence list.
const denseShare = 128

// lcsEngine computes rows of the LCS table bit-parallel (Allison-Dix,
// Hyyrö): for a fixed column sequence b it holds one bit per column, 64 per
// uint64, and advances one row of the other sequence per step. After rows
// a[0:i] the bit vector V has a zero at column j exactly when
// LCS(a[:i], b[:j+1]) = LCS(a[:i], b[:j]) + 1. All per-id arrays are indexed
// by word id and are restored to their idle state after each use, so one
// engine serves many subproblems.
type lcsEngine struct {
	head  []int32 // per id: start of its positions in pos, -1 when idle
	cnt   []int32 // per id: occurrences in b, 0 when idle
	cur   []int32 // per id: cursor into pos
	pos   []int32 // positions in b grouped by id
	slot  []int32 // per id: index of its dense vector, -1 when sparse
	dense []uint64
	v, mv []uint64
}

func newLCSEngine(sigma int) *lcsEngine {
	e := &lcsEngine{
		head: make([]int32, sigma),
		cnt:  make([]int32, sigma),
		cur:  make([]int32, sigma),
		slot: make([]int32, sigma),
	}
	for i := range e.head {
		e.head[i] = -1
		e.slot[i] = -1
	}
	return e
}

// run sets e.v to the bit vector of LCS(a, b) rows after all of a and
// returns LCS(a, b). e.v has (len(b)+63)/64 words; bits at len(b) and above
// are ones.
func (e *lcsEngine) run(a, b []int32) int {
	return e.runBand(a, b, -len(a), len(b))
}

// runBand is run restricted to the diagonal band dlo <= j-i <= dhi of the
// LCS table (dlo <= min(0, m-n), dhi >= max(0, m-n)): each row updates only
// the 64-bit words covering the band, and words outside keep older values.
// Every value it computes is achievable (a lower bound of the true LCS), and
// it is at least the best path staying inside the band; so when the result
// r satisfies r >= min(n,m) - w, where the band reaches w diagonals beyond
// [min(0,m-n), max(0,m-n)] on both sides, r is the exact LCS: a path
// leaving the band has at least |m-n|+2w+2 insertions and deletions, hence
// at most min(n,m)-w-1 matches (Ukkonen's argument).
func (e *lcsEngine) runBand(a, b []int32, dlo, dhi int) int {
	m := len(b)
	nw := (m + 63) / 64
	e.v = grow(e.v, nw)
	v := e.v
	for k := range v {
		v[k] = ^uint64(0)
	}
	if m == 0 {
		return 0
	}
	e.mv = grow(e.mv, nw)
	mv := e.mv
	clear(mv)
	// occurrence lists of b, grouped by id (CSR): head[id] is the start
	// of id's positions in pos, cnt[id] their number, cur[id] a cursor
	// that follows the band's left edge.
	e.pos = growI(e.pos, m)
	for _, id := range b {
		e.cnt[id]++
	}
	off := int32(0)
	for _, id := range b {
		if e.head[id] < 0 {
			e.head[id] = off
			e.cur[id] = off
			off += e.cnt[id]
		}
	}
	for j, id := range b {
		e.pos[e.cur[id]] = int32(j)
		e.cur[id]++
	}
	nd := 0
	for _, id := range b {
		e.cur[id] = e.head[id]
		if e.slot[id] < 0 && int(e.cnt[id])*denseShare >= m && e.cnt[id] >= 8 {
			e.slot[id] = int32(nd)
			nd++
		}
	}
	e.dense = grow(e.dense, nd*nw)
	clear(e.dense)
	for j, id := range b {
		if s := e.slot[id]; s >= 0 {
			e.dense[int(s)*nw+j>>6] |= 1 << (uint(j) & 63)
		}
	}
	pos := e.pos
	for r, x := range a {
		if x < 0 || int(x) >= len(e.head) || e.cnt[x] == 0 {
			continue // no match in b: the row is unchanged
		}
		h, end := e.head[x], e.head[x]+e.cnt[x]
		lo, hi := r+dlo-1, r+dhi+1 // bit j is column j+1 of row r+1
		lo = max(lo, int(pos[h]), 0)
		hi = min(hi, m-1)
		if lo > hi {
			continue
		}
		if s := e.slot[x]; s >= 0 {
			step(v[lo>>6:hi>>6+1], e.dense[int(s)*nw+lo>>6:])
			continue
		}
		c := e.cur[x]
		for c < end && int(pos[c]) < lo {
			c++
		}
		e.cur[x] = c
		t := c
		for ; t < end && int(pos[t]) <= hi; t++ {
			j := pos[t]
			mv[j>>6] |= 1 << (uint(j) & 63)
		}
		step(v[lo>>6:hi>>6+1], mv[lo>>6:])
		for ; c < t; c++ {
			mv[pos[c]>>6] = 0
		}
	}
	for _, id := range b {
		e.head[id] = -1
		e.cnt[id] = 0
		e.slot[id] = -1
	}
	zeros := 0
	for _, w := range v[:nw-1] {
		zeros += 64 - bits.OnesCount64(w)
	}
	last := v[nw-1]
	if r := uint(m & 63); r != 0 {
		last |= ^uint64(0) << r
	}
	zeros += 64 - bits.OnesCount64(last)
	return zeros
}

// step advances the bit vector v by one row with match vector mk:
// V' = (V + (V & M)) | (V &^ M), the addition carrying across words.
func step(v, mk []uint64) {
	mk = mk[:len(v)]
	var carry uint64
	for k, x := range v {
		u := x & mk[k]
		s, c := bits.Add64(x, u, carry)
		carry = c
		v[k] = s | (x &^ u)
	}
}

// row writes into f, for j = 0..len(b), LCS(a, b[:j]) taken from the bit
// vector left by run.
func (e *lcsEngine) row(f []int32, m int) {
	f[0] = 0
	z := int32(0)
	for j := 0; j < m; j++ {
		if e.v[j>>6]&(1<<(uint(j)&63)) == 0 {
			z++
		}
		f[j+1] = z
	}
}

func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

func growI(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// sigmaOf returns one more than the largest id in a and b (0 when empty or
// all negative).
func sigmaOf(a, b []int32) int {
	var mx int32 = -1
	for _, x := range a {
		mx = max(mx, x)
	}
	for _, x := range b {
		mx = max(mx, x)
	}
	return int(mx) + 1
}
