package lm

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// trimMarks returns w without its leading and trailing Unicode
// punctuation and symbols: the ASCII ones byte by byte (every printable
// ASCII byte but a letter or digit is one), the rest rune by rune.
func trimMarks(w string) string {
	i, j := 0, len(w)
	for i < j && asciiMark(w[i]) {
		i++
	}
	for j > i && asciiMark(w[j-1]) {
		j--
	}
	if i < j && (w[i] >= 0x80 || w[j-1] >= 0x80) {
		return strings.TrimFunc(w[i:j], isMark)
	}
	return w[i:j]
}

// asciiMark reports whether the byte c is ASCII punctuation or an ASCII
// symbol.
func asciiMark(c byte) bool {
	return '!' <= c && c <= '~' && !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z')
}

// isMark reports whether r is punctuation or a symbol.
func isMark(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// Norm returns the form under which the model counts a token: lower case,
// with leading and trailing Unicode punctuation and symbols removed and
// ligature glyphs and the long s written as their letters
// (ExpandLigatures). It may
// be "". It is ocrfix's one normal form of a word: features.Norm and
// profile.Norm are this function, so the English model, the bigram model
// of the truth and the collection profile count the same forms
// (TestNormTable pins the cases).
func Norm(w string) string {
	w = trimMarks(w)
	upper := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 0x80 {
			return strings.ToLower(ExpandLigatures(w))
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if upper {
		return strings.ToLower(w)
	}
	return w
}

// ligatures holds the letters of the Latin ligature presentation forms
// U+FB00 to U+FB06, as Unicode's compatibility normalisation (NFKC)
// writes them.
var ligatures = [...]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}

// ExpandLigatures returns w with each Latin ligature presentation form
// (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ, U+FB00 to U+FB06) written as its letters, as NFKC
// writes them (ﬅ, long s and t, as st), the long s ſ (U+017F) as s, as
// NFKC writes it too, and every other rune as it is. Engines write these
// glyphs where a page printed the ligature or the long s; texts
// transcribed by people, and every text ocrfix learns English from, write
// the letters, so ocrfix reads an OCR word through this function before it
// looks the word up or corrects it (ﬂoor is floor, not a misreading of
// door; moſt is most). A word without them is returned as it is, without
// allocating.
func ExpandLigatures(w string) string {
	if !hasLigature(w) {
		return w
	}
	var b strings.Builder
	b.Grow(len(w) + 4)
	for i := 0; i < len(w); i++ {
		if isLigatureAt(w, i) {
			b.WriteString(ligatures[w[i+2]-0x80])
			i += 2
			continue
		}
		if isLongSAt(w, i) {
			b.WriteByte('s')
			i++
			continue
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// LongS is the long s, which ExpandLigatures reads as s.
const LongS = "ſ"

// isLigatureAt says whether w[i:] begins with one of U+FB00 to U+FB06
// (the bytes EF AC 80 to EF AC 86 in UTF-8).
func isLigatureAt(w string, i int) bool {
	return i+2 < len(w) && w[i] == 0xef && w[i+1] == 0xac && w[i+2] >= 0x80 && w[i+2] <= 0x86
}

// isLongSAt says whether w[i:] begins with the long s (C5 BF in UTF-8).
func isLongSAt(w string, i int) bool {
	return i+1 < len(w) && w[i] == 0xc5 && w[i+1] == 0xbf
}

// hasLigature says whether w holds one of U+FB00 to U+FB06 or the long s.
func hasLigature(w string) bool {
	if strings.Contains(w, LongS) {
		return true
	}
	for i := strings.Index(w, "\xef\xac"); i >= 0; {
		if isLigatureAt(w, i) {
			return true
		}
		j := strings.Index(w[i+1:], "\xef\xac")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
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
