package align

// Walk visits an alignment of a sequence of n items with one of m items in
// order: for each pair of pairs (which must be strictly increasing in both
// A and B, as Align returns them), first the gap before it, then the pair
// itself; at the end, the gap after the last pair. A gap is the stretch of
// unmatched items a[a0:a1] and b[b0:b1] between two matched pairs (or an end
// of a sequence); gap is called only when the stretch holds an item, that
// is when a0 < a1 or b0 < b1. Either function may be nil.
//
// Walk allocates nothing; it is the one loop over matched pairs and gaps
// that the labelling, the candidate studies, the confusion model and the
// reports share.
func Walk(pairs []Pair, n, m int, gap func(a0, a1, b0, b1 int), match func(p Pair)) {
	a, b := 0, 0
	for _, p := range pairs {
		if gap != nil && (a < p.A || b < p.B) {
			gap(a, p.A, b, p.B)
		}
		if match != nil {
			match(p)
		}
		a, b = p.A+1, p.B+1
	}
	if gap != nil && (a < n || b < m) {
		gap(a, n, b, m)
	}
}
