package main

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lineWidth returns how many characters a line of the document's pages
// holds at most: the width between the margins over 0.6 em, the advance
// of a monospaced font's characters (a proportional font's average is
// less, so its lines end short of the margin and text2image does not wrap
// them again).
func lineWidth(s settings) int {
	return max(20, int(float64(s.Width-2*s.Margin)/(0.6*s.Em())))
}

// hyphenate sets text (RenderText's: paragraphs separated by a blank line,
// each one line or the lines of its layout) in lines of at most width
// runes, as a compositor of narrow columns did: words fill a line greedily,
// and a word that does not fit is broken with a hyphen where one fits
// (hyphenBreak) or, when it already holds one, after its own hyphen
// (well- known); one that cannot be broken starts the next line. A line of
// a paragraph's layout (verse) that fits stays as it is. The result is both
// what the pages print and the truth of the collection (the broken words
// as two tokens, con- sideration), as transcriptions of such print keep
// the line ends.
func hyphenate(text []byte, width int) []byte {
	var b bytes.Buffer
	paras := strings.Split(strings.TrimRight(string(text), "\n"), "\n\n")
	for k, p := range paras {
		if k > 0 {
			b.WriteString("\n\n")
		}
		for j, l := range strings.Split(p, "\n") {
			if j > 0 {
				b.WriteByte('\n')
			}
			wrap(&b, strings.Fields(l), width)
		}
	}
	b.WriteString("\n")
	return b.Bytes()
}

// wrap writes words to b in lines of at most width runes (a word longer
// than the width alone on its line).
func wrap(b *bytes.Buffer, words []string, width int) {
	n := 0 // runes on the current line
	for _, w := range words {
		for {
			rw := utf8.RuneCountInString(w)
			room := width - n
			if n > 0 {
				room-- // the space before the word
			}
			if rw <= room {
				if n > 0 {
					b.WriteByte(' ')
					n++
				}
				b.WriteString(w)
				n += rw
				break
			}
			if n == 0 {
				b.WriteString(w) // longer than a line: alone on it
				n = rw
				break
			}
			if head, tail, ok := hyphenBreak(w, room); ok {
				b.WriteString(" " + head)
				w = tail
			}
			b.WriteByte('\n')
			n = 0
		}
	}
}

// hyphenBreak breaks word w so that its first piece, the hyphen included,
// has at most room runes: after a hyphen the word holds (well-known ->
// well- known), or else inside its run of letters before a consonant
// followed by a vowel, the common place of a syllable break (con-
// sideration, ques- tion, govern- ment), leaving three letters or more on
// each side; the latest such place that fits. Leading and trailing
// punctuation stays with its piece. A word holding a digit or an
// apostrophe is broken only at its own hyphen.
func hyphenBreak(w string, room int) (head, tail string, ok bool) {
	rs := []rune(w)
	for i := min(room, len(rs)-1) - 1; i >= 1; i-- {
		if rs[i] == '-' && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
			return string(rs[:i+1]), string(rs[i+1:]), true
		}
	}
	if strings.ContainsFunc(w, func(r rune) bool { return unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-' }) {
		return "", "", false
	}
	lo, hi := 0, len(rs) // the run of letters
	for lo < hi && !unicode.IsLetter(rs[lo]) {
		lo++
	}
	for hi > lo && !unicode.IsLetter(rs[hi-1]) {
		hi--
	}
	for i := min(room-1, hi-3); i >= lo+3; i-- {
		if !unicode.IsLetter(rs[i]) || !unicode.IsLetter(rs[i-1]) {
			return "", "", false
		}
		if !vowel(rs[i]) && i+1 < hi && vowel(rs[i+1]) {
			return string(rs[:i]) + "-", string(rs[i:]), true
		}
	}
	return "", "", false
}

// vowel reports whether r is a vowel letter (y counted).
func vowel(r rune) bool { return strings.ContainsRune("aeiouyAEIOUY", r) }
