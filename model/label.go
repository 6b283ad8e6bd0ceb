package model

import (
	"strings"

	"ocrfix/align"
	"ocrfix/candgen"
)

// Label values of a candidate row.
const (
	labelNeg     int8 = 0  // the candidate is not the true word at its position
	labelPos     int8 = 1  // the candidate is the true word
	labelUnknown int8 = -1 // the position cannot be labelled; left out of training
)

// maxGapCells bounds the local DP of an unmatched span (OCR positions x gt
// words); larger spans are left unlabelled.
const maxGapCells = 1 << 12

// labelDoc labels the candidates of one training document by distant
// supervision. The OCR tokens are aligned with the ground truth (the
// order-preserving alignment with the most equal words). At an aligned
// position the candidates equal to the gt word are positive and the others
// negative. Between two aligned positions, the unmatched OCR span and gt span
// are labelled by the path through their candidates that matches the most gt
// words in order (a small exact DP); positions on that path whose chosen
// candidate matches are labelled (positive for candidates of the same text
// and span, negative for the rest); the other positions of the span cannot
// be labelled and are left out. It returns one label per candidate row
// (rows in position order) and the number of positions left out.
func labelDoc(gt, words []string, cands [][]candgen.Candidate) (labels []int8, leftOut int) {
	rows := 0
	for _, cs := range cands {
		rows += len(cs)
	}
	labels = make([]int8, rows)
	for i := range labels {
		labels[i] = labelUnknown
	}
	first := make([]int, len(cands)+1)
	for i, cs := range cands {
		first[i+1] = first[i] + len(cs)
	}
	setPos := func(i int, text string, span int) {
		for k, c := range cands[i] {
			if c.Text == text && c.Span == span {
				labels[first[i]+k] = labelPos
			} else {
				labels[first[i]+k] = labelNeg
			}
		}
	}
	v := align.NewVocab()
	a, b := v.IDs(words), v.IDs(gt)
	align.Walk(align.Align(a, b), len(words), len(gt), func(i0, i1, j0, j1 int) {
		leftOut += labelGap(gt, cands, i0, i1, j0, j1, setPos)
	}, func(p align.Pair) {
		setPos(p.A, words[p.A], 1)
	})
	return labels, leftOut
}

// labelGap labels OCR positions [i0,i1) against gt words [j0,j1) and
// returns how many positions it left out.
//
// It is a matcher of its own, not align.LatticePath (eval.OracleChoice),
// although both find a path through the candidates that matches the most
// gt words in order, because a label says that one whole candidate is the
// truth at its position, while the lattice matcher measures how many
// words some path can recover. Words are compared exactly in both (the
// zero eval.Options); what differs:
//
//   - A candidate scores only when all its words equal consecutive gt
//     words, and then scores them all; the lattice matcher counts each
//     word of a multi-word alternative on its own (an LCS), so the split
//     "I was" for gt "It was" matches one word there and none here (here
//     "was" wins).
//   - Among equally good paths the choice decides which positions get
//     labels: labelGap decides position by position from the start of
//     the gap, preferring to skip a gt word, then the first candidate in
//     the position's list; the lattice matcher decides node by node from
//     the end, preferring the lowest index. For OCR "F aerfax." and gt
//     "Fairfax." labelGap labels "Fairfax." at the second token and leaves
//     the first out; the matcher would take the merge "Fairfax." at the
//     first.
//   - A candidate whose Span runs past the gap is not taken; the lattice
//     matcher clips a Span at the end.
//   - Gaps of more than maxGapCells cells are left unlabelled.
//
// Labelling through the lattice matcher would therefore change training
// labels (and with them the models).
func labelGap(gt []string, cands [][]candgen.Candidate, i0, i1, j0, j1 int, setPos func(i int, text string, span int)) int {
	ni, nj := i1-i0, j1-j0
	if ni == 0 {
		return 0
	}
	if nj == 0 || (ni+1)*(nj+1) > maxGapCells {
		return ni
	}
	W := nj + 1
	// best[(i-i0)*W + (j-j0)] = most gt words matched using positions i.. and words j..
	best := make([]int32, (ni+1)*W)
	type move struct {
		cand int16 // candidate index, -1 = skip a gt word
		hit  bool
	}
	choice := make([]move, (ni+1)*W)
	for i := i1; i >= i0; i-- {
		for j := j1; j >= j0; j-- {
			cell := (i-i0)*W + (j - j0)
			if i == i1 {
				continue // nothing left to match with
			}
			bestV, bestM := int32(-1), move{cand: -1}
			if j < j1 {
				bestV = best[cell+1]
			}
			for k, c := range cands[i] {
				span := c.Span
				if span < 1 {
					span = 1
				}
				if i+span > i1 {
					continue
				}
				ws := strings.Fields(c.Text)
				hit := len(ws) > 0 && j+len(ws) <= j1
				if hit {
					for t, w := range ws {
						if gt[j+t] != w {
							hit = false
							break
						}
					}
				}
				var val int32
				if hit {
					val = int32(len(ws)) + best[(i+span-i0)*W+(j+len(ws)-j0)]
				} else {
					val = best[(i+span-i0)*W+(j-j0)]
				}
				if val > bestV {
					bestV, bestM = val, move{cand: int16(k), hit: hit}
				}
			}
			if bestV < 0 {
				bestV = 0
			}
			best[cell], choice[cell] = bestV, bestM
		}
	}
	left := 0
	i, j := i0, j0
	for i < i1 {
		cell := (i-i0)*W + (j - j0)
		m := choice[cell]
		if m.cand < 0 {
			if j < j1 {
				j++
				continue
			}
			// no candidate fits in the rest of the span
			left += i1 - i
			break
		}
		c := cands[i][m.cand]
		span := max(c.Span, 1)
		if m.hit {
			setPos(i, c.Text, c.Span)
			j += len(strings.Fields(c.Text))
		} else {
			left++
		}
		left += span - 1
		i += span
	}
	return left
}
