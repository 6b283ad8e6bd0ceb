package eval

import (
	"strings"
	"unicode/utf8"

	"ocrfix/align"
)

// OutOf returns the correction of each of the OCR tokens raw that the
// corrected words corrected imply, in the form of model.Correction.Out
// (what Changes and ChangeEffects read), for a text corrected by a tool
// that gives only its output. The two are aligned by the maximum
// order-preserving alignment of equal words: a matched token keeps its
// word. Between two matches, the stretch of tokens and the stretch of
// words are aligned by stretchSteps: a token to a word (`Tbe` -> The), to
// two or three words (a split, `catsat` -> cat sat), two or three tokens
// to a word (a merge, `c at` -> cat: the word at the first token, the
// others ""), a token to nothing (a deletion: ""), a word to no token (an
// insertion: it goes with the token before it, which Changes then reads as
// a split of that token; at the start, with the first token). As in
// model.Correction.Out, a deletion right after a changed token reads as
// part of a merge with it. With no token at all, the words are lost.
// len(result) == len(raw).
func OutOf(raw, corrected []string) []string {
	v := align.NewVocab()
	out := make([]string, len(raw))
	var pending []string // inserted words with no token before them yet
	put := func(i int, ws []string) {
		if len(pending) > 0 {
			ws = append(pending, ws...)
			pending = nil
		}
		out[i] = strings.Join(ws, " ")
	}
	insert := func(i int, ws []string) { // words inserted after token i-1
		switch {
		case i == 0:
			pending = append(pending, ws...)
		case out[i-1] == "": // after a deletion: the words take its place
			out[i-1] = strings.Join(ws, " ")
		default:
			out[i-1] += " " + strings.Join(ws, " ")
		}
	}
	align.Walk(anchors(align.Align(v.IDs(raw), v.IDs(corrected))), len(raw), len(corrected),
		func(a0, a1, b0, b1 int) {
			for _, s := range stretchSteps(raw[a0:a1], corrected[b0:b1]) {
				i, j := a0+s.i, b0+s.j
				switch {
				case s.n == 0:
					insert(i, corrected[j:j+s.m])
				case s.m == 0:
					put(i, nil)
					for k := i + 1; k < i+s.n; k++ {
						out[k] = ""
					}
				default:
					put(i, corrected[j:j+s.m])
					for k := i + 1; k < i+s.n; k++ {
						out[k] = "" // merged into token i
					}
				}
			}
		},
		func(p align.Pair) { put(p.A, corrected[p.B:p.B+1]) })
	return out
}

// anchors returns the matched pairs that OutOf keeps as they are: those
// with a matched neighbour on a side (two equal words in a row on both
// sides), and a lone one where leaving it to stretchSteps would make its
// stretch longer than stretchMaxCells. A lone match of a word the text
// repeats is often the wrong one of its occurrences (`ant Te hnlcal
// Dlrector. Transportatlon and` -> `and The conical Director.
// Transportation and`: the first and matched to the last), where the
// stretch's own alignment, which pairs equal words at no cost, puts each
// word where it stands.
func anchors(pairs []align.Pair) []align.Pair {
	var kept []align.Pair
	a0, b0 := 0, 0 // where the stretch since the last kept pair starts
	for k, p := range pairs {
		prev := k > 0 && pairs[k-1].A == p.A-1 && pairs[k-1].B == p.B-1
		next := k+1 < len(pairs) && pairs[k+1].A == p.A+1 && pairs[k+1].B == p.B+1
		if !prev && !next {
			a1, b1 := p.A+1, p.B+1 // the stretch up to the next pair at least
			if k+1 < len(pairs) {
				a1, b1 = pairs[k+1].A, pairs[k+1].B
			}
			if (a1-a0+1)*(b1-b0+1) <= stretchMaxCells {
				continue // left to the stretch's alignment
			}
		}
		kept = append(kept, p)
		a0, b0 = p.A+1, p.B+1
	}
	return kept
}

// step is one step of a stretch's alignment: the n tokens from i with the
// m words from j (n or m 0 for a deletion or an insertion).
type step struct{ i, j, n, m int }

// stretchMaxCells bounds the stretches stretchSteps aligns by its dynamic
// program (tokens times words); a longer one, a passage garbled beyond
// any match, is taken as one change of all its tokens into all its words.
const stretchMaxCells = 1 << 16

// stretchSteps aligns the tokens toks with the words ws of a stretch that
// the word alignment left unmatched: the steps of least cost, a step
// costing the character edit distance between its tokens and its words
// (each side's run together, as an engine runs words together or breaks
// them), its tokens' letters for a deletion or its words' for an
// insertion, and a step other than one token to one word half an edit
// more (so that `Tbe` -> The stays a change of one word), a split or a
// merge a little more again (tieBreak). Steps take one
// to three tokens and one to three words, or one token and no word, or no
// token and one word.
func stretchSteps(toks, ws []string) []step {
	n, m := len(toks), len(ws)
	switch {
	case n == 0:
		return []step{{0, 0, 0, m}}
	case m == 0:
		return []step{{0, 0, n, 0}}
	case (n+1)*(m+1) > stretchMaxCells:
		return []step{{0, 0, n, m}}
	}
	// tieBreak makes a split or a merge cost a little more than a
	// deletion or an insertion as dear: `a tbe | cat` -> a the cat
	// deletes the stray mark rather than merging it into cat
	const extra, tieBreak = 0.5, 1.0 / 64
	w := m + 1
	cost := make([]float64, (n+1)*w)
	from := make([]step, (n+1)*w)
	for k := 1; k < len(cost); k++ {
		cost[k] = -1 // not reached yet
	}
	relax := func(i, j int, s step, c float64) {
		k := (i+s.n)*w + j + s.m
		if c += cost[i*w+j]; cost[k] < 0 || c < cost[k] {
			cost[k], from[k] = c, s
		}
	}
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if cost[i*w+j] < 0 {
				continue
			}
			if i < n {
				relax(i, j, step{i, j, 1, 0}, float64(utf8.RuneCountInString(toks[i]))+extra)
			}
			if j < m {
				relax(i, j, step{i, j, 0, 1}, float64(utf8.RuneCountInString(ws[j]))+extra)
			}
			for a := 1; a <= 3 && i+a <= n; a++ {
				for b := 1; b <= 3 && j+b <= m; b++ {
					if a > 1 && b > 1 {
						continue // a step is a token, a split or a merge
					}
					c := float64(align.Levenshtein(strings.Join(toks[i:i+a], ""), strings.Join(ws[j:j+b], "")))
					if a+b > 2 {
						c += extra + tieBreak
					}
					relax(i, j, step{i, j, a, b}, c)
				}
			}
		}
	}
	var steps []step
	for i, j := n, m; i > 0 || j > 0; {
		s := from[i*w+j]
		steps = append(steps, s)
		i, j = s.i, s.j
	}
	for l, r := 0, len(steps)-1; l < r; l, r = l+1, r-1 {
		steps[l], steps[r] = steps[r], steps[l]
	}
	return steps
}
