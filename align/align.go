package align

// Pair is one matched pair of an alignment: A is an index in the first
// sequence, B an index in the second.
type Pair struct{ A, B int }

// smallTable is the largest n*m for which a subproblem is solved with a full
// DP table instead of being divided further (a variable so that tests can
// force the divide and conquer on small inputs).
var smallTable = 1 << 16

// AlignFunc is Align for any equality predicate: it returns a maximum set of
// pairs (i, j), 0 <= i < n, 0 <= j < m, with eq(i, j) true, strictly
// increasing in both i and j. eq need not be transitive (fuzzy matching). It
// takes O(n*m) calls of eq and time, and O(n+m) memory (Hirschberg's divide
// and conquer). It returns nil when n or m is not positive.
func AlignFunc(n, m int, eq func(i, j int) bool) []Pair {
	if n <= 0 || m <= 0 {
		return nil
	}
	h := &hirsch{eq: eq}
	h.rec(0, n, 0, m)
	return h.out
}

// hirsch holds the state of one AlignFunc run.
type hirsch struct {
	eq       func(i, j int) bool
	out      []Pair
	fwd, bwd []int32
	table    []uint32
}

// rec appends to h.out an optimal alignment of a[a0:a1] and b[b0:b1], in
// increasing order.
func (h *hirsch) rec(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && h.eq(a0, b0) {
		h.out = append(h.out, Pair{a0, b0})
		a0++
		b0++
	}
	k := 0
	for a0 < a1-k && b0 < b1-k && h.eq(a1-1-k, b1-1-k) {
		k++
	}
	a1 -= k
	b1 -= k
	defer func() {
		for t := 0; t < k; t++ {
			h.out = append(h.out, Pair{a1 + t, b1 + t})
		}
	}()
	n, m := a1-a0, b1-b0
	if n == 0 || m == 0 {
		return
	}
	if n < 2 || m < 2 || n*m <= smallTable {
		h.small(a0, a1, b0, b1)
		return
	}
	mid := a0 + n/2
	if cap(h.fwd) < m+1 {
		h.fwd = make([]int32, m+1)
		h.bwd = make([]int32, m+1)
	}
	f, g := h.fwd[:m+1], h.bwd[:m+1]
	// f[j] = LCS(a[a0:mid], b[b0:b0+j])
	clear(f)
	for i := a0; i < mid; i++ {
		var diag int32
		for j := 0; j < m; j++ {
			up := f[j+1]
			if h.eq(i, b0+j) {
				f[j+1] = diag + 1
			} else if f[j] > up {
				f[j+1] = f[j]
			}
			diag = up
		}
	}
	// g[j] = LCS(a[mid:a1], b[b0+j:b1])
	clear(g)
	for i := a1 - 1; i >= mid; i-- {
		var diag int32
		for j := m - 1; j >= 0; j-- {
			up := g[j]
			if h.eq(i, b0+j) {
				g[j] = diag + 1
			} else if g[j+1] > up {
				g[j] = g[j+1]
			}
			diag = up
		}
	}
	best, bj := int32(-1), 0
	for j := 0; j <= m; j++ {
		if s := f[j] + g[j]; s > best {
			best, bj = s, j
		}
	}
	h.rec(a0, mid, b0, b0+bj)
	h.rec(mid, a1, b0+bj, b1)
}

// small solves a[a0:a1] x b[b0:b1] with a full suffix table and appends the
// alignment.
func (h *hirsch) small(a0, a1, b0, b1 int) {
	n, m := a1-a0, b1-b0
	if n == 1 {
		for j := b0; j < b1; j++ {
			if h.eq(a0, j) {
				h.out = append(h.out, Pair{a0, j})
				return
			}
		}
		return
	}
	if m == 1 {
		for i := a0; i < a1; i++ {
			if h.eq(i, b0) {
				h.out = append(h.out, Pair{i, b0})
				return
			}
		}
		return
	}
	w := m + 1
	size := (n + 1) * w
	if cap(h.table) < size {
		h.table = make([]uint32, size)
	}
	t := h.table[:size]
	// t[i*w+j] = LCS(a[a0+i:a1], b[b0+j:b1])<<1 | eq(a0+i, b0+j)
	for j := 0; j <= m; j++ {
		t[n*w+j] = 0
	}
	for i := n - 1; i >= 0; i-- {
		t[i*w+m] = 0
		for j := m - 1; j >= 0; j-- {
			if h.eq(a0+i, b0+j) {
				t[i*w+j] = (t[(i+1)*w+j+1]>>1+1)<<1 | 1
				continue
			}
			down, right := t[(i+1)*w+j]>>1, t[i*w+j+1]>>1
			t[i*w+j] = max(down, right) << 1
		}
	}
	i, j := 0, 0
	for i < n && j < m {
		c := t[i*w+j]
		switch {
		case c&1 != 0:
			h.out = append(h.out, Pair{a0 + i, b0 + j})
			i++
			j++
		case t[(i+1)*w+j]>>1 >= t[i*w+j+1]>>1:
			i++
		default:
			j++
		}
	}
}
