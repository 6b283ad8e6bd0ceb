// Package align is the alignment engine of ocrfix: the order-preserving word
// alignment of the evaluation protocol, edit distances over words and
// characters, and the weighted character edit distance with a backtrace that
// the confusion model learns from.
//
// # Words as integer ids
//
// Every word-level function works on []int32 word ids. A Vocab interns
// strings to dense ids; intern both sides of a comparison with the same
// Vocab:
//
//	v := align.NewVocab()
//	gt, ocr := v.IDs(gtWords), v.IDs(ocrWords)
//	pairs := align.Align(gt, ocr)
//
// # The alignment (LCS)
//
// Align returns an order-preserving set of pairs (i, j) with a[i] == b[j],
// strictly increasing in both i and j, of maximum size: a longest common
// subsequence. Its size is LCSLength(a, b). The result is exact (not a
// heuristic such as patience diff) and deterministic. AlignFunc does the same
// for any equality predicate, e.g. fuzzy word matching.
//
// How it stays exact and fast: LCSLength and Align strip the common prefix
// and suffix, split at unique-word anchors (words once in each side that
// agree with a neighbour, chained by a longest increasing subsequence) and
// solve the pieces exactly (big pieces, as long texts with repeated passages
// have, are split again at their own anchors and certified the same way).
// Anchors alone are a heuristic (patience diff), so the result S is then
// certified. Align first uses the corridor certificate of
// AnchoredLevenshtein (below) on the indel distance n+m-2*LCS around the
// pairs found, in time linear in n+m. When that does not conclude, and in
// LCSLength, the LCS is computed bit-parallel (64 table cells per uint64)
// only inside the diagonal band of half-width min(n,m)-S, which by
// Ukkonen's argument holds every optimal path; when the band's value equals
// S the split is maximal, otherwise the band's value is the exact LCS and
// Align falls back to Hirschberg's divide and conquer over bit-parallel
// forward and backward rows. Memory is O(n+m) words plus bit
// vectors; no n*m table is ever built except for pieces with n*m <= 65536.
//
// When a range has no anchor at all (a periodic text, or a book repeated on
// both sides: no word occurs once in each), it is solved by Hirschberg's
// divide and conquer whose rows are computed only in a diagonal band: at
// the top, a band of half-width w starting at the gap between min(n,m) and
// the bag-of-words bound (an upper bound of the LCS) and doubling until the
// split's value reaches min(n,m)-w, which by Ukkonen's argument makes it
// the exact LCS L with every optimal path inside; below, each half knows
// its exact LCS and gets the band w = min(n,m)-L it needs. A level costs
// O(n*(|n-m|+w)/64) and the levels shrink geometrically; every recursive
// call works on strictly smaller bounds, so the depth is O(log n) levels
// of Hirschberg plus the nesting of anchor pieces. A book of 37,037 words,
// 10% corrupted, repeated 27 times on both sides (1M words a side,
// bench/repeat_vs_diff.sh) aligns in about 13 s of CPU and 100 MB,
// matching copy i to copy i; diff --minimal takes 71 s on it.
//
// # Walking an alignment
//
// Walk visits the pairs of an alignment and the gaps between them in
// order: the unmatched stretches a[a0:a1], b[b0:b1] before each pair and
// after the last. Whatever works on "the matched words and what lies
// between them" (labels, confusion counts, the readings of other engines,
// the diff of a report) uses it instead of keeping its own cursor:
//
//	align.Walk(pairs, len(gt), len(ocr), func(g0, g1, o0, o1 int) {
//		// gt[g0:g1] was read as ocr[o0:o1]
//	}, func(p align.Pair) {
//		// gt[p.A] == ocr[p.B]
//	})
//
// The other OCR readings of a document (other engines or runs) are aligned
// with its primary reading once, by AlignReadings; the Readings it returns
// is shared by candidate generation and features, each walking it
// (Readings.Walk) with its own rule for the gaps.
//
// # Matching a lattice against the truth
//
// A Lattice holds the readings a text could have: at each position, the
// alternatives (an OCR token and its correction candidates), each writing
// zero or more words and spanning one or more positions (a merge). The
// lattice matcher finds the path through it whose words match the most
// truth words in order: LatticeLCS returns that count (the oracle, the
// best any choice of candidates could do), LatticePath also the path. Words
// are ids, compared by equality or by a function eq (fuzzy matching);
// normalising words (case, punctuation) is the caller's, done before they
// become ids (package eval does it for its Options).
//
// # Edit distances
//
// WordLevenshtein is the unit-cost edit distance over word ids (Myers'
// bit-parallel algorithm, O(n*m/64)); Levenshtein and Ratio work on the
// runes of two strings (fuzzy matching). EditOps is the weighted character
// edit distance with the list of operations that realises it.
//
// AnchoredLevenshtein is the exact unit-cost edit distance of two long,
// similar sequences (word ids for WER, runes for CER) given runs of equal
// symbols, for example the equal words of an alignment. It computes the DP
// only in a corridor of half-width w (16 for words, 24 for characters)
// around the path through the runs, together with a lower bound for every
// path that leaves the corridor: leaving and coming back costs about 2w,
// and outside the corridor each seed (a block of k symbols of b) that occurs
// in a at no reachable row outside the corridor costs at least 1 (the seed
// heuristic of A*PA, Groot Koerkamp and Ivanov 2024). Each cell carries a
// flag telling whether its value is the cost of a real path inside the
// corridor; when the end cell's value is, it is both a lower and an upper
// bound, hence the distance. Otherwise the corridor doubles while that is
// cheaper than the banded bit-parallel algorithm of Ukkonen and Myers
// (O(n*d/64)), the last resort. The result is always exact; the runs only
// decide the speed: O((n+m) * w) when the certificate holds.
package align
