package eval

import "ocrfix/align"

// Alt is one alternative reading at a lattice position: the words it
// writes (zero or more; a split writes two) and how many OCR positions it
// consumes (Span >= 1; a merge of two tokens has Span 2). A Span below 1
// counts as 1, and a Span running past the end of the lattice is clipped
// to it. It is align.Alt with the words as text, before Options
// normalises them.
type Alt struct {
	Words []string
	Span  int
}

// Lattice holds the alternatives of each OCR position: Lattice[i] are the
// alternatives starting at position i. A path starts at position 0, takes
// one alternative at each position it reaches and moves on by its Span,
// and ends at len(Lattice). A position without alternatives is passed over
// as if it held one alternative that writes nothing. It is align.Lattice
// with the words as text: Oracle and OracleChoice normalise them under
// their Options and hand the word ids to align's lattice matcher.
type Lattice [][]Alt

// Oracle returns the most gt words that any path through lat can match in
// order (the size of the maximum order-preserving alignment between gt and
// the words the path writes), comparing words under opt: the "best
// possible world" of candidate generation. It is exact.
//
// It is align.LatticeLCS (the bit-parallel LCS of Hyyrö run over the
// lattice as a DAG) on the words as opt normalises them: words that
// normalise to "" are dropped, from gt and from every alternative.
func Oracle(lat Lattice, gt []string, opt Options) int {
	l, g, eq := opt.lattice(lat, gt)
	return align.LatticeLCS(l, g, eq)
}

// OracleChoice is Oracle that also returns an optimal path: choice[i] is
// the index in lat[i] of the alternative the path takes at position i, or
// -1 where the path does not stop (positions inside a Span) or stops at a
// position without alternatives. Among optimal paths it prefers, node by
// node from the end, the lowest alternative index, so with candidates
// sorted best first it keeps the top candidate wherever the choice does
// not change the count. It stores one row per position: memory
// O(len(lat) * len(gt) / 8) bytes.
// It is align.LatticePath under opt, as Oracle.
func OracleChoice(lat Lattice, gt []string, opt Options) (matched int, choice []int) {
	l, g, eq := opt.lattice(lat, gt)
	return align.LatticePath(l, g, eq)
}

// lattice returns lat and gt as the word ids of one vocabulary, normalised
// by o, and the word comparison of o over those ids (nil: equal ids).
func (o Options) lattice(lat Lattice, gt []string) (align.Lattice, []int32, func(w, t int32) bool) {
	v := align.NewVocab()
	g, _ := o.normalizeWords(gt)
	gi := v.IDs(g)
	l := make(align.Lattice, len(lat))
	for i, as := range lat {
		l[i] = make([]align.Alt, len(as))
		for k, a := range as {
			ws, _ := o.normalizeWords(a.Words)
			l[i][k] = align.Alt{Words: v.IDs(ws), Span: a.Span}
		}
	}
	if !o.fuzzy() {
		return l, gi, nil
	}
	return l, gi, func(w, t int32) bool {
		a, b := v.Word(w), v.Word(t)
		return a == b || align.Ratio(a, b) >= o.Fuzzy
	}
}
