package align

import "unicode/utf8"

// WordLevenshtein returns the unit-cost edit distance (substitution,
// insertion, deletion) between two word-id sequences.
func WordLevenshtein(a, b []int32) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i, x := range a {
		diag := row[0]
		row[0] = i + 1
		for j, y := range b {
			up := row[j+1]
			c := diag
			if x != y {
				c = min(diag, up, row[j]) + 1
			}
			row[j+1] = c
			diag = up
		}
	}
	return row[len(b)]
}

// Levenshtein returns the unit-cost edit distance between the runes of a and
// b. Invalid UTF-8 bytes count as one rune (utf8.RuneError) each.
func Levenshtein(a, b string) int {
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

// Ratio returns the similarity 1 - Levenshtein(a, b) / max(rune lengths), in
// [0, 1]; it is 1 when both strings are empty.
func Ratio(a, b string) float64 {
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	if n == 0 {
		return 1
	}
	return 1 - float64(Levenshtein(a, b))/float64(n)
}
