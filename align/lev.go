package align

import "unicode/utf8"

// WordLevenshtein returns the unit-cost edit distance (substitution,
// insertion, deletion) between two word-id sequences. After stripping the
// common prefix and suffix it runs Myers' bit-parallel algorithm in its
// block form (64 rows of the table per uint64, the shorter sequence as the
// rows): about len(a)*len(b)/64 block steps and O(len(a)+len(b)) memory.
func WordLevenshtein(a, b []int32) int {
	a, b = compactIDs(a, b)
	p, s := commonEnds(a, b)
	a, b = a[p:len(a)-s], b[p:len(b)-s]
	if len(b) > len(a) {
		a, b = b, a
	}
	if len(b) == 0 {
		return len(a)
	}
	return myers(a, b, sigmaOf(a, b))
}

// myers returns the edit distance of a (columns) and b (rows, the bits),
// both non-empty, ids in [0, sigma).
func myers(a, b []int32, sigma int) int {
	m := len(b)
	nw := (m + 63) / 64
	// occurrence lists of b grouped by id (CSR)
	start := make([]int32, sigma+1)
	for _, id := range b {
		start[id+1]++
	}
	for i := 1; i <= sigma; i++ {
		start[i] += start[i-1]
	}
	pos := make([]int32, m)
	fill := make([]int32, sigma)
	for j, id := range b {
		pos[start[id]+fill[id]] = int32(j)
		fill[id]++
	}
	pv := make([]uint64, nw)
	mv := make([]uint64, nw)
	eq := make([]uint64, nw)
	for k := range pv {
		pv[k] = ^uint64(0)
	}
	last := uint64(1) << (uint(m-1) & 63)
	score := m
	for _, x := range a {
		ps := pos[start[x]:start[x+1]]
		for _, j := range ps {
			eq[j>>6] |= 1 << (uint(j) & 63)
		}
		hin := 1 // the top row grows by one per column
		for k := 0; k < nw; k++ {
			high := uint64(1) << 63
			if k == nw-1 {
				high = last
			}
			e := eq[k]
			p, n := pv[k], mv[k]
			xv := e | n
			if hin < 0 {
				e |= 1
			}
			xh := (((e & p) + p) ^ p) | e
			ph := n | ^(xh | p)
			mh := p & xh
			hout := 0
			if ph&high != 0 {
				hout = 1
			} else if mh&high != 0 {
				hout = -1
			}
			ph <<= 1
			mh <<= 1
			if hin < 0 {
				mh |= 1
			} else if hin > 0 {
				ph |= 1
			}
			pv[k] = mh | ^(xv | ph)
			mv[k] = ph & xv
			hin = hout
		}
		score += hin
		for _, j := range ps {
			eq[j>>6] = 0
		}
	}
	return score
}

// Levenshtein returns the unit-cost edit distance between the runes of a and
// b. Invalid UTF-8 bytes count as one rune (utf8.RuneError) each. Short
// ASCII strings take a path that does not allocate.
func Levenshtein(a, b string) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(b) < 64 && isASCII(a) && isASCII(b) {
		var buf [64]int
		row := buf[:len(b)+1]
		for j := range row {
			row[j] = j
		}
		for i := 0; i < len(a); i++ {
			diag := row[0]
			row[0] = i + 1
			for j := 0; j < len(b); j++ {
				up := row[j+1]
				c := diag
				if a[i] != b[j] {
					c = min(diag, up, row[j]) + 1
				}
				row[j+1] = c
				diag = up
			}
		}
		return row[len(b)]
	}
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	row := make([]int, len(rb)+1)
	for j := range row {
		row[j] = j
	}
	for i, x := range ra {
		diag := row[0]
		row[0] = i + 1
		for j, y := range rb {
			up := row[j+1]
			c := diag
			if x != y {
				c = min(diag, up, row[j]) + 1
			}
			row[j+1] = c
			diag = up
		}
	}
	return row[len(rb)]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Ratio returns the similarity 1 - Levenshtein(a, b) / max(rune lengths), in
// [0, 1]; it is 1 when both strings are empty.
func Ratio(a, b string) float64 {
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	if n == 0 {
		return 1
	}
	return 1 - float64(Levenshtein(a, b))/float64(n)
}
