package align

// Readings is the alignment of a text's other readings (other OCR engines,
// or other runs, of the same pages) with its primary reading, made once per
// document by AlignReadings and shared by whatever uses those readings
// (candidate generation, features). Each consumer walks it with its own
// rule for the gaps (Walk).
//
// A nil *Readings stands for a text without other readings: Len is 0.
type Readings struct {
	// N is the number of words of the primary reading.
	N int
	// Words holds the words of each other reading, in the order given.
	Words [][]string
	// Pairs holds, per other reading k, an order-preserving alignment
	// of maximum size of the primary's words with Words[k] (Align over
	// the words as ids): in each pair, A indexes the primary and B
	// indexes Words[k].
	Pairs [][]Pair
}

// AlignReadings aligns each of the other readings alts with the primary
// reading primary (exact word equality, Align) and returns the result; nil
// when alts is empty.
func AlignReadings(primary []string, alts [][]string) *Readings {
	if len(alts) == 0 {
		return nil
	}
	r := &Readings{N: len(primary), Words: alts, Pairs: make([][]Pair, len(alts))}
	v := NewVocab()
	a := v.IDs(primary)
	for k, alt := range alts {
		r.Pairs[k] = Align(a, v.IDs(alt))
	}
	return r
}

// Len returns the number of other readings (0 for nil).
func (r *Readings) Len() int {
	if r == nil {
		return 0
	}
	return len(r.Words)
}

// Walk walks the alignment of other reading k with the primary, as the
// package-level Walk does: gap(a0, a1, b0, b1) says that the primary's words
// a0..a1-1 were read as Words[k][b0:b1], match(p) that primary word p.A was
// read as Words[k][p.B]. Either function may be nil.
func (r *Readings) Walk(k int, gap func(a0, a1, b0, b1 int), match func(p Pair)) {
	Walk(r.Pairs[k], r.N, len(r.Words[k]), gap, match)
}
