package eval

import (
	"unicode/utf8"

	"ocrfix/align"
)

type alignPair = align.Pair

// smallLev is the textbook DP for short inputs.
func smallLev(a, b []int32) int {
	var buf [130]int
	var row []int
	if len(b)+1 <= len(buf) {
		row = buf[:len(b)+1]
	} else {
		row = make([]int, len(b)+1)
	}
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			c := diag
			if a[i-1] != b[j-1] {
				c++
			}
			diag = row[j]
			row[j] = min(c, row[j]+1, row[j-1]+1)
		}
	}
	return row[len(b)]
}

// segLev is the edit distance of two pieces, by DP when they are short.
func segLev(a, b []int32) int {
	if len(a) == 0 || len(b) == 0 || len(a)*len(b) <= 4096 {
		return smallLev(a, b)
	}
	return align.WordLevenshtein(a, b)
}

// boundsFromAlignment returns upper bounds of the word and character edit
// distances between the word sequences g and p (ids gi, pi; the character
// texts gc and pc are the words joined by single spaces) from a word
// alignment: the cost of editing each piece between consecutive aligned
// words separately (and each aligned pair, when fuzzy matching let
// different words pair).
func boundsFromAlignment(g, p []string, gi, pi []int32, gc, pc []int32, pairs []alignPair) (wordUB, charUB int) {
	offG, offP := runeOffsets(g), runeOffsets(p)
	// from and to bound the runes of the gap before word k: from the
	// space after word k-1 (or the start) to the start of word k (or the
	// end).
	from := func(off []int, k int) int { return max(off[k]-1, 0) }
	to := func(off []int, k int, runes []int32) int {
		if k == len(off)-1 {
			return len(runes)
		}
		return off[k]
	}
	align.Walk(pairs, len(g), len(p), func(a0, a1, b0, b1 int) {
		wordUB += max(a1-a0, b1-b0)
		charUB += segLev(gc[from(offG, a0):to(offG, a1, gc)], pc[from(offP, b0):to(offP, b1, pc)])
	}, func(pr alignPair) {
		if gi[pr.A] != pi[pr.B] {
			wordUB++
			charUB += segLev(gc[offG[pr.A]:offG[pr.A+1]-1], pc[offP[pr.B]:offP[pr.B+1]-1])
		}
	})
	return wordUB, charUB
}

// runeOffsets returns the rune offset of each word in the words joined by
// single spaces, plus one final entry len(joined)+1.
func runeOffsets(ws []string) []int {
	off := make([]int, len(ws)+1)
	for i, w := range ws {
		off[i+1] = off[i] + utf8.RuneCountInString(w) + 1
	}
	return off
}

// pairsToRuns returns the runs of equal symbols a word alignment gives:
// for words, the aligned pairs of equal words, consecutive ones merged; for
// characters (offG, offP not nil: the rune offsets of the words in the
// joined texts), the characters of each pair of equal words.
func pairsToRuns(g, p []int32, pairs []alignPair, offG, offP []int) []align.Run {
	out := make([]align.Run, 0, len(pairs))
	for _, pr := range pairs {
		if g[pr.A] != p[pr.B] {
			continue
		}
		if offG == nil {
			if n := len(out); n > 0 && out[n-1].A+out[n-1].Len == pr.A && out[n-1].B+out[n-1].Len == pr.B {
				out[n-1].Len++
				continue
			}
			out = append(out, align.Run{A: pr.A, B: pr.B, Len: 1})
			continue
		}
		if l := offG[pr.A+1] - offG[pr.A] - 1; l > 0 {
			out = append(out, align.Run{A: offG[pr.A], B: offP[pr.B], Len: l})
		}
	}
	return out
}

// Seed lengths of the certificate of align.AnchoredLevenshtein, for word
// and for character distances.
const wordSeed, charSeed = 2, 12

// editDistances returns the word and the character edit distance between
// the word sequences g and p (ids gi, pi; gc and pc are the words joined by
// single spaces, as runes), both exact, given a word alignment of them: the
// cost of editing the pieces between aligned words separately is an upper
// bound, and the alignment guides align.AnchoredLevenshtein.
func editDistances(g, p []string, gi, pi []int32, gc, pc []int32, pairs []alignPair) (words, chars int) {
	wub, cub := boundsFromAlignment(g, p, gi, pi, gc, pc, pairs)
	words = align.AnchoredLevenshtein(gi, pi, pairsToRuns(gi, pi, pairs, nil, nil), wub, wordSeed)
	offG, offP := runeOffsets(g), runeOffsets(p)
	chars = align.AnchoredLevenshtein(gc, pc, pairsToRuns(gi, pi, pairs, offG, offP), cub, charSeed)
	return words, chars
}
