package align

import (
	"runtime"
	"sync"
)

// Exact edit distance of long, similar sequences by a certified corridor.
//
// Runs of equal symbols a[A:A+Len] == b[B:B+Len] (from an alignment) and
// the rectangles between them make a reference path P through the DP
// matrix (rows: a, columns: b). The corridor C is the set of cells within w
// rows of P in each column. One DP over C computes, for each cell, a lower
// bound of the cost of any path from (0, 0) to it: moves between inside
// cells as usual, and a cell outside C worth a lower bound of the cost of
// reaching any outside cell of its column (below). So lb(end) <= d, the
// distance, for every path of cost <= bound. Each cell also carries a flag:
// its value is that of a real path inside C (ties prefer those). If the end
// cell's flag is set, lb(end) is also the cost of a path, so lb(end) = d.
//
// Soundness of the outside bound (the argument, step by step):
//
//  1. A path that leaves C does so by a move from an inside cell, so the
//     first outside cell of an excursion costs >= that cell's lb plus the
//     move's cost (the exits, Eh and Ev below).
//  2. The columns of b are cut into seeds of k symbols. A path that is
//     outside C from its last cell in column x = t*k to its first cell in
//     column x+k aligns b[x:x+k] with a[r:r'] where (r, x) is outside C; it
//     costs 0 there only if a[r:r+k] == b[x:x+k]. A seed that occurs in a at
//     no such r (within the static band of the bound: a cell (r, x) on a
//     path of cost <= bound has |r-x| + |(n-r)-(m-x)| <= bound) costs such a
//     path >= 1 (the seed argument of A*PA, Groot Koerkamp and Ivanov 2024).
//     Seeds occupy disjoint columns, so their costs add up.
//  3. The excursion values are carried column by column, for each side of
//     C apart (a path cannot pass from above C to below it, or back,
//     without entering C, so a seed's cost can count its occurrences on one
//     side only): A, the least cost of an excursion already outside at the
//     current seed's first column (charged the seed's cost at its last
//     column), and B, that of one that left C later in the seed (charged
//     nothing for it). Any outside cell of column j on that side then costs
//     >= min(A, B, exits into column j), which is the value given to the
//     outside neighbours on that side when the DP re-enters C.
//
// Every inside value is thus at most the cost of any path (of cost <= bound)
// reaching it, whatever the runs and seeds are: they only decide how often
// the check succeeds. In text, a path misaligned by more than w meets seeds
// it cannot match every few seeds, while leaving and re-entering C costs
// about 2w, so the check succeeds unless the optimal path strays about w
// from P; then the caller widens C or falls back to the banded algorithm.

// Run is a run of equal symbols of two sequences: a[A:A+Len] == b[B:B+Len],
// Len >= 1. Runs given to AnchoredLevenshtein are increasing and do not
// overlap: each starts at or after the end of the previous one in both
// sequences.
type Run struct{ A, B, Len int }

// corridorInf is the value of an unreachable cell; adding small costs to it
// does not overflow.
const corridorInf = int32(1 << 29)

// box is a part of the reference path P: a rectangle between two waypoints
// (an edited piece) or a diagonal (an anchor), from (r0, c0) to (r1, c1).
type box struct {
	r0, c0, r1, c1 int
	diag           bool
}

// corridorShape walks the columns of the reference path through the
// anchors, in order of column. Its boxes are made on the fly: box 2t is the
// rectangle before run t, box 2t+1 the diagonal of run t, box 2*len(runs)
// the rectangle after the last run.
type corridorShape struct {
	runs   []Run
	cur    int // first box whose last column is >= the current column
	b      box // box cur, when ok
	ok     bool
	na, nb int
}

func newCorridorShape(na, nb int, anchors []Run) *corridorShape {
	return &corridorShape{na: na, nb: nb, runs: anchors}
}

func (s *corridorShape) nbox() int { return 2*len(s.runs) + 1 }

func (s *corridorShape) box(k int) box {
	t := k / 2
	if k%2 == 1 {
		r := s.runs[t]
		return box{r0: r.A, c0: r.B, r1: r.A + r.Len, c1: r.B + r.Len, diag: true}
	}
	var b box
	if t > 0 {
		r := s.runs[t-1]
		b.r0, b.c0 = r.A+r.Len, r.B+r.Len
	}
	if t < len(s.runs) {
		b.r1, b.c1 = s.runs[t].A, s.runs[t].B
	} else {
		b.r1, b.c1 = s.na, s.nb
	}
	return b
}

// reset makes the walk start again at column 0.
func (s *corridorShape) reset() { s.cur, s.ok = 0, false }

// path returns the first and the last row of the path in column j; j must
// not decrease between calls.
func (s *corridorShape) path(j int) (lo, hi int) {
	if !s.ok {
		s.b, s.ok = s.box(s.cur), true
	}
	for s.b.c1 < j {
		s.cur++
		s.b = s.box(s.cur)
	}
	b := s.b
	lo = b.r0
	if b.diag {
		lo = b.r0 + (j - b.c0)
	}
	// the boxes are contiguous (each starts at the column where the last
	// ends): the later boxes in column j follow while one ends there
	for k := s.cur + 1; b.c1 == j && k < s.nbox(); k++ {
		b = s.box(k)
	}
	hi = b.r1
	if b.diag {
		hi = b.r0 + (j - b.c0)
	}
	return lo, hi
}

// rows returns the rows of the corridor of half-width w in column j: those
// of the path, widened by w, clipped to [0, na]; j must not decrease
// between calls.
func (s *corridorShape) rows(j, w int) (int, int) {
	lo, hi := s.path(j)
	return max(0, lo-w), min(s.na, hi+w)
}

// seedCosts returns, for each seed t (b[t*k:(t+1)*k], t < last/k), bit 0
// set when no path of cost <= ub can align it, from above the corridor,
// with an equal substring of a: when it occurs in a at no row r such that
// (r, t*k) is above the corridor and in the static band of ub (a cell (r, x)
// on a path of cost <= ub has |r-x| + |(len(a)-r)-(len(b)-x)| <= ub); bit 1
// likewise below the corridor.
//
// Occurrences are found by a 64-bit rolling hash over every position of a,
// without checking the symbols: a hash collision can only add occurrences,
// which lowers costs, so the bound stays sound. A seed whose hash occurs
// more than maxOcc times costs 0 on both sides.
func seedCosts(a, b []int32, k, ub, last int, shape func(j int) (int, int)) []uint8 {
	const maxOcc = 32
	T := last / k
	cost := make([]uint8, T)
	if T == 0 {
		return cost
	}
	const mul = 0x9E3779B97F4A7C15
	var pow uint64 = 1
	for i := 0; i < k; i++ {
		pow *= mul
	}
	hash := func(s []int32) uint64 {
		var h uint64
		for _, c := range s {
			h = h*mul + uint64(uint32(c)) + 1
		}
		return h
	}
	// an open-addressing table of the distinct seed hashes, each with the
	// list of its occurrences in a (the last one first)
	type entry struct {
		key uint64 // the hash, odd; 0 = empty
		n   int32  // occurrences in a
		occ int32  // index in occRow of the last occurrence, -1 = none
	}
	size := 1
	for size < 2*T {
		size *= 2
	}
	table := make([]entry, size)
	// a one-hash Bloom filter of the seed hashes, 16 bits a seed, so that
	// most positions of a skip the table
	fbits := uint(4)
	for 1<<fbits < 16*T {
		fbits++
	}
	filter := make([]uint64, (1<<fbits+63)/64)
	fshift := 64 - fbits
	slot := make([]int32, T)
	for t := 0; t < T; t++ {
		h := hash(b[t*k:(t+1)*k]) | 1
		filter[h>>fshift/64] |= 1 << (h >> fshift % 64)
		i := int(h>>1) & (size - 1)
		for table[i].key != 0 && table[i].key != h {
			i = (i + 1) & (size - 1)
		}
		table[i] = entry{key: h, occ: -1}
		slot[t] = int32(i)
	}
	var occRow, occNext []int32
	if len(a) >= k {
		h := hash(a[:k])
		for r := 0; ; r++ {
			if h1 := h | 1; filter[h1>>fshift/64]&(1<<(h1>>fshift%64)) != 0 {
				i := int(h1>>1) & (size - 1)
				for table[i].key != 0 {
					if e := &table[i]; e.key == h1 {
						e.n++
						if e.n <= maxOcc {
							occRow = append(occRow, int32(r))
							occNext = append(occNext, e.occ)
							e.occ = int32(len(occRow) - 1)
						}
						break
					}
					i = (i + 1) & (size - 1)
				}
			}
			if r+k >= len(a) {
				break
			}
			h = h*mul + uint64(uint32(a[r+k])) + 1 - pow*(uint64(uint32(a[r]))+1)
		}
	}
	delta := len(a) - len(b)
	for t := 0; t < T; t++ {
		e := table[slot[t]]
		if e.n > maxOcc {
			continue
		}
		x := t * k
		lo, hi := shape(x)
		cost[t] = 3
		for o := e.occ; o >= 0 && cost[t] != 0; o = occNext[o] {
			r := int(occRow[o])
			if r >= lo && r <= hi {
				continue
			}
			if dd := r - x; abs(dd)+abs(delta-dd) <= ub {
				if r < lo {
					cost[t] &^= 1
				} else {
					cost[t] &^= 2
				}
			}
		}
	}
	return cost
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// corridorBound runs the corridor DP of half-width w, with seeds of k
// symbols, for paths of cost <= bound (< 0: any), where a substitution
// costs sub (1: Levenshtein; 2: insertions and deletions only, the distance
// n+m-2*LCS), and returns lb <= d (see the comment at the top of the file).
// Each cell holds 2*value+flag, flag 0 when the value is the cost of a real
// path inside the corridor (ties prefer those), so one DP gives both
// bounds: when the end cell's flag is 0, lb is also the cost of a path,
// hence d, and exact is true. cells is the number of cells computed.
//
// Long inputs are cut at the middle column, when there are spare CPUs: the
// first half runs forward and the second half runs backward (forward on the
// reversed sequences) at the same time, and the halves meet in the middle
// column, which every path crosses either inside the corridor (at a row
// where the two halves' values add up) or outside (at least the two outside
// bounds).
func corridorBound(a, b []int32, anchors []Run, w, k, bound int, sub int32) (lb int, exact bool, cells int) {
	na, nb := len(a), len(b)
	if bound < 0 {
		bound = na + nb
	}
	if nb < splitMin || runtime.GOMAXPROCS(0) < 2 {
		h := corridorHalf(a, b, anchors, w, k, bound, sub, nb)
		key := h.col.key(na)
		return int(key >> 1), key&1 == 0, h.cells
	}
	mid := nb / 2
	ra, rb := reverse32(a), reverse32(b)
	rruns := make([]Run, len(anchors))
	for i, r := range anchors {
		rruns[len(anchors)-1-i] = Run{A: na - r.A - r.Len, B: nb - r.B - r.Len, Len: r.Len}
	}
	var f, g half
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		g = corridorHalf(ra, rb, rruns, w, k, bound, sub, nb-mid)
	}()
	f = corridorHalf(a, b, anchors, w, k, bound, sub, mid)
	wg.Wait()
	// rows of column mid: r forward, na-r backward (above and below swap);
	// keys in int64
	fa, fb := 2*int64(f.above)+1, 2*int64(f.below)+1
	ga, gb := 2*int64(g.above)+1, 2*int64(g.below)+1
	sum := func(kf, kg int64) int64 { // value sum, flag 0 when both real
		return 2*(kf>>1+kg>>1) + (kf|kg)&1
	}
	best := min(sum(fa, gb), sum(fb, ga))
	lo := min(f.col.lo, na-g.col.hi)
	hi := max(f.col.hi, na-g.col.lo)
	for r := lo; r <= hi; r++ {
		kf, kg := fa, ga // above the corridor, in each direction
		switch {
		case r > f.col.hi:
			kf = fb
		case r >= f.col.lo:
			kf = int64(f.col.key(r))
		}
		switch rr := na - r; {
		case rr > g.col.hi:
			kg = gb
		case rr >= g.col.lo:
			kg = int64(g.col.key(rr))
		}
		best = min(best, sum(kf, kg))
	}
	return int(best >> 1), best&1 == 0, f.cells + g.cells
}

// splitMin is the number of columns from which corridorBound cuts the
// problem in two halves run in parallel.
var splitMin = 1 << 15

func reverse32(s []int32) []int32 {
	r := make([]int32, len(s))
	for i, x := range s {
		r[len(s)-1-i] = x
	}
	return r
}

// half is the state of the corridor DP after some column: the column, the
// lower bounds of any path reaching an outside cell of it above and below
// the corridor, and the cells computed.
type half struct {
	col          column
	above, below int32
	cells        int
}

// corridorHalf runs the corridor DP over columns 0..last of b.
func corridorHalf(a, b []int32, anchors []Run, w, k, bound int, sub int32, last int) half {
	na, nb := len(a), len(b)
	sh := newCorridorShape(na, nb, anchors)
	costs := seedCosts(a, b, k, bound, last, func(j int) (int, int) { return sh.rows(j, w) })
	sh.reset()
	var L column
	L.start(sh.rows(0, w))
	cells := L.hi - L.lo + 1
	// excursion states, in values (not keys), one set above the corridor
	// and one below: a path cannot go from one side to the other without
	// entering the corridor (in one column step the corridor moves down by
	// at most one row more than the path can), so they never mix
	var above, below excursion
	above.reset()
	below.reset()
	exitV := func(c *column) int32 { // vertical, below the corridor
		if c.hi < na {
			return c.value(c.hi) + 1
		}
		return corridorInf
	}
	// column 0 is the first column of seed 0
	above.seedStart(0, corridorInf)
	below.seedStart(0, exitV(&L))
	for j := 1; j <= last; j++ {
		lo, hi := sh.rows(j, w)
		plo, phi := L.lo, L.hi
		bj := b[j-1]
		// exits from column j-1 into column j, outside the corridor
		Ea, Eb := corridorInf, corridorInf
		for i := plo; i <= min(phi, lo-1); i++ {
			v := L.value(i)
			Ea = min(Ea, v+1) // horizontal to (i, j), above
			if i+1 < lo {     // diagonal to (i+1, j), above
				c := sub
				if a[i] == bj {
					c = 0
				}
				Ea = min(Ea, v+c)
			}
		}
		if hi == phi && phi < na { // diagonal below
			c := sub
			if a[phi] == bj {
				c = 0
			}
			Eb = min(Eb, L.value(phi)+c)
		}
		// outside cells, for moves into column j
		ra, rb := min(above.out(), Ea), min(below.out(), Eb)
		L.step(a, bj, lo, hi, 2*ra+1, 2*rb+1, 2*sub)
		cells += hi - lo + 1
		Eb = min(Eb, exitV(&L))
		if j%k == 0 && j/k <= len(costs) {
			var c uint8
			if t := j/k - 1; t >= 0 {
				c = costs[t]
			}
			above.seedStart(int32(c&1), Ea)
			below.seedStart(int32(c>>1), Eb)
		} else {
			above.exit(Ea)
			below.exit(Eb)
		}
	}
	return half{col: L, above: above.out(), below: below.out(), cells: cells}
}

// excursion holds the lower bounds of the paths outside the corridor on one
// side: A for those outside since the current seed's first column, B for
// those that left later.
type excursion struct{ A, B int32 }

func (e *excursion) reset() { e.A, e.B = corridorInf, corridorInf }

// out is the least cost of a path at an outside cell of the current column.
func (e *excursion) out() int32 { return min(e.A, e.B) }

// exit adds the exits into the current column, which is not a seed's first.
func (e *excursion) exit(E int32) { e.B = min(e.B, E) }

// seedStart moves to a seed's first column: the paths outside for the whole
// seed that ends here pay its cost c; E are the exits into the column.
func (e *excursion) seedStart(c, E int32) {
	if e.A < corridorInf {
		e.A += c
	}
	e.A = min(e.A, e.B, E)
	e.B = corridorInf
}

// column is one column of a corridor DP: the values of rows lo..hi, at
// index i-lo+1 of prev (the current column) with a sentinel at index 0.
type column struct {
	lo, hi    int
	prev, cur []int32
}

func (c *column) start(lo, hi int) {
	c.lo, c.hi = lo, hi
	c.prev = make([]int32, hi-lo+2, 2*(hi-lo+2))
	for i := lo; i <= hi; i++ {
		c.prev[i-lo+1] = int32(2 * i)
	}
}

// key returns the key of row i, lo <= i <= hi.
func (c *column) key(i int) int32 { return c.prev[i-c.lo+1] }

// value returns the value of row i, lo <= i <= hi.
func (c *column) value(i int) int32 { return c.prev[i-c.lo+1] >> 1 }

// step computes the next column, rows lo..hi (not above the previous ones),
// symbol bj; a cell outside the corridor has the key top above it and bot
// below it. A match costs
// 0, a substitution sub (in keys), an insertion or deletion 2 (in keys).
func (c *column) step(a []int32, bj int32, lo, hi int, top, bot, sub int32) {
	plo, phi := c.lo, c.hi
	pv := c.prev
	// previous column: rows plo-1 .. hi, outside ones worth top (above)
	// and bot (below)
	need := hi - plo + 2
	pv = growKeep(pv, need)
	pv[0] = top
	for x := phi - plo + 2; x < need; x++ {
		pv[x] = bot
	}
	n := hi - lo + 2
	cu := c.cur
	if cap(cu) < n {
		cu = make([]int32, n, 2*n)
	}
	cu = cu[:n]
	cu[0] = top
	i0 := lo
	if lo == 0 {
		// row 0: only the move from the left
		cu[1] = pv[1] + 2
		i0 = 1
	}
	// the cells of rows i0..hi; the values of the row above (diagonal
	// and up) are carried in registers
	if m := hi - i0 + 1; m > 0 {
		off := lo - plo // prev index of row i is i-plo+1 = (i-lo+1)+off
		x0 := i0 - lo + 1
		p2 := pv[off+x0 : off+x0+m]
		c2 := cu[x0 : x0+m]
		as := a[i0-1 : i0-1+m]
		d, u := pv[off+x0-1], cu[x0-1]
		for x, ai := range as {
			cost := sub
			if ai == bj {
				cost = 0
			}
			l := p2[x]
			u = min(d+cost, l+2, u+2)
			c2[x] = u
			d = l
		}
	}
	c.prev, c.cur = cu, pv
	c.lo, c.hi = lo, hi
}

// growKeep extends s to n elements, keeping its contents.
func growKeep(s []int32, n int) []int32 {
	if cap(s) >= n {
		return s[:n]
	}
	t := make([]int32, n, 2*n)
	copy(t, s)
	return t
}

// AnchoredLevenshtein returns the unit-cost edit distance between a and b,
// exact, in O(len(a)+len(b)) memory, given runs of equal symbols (for
// example the equal words of an alignment), ub an upper bound of the
// distance or -1, and seed, the seed length in symbols of the certificate
// (2 suits word ids, 12 characters of text). The runs only guide the
// computation: any runs give the exact distance, good ones (an alignment of
// the two sequences) make it fast.
//
// Method: the distance is computed in a corridor of half-width w around the
// path through the runs, together with a lower bound for the paths that
// leave the corridor (see corridor.go); when they agree the value is exact,
// in time O((len(a)+len(b)) * w). Otherwise w doubles while that is cheaper
// than the banded bit-parallel algorithm (time O(len * ub / 64)), which is
// the last resort.
func AnchoredLevenshtein(a, b []int32, runs []Run, ub, seed int) int {
	if len(a) == 0 || len(b) == 0 {
		return len(a) + len(b)
	}
	if d, ok := anchoredDistance(a, b, runs, ub, seed, 1); ok {
		return d
	}
	return bandLevenshtein(a, b, ub)
}

// anchoredDistance tries the corridor certificate with growing widths while
// it is cheaper than the banded algorithm and returns the distance (with
// substitution cost sub) and true when one succeeds. Outside the corridor
// a path pays at most one a seed, so the certificate cannot hold when the
// error rate is near 1/seed: the seeds are shortened to a third of the
// symbols an error (from ub, substitutions counted once), not below 4, and
// above an error rate of 1/(2*seed) the certificate is not tried.
func anchoredDistance(a, b []int32, runs []Run, ub, seed int, sub int32) (int, bool) {
	if ub > 0 {
		// shorter seeds charge more often (and match more by chance): at
		// least three seeds an error
		seed = min(seed, max(4, int(sub)*len(b)/(3*ub)))
	}
	if ub >= 0 && 2*seed*ub > int(sub)*len(b) {
		return 0, false
	}
	// the banded algorithm costs about max(n,m) * ub / 64 block steps of
	// some 16 cell updates each; a corridor about 2w+1 cells a column
	band := float64(max(len(a), len(b))) * float64(max(ub, 64)) / 4
	spent := 0.0
	w := 16
	if seed > 4 {
		w = 24 // characters: a word's length of slack
	}
	for ; w <= 1024; w *= 2 {
		cost := float64(len(b)) * float64(2*w+1)
		if ub >= 0 && spent+cost > band/2 {
			break
		}
		spent += cost
		if l, exact, _ := corridorBound(a, b, runs, w, seed, ub, sub); exact {
			return l, true
		}
	}
	return 0, false
}
