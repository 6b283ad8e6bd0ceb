package align

import (
	"sort"
	"sync/atomic"
)

// LCSLength returns the length of a longest common subsequence of a and b:
// the number of pairs Align(a, b) returns. It strips the common prefix and
// suffix, then runs the bit-parallel algorithm of Allison and Dix (in
// Hyyrö's formulation) with the shorter sequence as the bit vector: about
// len(a)*len(b)/64 word operations, O(len(a)+len(b)) memory.
func LCSLength(a, b []int32) int {
	a, b = compactIDs(a, b)
	p, s := commonEnds(a, b)
	a, b = a[p:len(a)-s], b[p:len(b)-s]
	if len(a) == 0 || len(b) == 0 {
		return p + s
	}
	al := &aligner{a: a, b: b, e: newLCSEngine(sigmaOf(a, b)), countOnly: true}
	al.h.eq = func(i, j int) bool { return a[i] == b[j] }
	return p + s + al.top(0, len(a), 0, len(b))
}

// commonEnds returns the lengths of the common prefix and of the common
// suffix of a and b (not overlapping).
func commonEnds(a, b []int32) (prefix, suffix int) {
	n := min(len(a), len(b))
	for prefix < n && a[prefix] == b[prefix] {
		prefix++
	}
	for suffix < n-prefix && a[len(a)-1-suffix] == b[len(b)-1-suffix] {
		suffix++
	}
	return prefix, suffix
}

// compactIDs returns a and b unchanged when their ids are non-negative and
// not much larger than their total length (ids from one Vocab); otherwise
// copies with the ids renumbered densely, so that per-id arrays stay small.
func compactIDs(a, b []int32) ([]int32, []int32) {
	lim := int32(min(4*(len(a)+len(b))+1024, 1<<30))
	ok := true
	for _, x := range a {
		if x < 0 || x >= lim {
			ok = false
			break
		}
	}
	for _, x := range b {
		if !ok {
			break
		}
		if x < 0 || x >= lim {
			ok = false
		}
	}
	if ok {
		return a, b
	}
	ids := make(map[int32]int32)
	re := func(s []int32) []int32 {
		out := make([]int32, len(s))
		for i, x := range s {
			id, seen := ids[x]
			if !seen {
				id = int32(len(ids))
				ids[x] = id
			}
			out[i] = id
		}
		return out
	}
	return re(a), re(b)
}

// Align returns a longest common subsequence of a and b as index pairs: a
// maximum set of pairs with a[p.A] == b[p.B], strictly increasing in both A
// and B. The result is exact and deterministic; its length is
// LCSLength(a, b). Memory is O(len(a)+len(b)).
//
// The method: strip the common prefix and suffix; compute the exact LCS
// length L bit-parallel; then try a fast split at unique-word anchors (words
// that occur once in each side and agree with a neighbour, chained by a
// longest increasing subsequence), solving the pieces between anchors
// exactly. Anchors are a heuristic, so the split is kept only when it reaches
// L, which proves it maximal; otherwise the whole is solved by Hirschberg's
// divide and conquer over bit-parallel forward and backward LCS rows.
func Align(a, b []int32) []Pair {
	a, b = compactIDs(a, b)
	p, s := commonEnds(a, b)
	out := make([]Pair, 0, min(len(a), len(b)))
	for i := 0; i < p; i++ {
		out = append(out, Pair{i, i})
	}
	al := &aligner{a: a, b: b, out: out, e: newLCSEngine(sigmaOf(a, b))}
	al.h.eq = func(i, j int) bool { return a[i] == b[j] }
	a0, a1, b0, b1 := p, len(a)-s, p, len(b)-s
	if a1 > a0 && b1 > b0 {
		al.top(a0, a1, b0, b1)
	}
	for t := 0; t < s; t++ {
		al.out = append(al.out, Pair{a1 + t, b1 + t})
	}
	return al.out
}

// aligner holds the state of one Align run.
type aligner struct {
	countOnly bool
	a, b      []int32
	out       []Pair
	e         *lcsEngine
	h         hirsch // for small subproblems; its out is borrowed
	f, g      []int32
	ra, rb    []int32
	tally     []int32 // per id scratch of bagBound, zero when idle
}

// top aligns a[a0:a1] with b[b0:b1] (no common prefix or suffix) and
// returns the number of pairs; with countOnly it only counts them. It first
// splits at unique-word anchors and solves the pieces exactly, which gives a
// lower bound S of the LCS. Then it proves S maximal: first with the
// corridor certificate of AnchoredLevenshtein around the pairs found (the
// indel distance, n+m-2*LCS, computed near them with a lower bound for the
// paths that stray; time O((n+m) * 16)); when that does not conclude (and
// when only counting), it computes the LCS in the diagonal band that
// Ukkonen's argument proves sufficient given S. When the band's value
// equals S the split is maximal. Otherwise the band's value is the exact
// LCS and the whole is solved again without anchors.
func (al *aligner) top(a0, a1, b0, b1 int) int {
	n, m := a1-a0, b1-b0
	if n*m <= smallTable || n < 2 || m < 2 {
		return al.rec(a0, a1, b0, b1, -1)
	}
	anchors := al.anchors(a0, a1, b0, b1)
	if len(anchors) == 0 {
		// no anchor to split at (a periodic or repeated text): Hirschberg
		// with rows in a doubling band (the count alone: the doubling
		// band). Never top again on the same bounds.
		if al.countOnly {
			return al.exactLCS(a0, a1, b0, b1)
		}
		return al.rec(a0, a1, b0, b1, -1)
	}
	mark := len(al.out)
	got := 0
	pi, pj := a0, b0
	for _, q := range anchors {
		got += al.piece(pi, q.A, pj, q.B) + 1
		if !al.countOnly {
			al.out = append(al.out, q)
		}
		pi, pj = q.A+1, q.B+1
	}
	got += al.piece(pi, a1, pj, b1)
	if !al.countOnly {
		// certify with the corridor around the pairs found: the indel
		// distance n+m-2*LCS is at most n+m-2*got
		ub := n + m - 2*got
		if d, ok := anchoredDistance(al.a[a0:a1], al.b[b0:b1], pairRuns(al.out[mark:], a0, b0), ub, 2, 2); ok {
			if d == ub {
				return got
			}
			// d is the exact indel distance, n+m-2*LCS
			al.out = al.out[:mark]
			return al.rec(a0, a1, b0, b1, (n+m-d)/2)
		}
	}
	band := al.bandLCS(a0, a1, b0, b1, min(n, m)-got)
	if band == got {
		return got
	}
	// band > got, and band is the exact LCS (see runBand)
	if al.countOnly {
		return band
	}
	al.out = al.out[:mark]
	return al.rec(a0, a1, b0, b1, band)
}

// bandLCS runs the bit-parallel LCS of a[a0:a1] x b[b0:b1] in the diagonal
// band reaching w diagonals beyond [min(0,m-n), max(0,m-n)], the shorter
// side as the bit vector. The result is achievable, and it is the exact LCS
// when it is at least min(n,m)-w (see runBand).
func (al *aligner) bandLCS(a0, a1, b0, b1, w int) int {
	n, m := a1-a0, b1-b0
	if m <= n {
		return al.e.runBand(al.a[a0:a1], al.b[b0:b1], min(0, m-n)-w, max(0, m-n)+w)
	}
	return al.e.runBand(al.b[b0:b1], al.a[a0:a1], min(0, n-m)-w, max(0, n-m)+w)
}

// exactLCS returns the exact LCS of a[a0:a1] x b[b0:b1] in time O((n+m) + n*(|n-m|+w)/64) where
// w = min(n,m) - LCS. It runs the band with half-width w starting at the
// gap between min(n,m) and the bag-of-words bound (sum over words of the
// smaller count, an upper bound of the LCS) and doubles w until the result r
// is certified (r >= min(n,m)-w). Since r is achievable, w = min(n,m)-r is
// always enough, so w never exceeds twice what is needed and the loop ends
// after at most log2(min(n,m)) runs.
func (al *aligner) exactLCS(a0, a1, b0, b1 int) int {
	short := min(a1-a0, b1-b0)
	w := min(max(short-al.bagBound(a0, a1, b0, b1), 64), short)
	for {
		r := al.bandLCS(a0, a1, b0, b1, w)
		if r >= short-w {
			return r
		}
		// r < short-w, so w grows strictly; short-r always certifies
		w = min(2*w, short-r)
	}
}

// bagBound returns the sum over word ids of the smaller of the counts in
// a[a0:a1] and b[b0:b1]: an upper bound of their LCS.
func (al *aligner) bagBound(a0, a1, b0, b1 int) int {
	if len(al.tally) < len(al.e.cnt) {
		al.tally = make([]int32, len(al.e.cnt))
	}
	t := al.tally
	for _, x := range al.a[a0:a1] {
		t[x]++
	}
	u := 0
	for _, x := range al.b[b0:b1] {
		if t[x] > 0 {
			t[x]--
			u++
		}
	}
	for _, x := range al.a[a0:a1] {
		t[x] = 0
	}
	return u
}

// bigPiece is the size n*m above which a piece between anchors is split at
// its own unique-word anchors (and certified) rather than solved by rec.
var bigPiece = 1 << 22

// piece solves a piece between anchors exactly: by top, recursively, when it
// is big (the pieces of long texts with repeated passages can be), else by
// rec. Either way the result is a maximum alignment of the piece.
func (al *aligner) piece(a0, a1, b0, b1 int) int {
	if !al.countOnly && (a1-a0)*(b1-b0) > bigPiece {
		p, s := commonEnds(al.a[a0:a1], al.b[b0:b1])
		for t := 0; t < p; t++ {
			al.out = append(al.out, Pair{a0 + t, b0 + t})
		}
		got := p + s
		if a0+p < a1-s && b0+p < b1-s {
			got += al.top(a0+p, a1-s, b0+p, b1-s)
		}
		for t := s; t > 0; t-- {
			al.out = append(al.out, Pair{a1 - t, b1 - t})
		}
		return got
	}
	return al.rec(a0, a1, b0, b1, -1)
}

// anchors returns the unique-word anchors of a[a0:a1] x b[b0:b1]: pairs
// (i, j) where a[i] == b[j] occurs exactly once in each range and a
// neighbour pair agrees too, reduced to a longest chain increasing in both.
func (al *aligner) anchors(a0, a1, b0, b1 int) []Pair {
	a, b := al.a, al.b
	// reuse the engine's idle per-id arrays: cnt for counts in a, head for
	// counts in b, slot for the position in b; restored before returning.
	ca, cb, pos := al.e.cnt, al.e.head, al.e.slot
	for i := a0; i < a1; i++ {
		ca[a[i]]++
	}
	for j := b0; j < b1; j++ {
		cb[b[j]]++ // head is -1 when idle: -1 + k occurrences
		pos[b[j]] = int32(j)
	}
	var cand []Pair
	for i := a0; i < a1; i++ {
		x := a[i]
		if ca[x] != 1 || cb[x] != 0 {
			continue
		}
		j := int(pos[x])
		if (i > a0 && j > b0 && a[i-1] == b[j-1]) || (i+1 < a1 && j+1 < b1 && a[i+1] == b[j+1]) {
			cand = append(cand, Pair{i, j})
		}
	}
	for i := a0; i < a1; i++ {
		ca[a[i]] = 0
	}
	for j := b0; j < b1; j++ {
		cb[b[j]] = -1
		pos[b[j]] = -1
	}
	return lisByB(cand)
}

// lisByB returns a longest subsequence of ps (sorted by A) strictly
// increasing in B; ties go to the earliest-ending chain, deterministically.
func lisByB(ps []Pair) []Pair {
	if len(ps) == 0 {
		return nil
	}
	tails := make([]int, 0, 64) // index in ps of the smallest tail of each length
	prev := make([]int, len(ps))
	for k, p := range ps {
		l := sort.Search(len(tails), func(t int) bool { return ps[tails[t]].B >= p.B })
		if l > 0 {
			prev[k] = tails[l-1]
		} else {
			prev[k] = -1
		}
		if l == len(tails) {
			tails = append(tails, k)
		} else {
			tails[l] = k
		}
	}
	out := make([]Pair, len(tails))
	for k, t := len(tails)-1, tails[len(tails)-1]; k >= 0; k, t = k-1, prev[t] {
		out[k] = ps[t]
	}
	return out
}

// rec appends an optimal alignment of a[a0:a1] x b[b0:b1] and returns its
// length: Hirschberg's divide and conquer with bit-parallel rows, small
// pieces by a full table. With countOnly it only computes the length. l is
// the exact LCS of the range when known (else negative): the rows are then
// computed only in the diagonal band of half-width min(n,m)-l, which holds
// every optimal path (Ukkonen), and each half gets its own exact LCS, so
// the cost of a level is O(n*(|n-m|+w)/64), not O(n*m/64). When l is
// unknown and the range is big, the band starts at the bag-of-words gap and
// doubles until the split's own value certifies it. The split point is the
// same as with full rows (the first column where the forward and backward
// values sum to the LCS), so the band changes the speed only. Each call
// works on strictly smaller bounds than its caller's.
func (al *aligner) rec(a0, a1, b0, b1, l int) int {
	if al.countOnly {
		p, s := commonEnds(al.a[a0:a1], al.b[b0:b1])
		a0, b0, a1, b1 = a0+p, b0+p, a1-s, b1-s
		if a1 <= a0 || b1 <= b0 {
			return p + s
		}
		if (a1-a0)*(b1-b0) <= bigPiece { // one full run is cheap
			if b1-b0 <= a1-a0 {
				return p + s + al.e.run(al.a[a0:a1], al.b[b0:b1])
			}
			return p + s + al.e.run(al.b[b0:b1], al.a[a0:a1])
		}
		return p + s + al.exactLCS(a0, a1, b0, b1)
	}
	start := len(al.out)
	a, b := al.a, al.b
	for a0 < a1 && b0 < b1 && a[a0] == b[b0] {
		al.out = append(al.out, Pair{a0, b0})
		a0++
		b0++
	}
	k := 0
	for a0 < a1-k && b0 < b1-k && a[a1-1-k] == b[b1-1-k] {
		k++
	}
	a1 -= k
	b1 -= k
	if l >= 0 {
		l -= len(al.out) - start + k
	}
	n, m := a1-a0, b1-b0
	switch {
	case n == 0 || m == 0:
	case n < 2 || m < 2 || n*m <= smallTable:
		al.h.out = al.out
		al.h.small(a0, a1, b0, b1)
		al.out = al.h.out
	default:
		mid := a0 + n/2
		var bj, l1, l2 int
		switch {
		case l >= 0:
			w := min(n, m) - l
			bj, l1, l2 = al.split(a0, mid, a1, b0, b1, min(0, m-n)-w, max(0, m-n)+w)
		case n*m > bigPiece:
			// the split in a doubling band is its own certificate: its
			// value is achievable, and when it reaches min(n,m)-w every
			// optimal path lies in the band, so it is the LCS (the same
			// argument as exactLCS, without a separate pass)
			short := min(n, m)
			w := min(max(short-al.bagBound(a0, a1, b0, b1), 64), short)
			for {
				bj, l1, l2 = al.split(a0, mid, a1, b0, b1, min(0, m-n)-w, max(0, m-n)+w)
				if l1+l2 >= short-w {
					break
				}
				w = min(2*w, short-(l1+l2))
			}
			l = l1 + l2
		default: // small pieces: full rows
			bj, l1, l2 = al.split(a0, mid, a1, b0, b1, -n, m)
			l = l1 + l2
		}
		if l1+l2 != l {
			// cannot happen (see split); full rows are always right
			splitFallbacks.Add(1)
			bj, l1, l2 = al.split(a0, mid, a1, b0, b1, -n, m)
		}
		al.rec(a0, mid, b0, b0+bj, l1)
		al.rec(mid, a1, b0+bj, b1, l2)
	}
	for t := 0; t < k; t++ {
		al.out = append(al.out, Pair{a1 + t, b1 + t})
	}
	return len(al.out) - start
}

// splitFallbacks counts the banded splits that found no column reaching
// the LCS, which the argument of split excludes (the tests check it stays 0).
var splitFallbacks atomic.Int64

// split finds where an optimal alignment of a[a0:a1] x b[b0:b1] crosses
// row mid: the first column bj maximising LCS(a[a0:mid], b[b0:b0+bj]) +
// LCS(a[mid:a1], b[b0+bj:b1]), and those two values. The forward and
// backward rows are computed in the band dlo <= j-i <= dhi (a reversed
// sequence pair has the same band). Every row value is achievable, and
// exact at the columns that optimal paths in the band cross; so when every
// optimal path lies in the band, the sums never exceed the LCS and reach
// it first at the same column as with full rows (and otherwise l1+l2 is
// less than the LCS, which the caller checks).
func (al *aligner) split(a0, mid, a1, b0, b1, dlo, dhi int) (bj, l1, l2 int) {
	a, b := al.a, al.b
	m := b1 - b0
	al.f = growI(al.f, m+1)
	al.g = growI(al.g, m+1)
	f, g := al.f, al.g
	al.e.runBand(a[a0:mid], b[b0:b1], dlo, dhi)
	al.e.row(f, m)
	al.ra = reverse(al.ra, a[mid:a1])
	al.rb = reverse(al.rb, b[b0:b1])
	al.e.runBand(al.ra, al.rb, dlo, dhi)
	al.e.row(g, m) // g[t] = LCS(a[mid:a1], b[b1-t:b1]) in the band
	h := mid - a0
	best := int32(-1)
	for j := max(0, h+dlo); j <= min(m, h+dhi); j++ {
		if s := f[j] + g[m-j]; s > best {
			best, bj = s, j
		}
	}
	return bj, int(f[bj]), int(g[m-bj])
}

func reverse(dst, s []int32) []int32 {
	dst = growI(dst, len(s))
	for i, x := range s {
		dst[len(s)-1-i] = x
	}
	return dst
}

// pairRuns returns the runs of consecutive pairs of ps, relative to (a0, b0).
func pairRuns(ps []Pair, a0, b0 int) []Run {
	out := make([]Run, 0, len(ps)/4+1)
	for _, p := range ps {
		a, b := p.A-a0, p.B-b0
		if n := len(out); n > 0 && out[n-1].A+out[n-1].Len == a && out[n-1].B+out[n-1].Len == b {
			out[n-1].Len++
			continue
		}
		out = append(out, Run{A: a, B: b, Len: 1})
	}
	return out
}
