package lm

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// Norm returns the form under which the model counts a token: lower case,
// with leading and trailing Unicode punctuation and symbols removed. It may
// be "". It is ocrfix's one normal form of a word: features.Norm and
// profile.Norm are this function, so the English model, the bigram model
// of the truth and the collection profile count the same forms
// (TestNormTable pins the cases).
func Norm(w string) string {
	w = strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) })
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 0x80 || ('A' <= c && c <= 'Z') {
			return strings.ToLower(w)
		}
	}
	return w
}

// maxLine is the longest line Tokens reads.
const maxLine = 16 << 20

// Tokens reads text and calls fn for every word it keeps, in order: the
// Norm of each whitespace-separated token, tokens whose Norm is "" skipped.
// first is true for the first word of a paragraph: a blank line (nothing
// but white space) ends a paragraph, and so does the end of the text. An
// error names the line.
func Tokens(r io.Reader, fn func(word string, first bool)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	first := true
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		blank := true
		for _, f := range strings.Fields(s) {
			blank = false
			if w := Norm(f); w != "" {
				fn(w, first)
				first = false
			}
		}
		if blank {
			first = true
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", line+1, err)
	}
	return nil
}
