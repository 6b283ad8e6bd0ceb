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
// # Edit distances
//
// WordLevenshtein is the unit-cost edit distance over word ids (for WER);
// Levenshtein and Ratio work on the runes of two strings (for CER and fuzzy
// matching). EditOps is the weighted character edit distance with the list of
// operations that realises it.
package align
