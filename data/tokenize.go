package data

import (
	"unicode"
	"unicode/utf8"
)

// Byte classes for Tokenize.
const (
	clWord    = iota // a byte that never begins a space rune
	clSpace          // an ASCII space other than '\n'
	clNewline        // '\n'
	clMaybe          // 0xC2, 0xE1, 0xE2, 0xE3: may begin a non-ASCII space rune
)

// byteClass classifies every byte value. Every non-ASCII rune that is
// unicode.IsSpace (U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
// U+202F, U+205F, U+3000) begins with one of the clMaybe bytes, and no
// UTF-8 continuation byte is one of them, so a scan may step over every
// other byte one at a time and decode only at clMaybe bytes.
var byteClass = func() (t [256]uint8) {
	for _, c := range "\t\v\f\r " {
		t[c] = clSpace
	}
	t['\n'] = clNewline
	for _, c := range []byte{0xC2, 0xE1, 0xE2, 0xE3} {
		t[c] = clMaybe
	}
	return t
}()

// Tokenize splits src into tokens: maximal runs of runes that are not
// unicode.IsSpace (so tab, form feed, vertical tab, NEL U+0085, no-break
// space U+00A0 and the other Unicode spaces all separate words). Each
// token records its 1-based line (1 + the number of line ends before it:
// '\n', and '\r' not followed by '\n', so that "\r\n" counts once and the
// lone '\r' of classic Mac OS text ends a line too), its
// byte span [Start, End) in src, and Conf -1. Text without tokens gives
// nil. Invalid UTF-8 bytes are not spaces: they stay inside the token they
// touch.
//
// Tokenize makes one pass over src, byte by byte through a class table,
// decoding runes only where a non-ASCII space could begin; all token texts
// share one string copied from src, so it allocates twice whatever the
// number of tokens (plus any growth of the result slice).
func Tokenize(src []byte) []Token {
	if len(src) == 0 {
		return nil
	}
	s := string(src)
	n := len(s)
	// Guess about one token per 6 bytes to avoid most regrowth.
	toks := make([]Token, 0, n/6+1)
	line := 1
	i := 0
	for i < n {
		// Between tokens: skip spaces.
		switch byteClass[s[i]] {
		case clSpace:
			if s[i] == '\r' && (i+1 == n || s[i+1] != '\n') {
				line++ // a carriage return alone ends a line (classic Mac OS text)
			}
			i++
			continue
		case clNewline:
			line++
			i++
			continue
		case clMaybe:
			if r, size := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
				i += size
				continue
			}
		}
		// A token starts at i and runs to the next space.
		start := i
		for i < n {
			c := byteClass[s[i]]
			if c == clWord {
				i++
				continue
			}
			if c != clMaybe {
				break
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				break
			}
			i += size
		}
		toks = append(toks, Token{Text: s[start:i], Line: line, Start: start, End: i, Conf: -1})
	}
	if len(toks) == 0 {
		return nil
	}
	return toks
}

// Words returns the texts of toks, in order.
func Words(toks []Token) []string {
	if toks == nil {
		return nil
	}
	w := make([]string, len(toks))
	for i := range toks {
		w[i] = toks[i].Text
	}
	return w
}

// Words returns the texts of t's tokens, in order; nil for a nil Text.
func (t *Text) Words() []string {
	if t == nil {
		return nil
	}
	return Words(t.Tokens)
}
