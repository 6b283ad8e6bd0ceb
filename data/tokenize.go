package data

import (
	"unicode"
	"unicode/utf8"
)

// asciiSpace[b] reports whether the ASCII byte b is unicode.IsSpace:
// '\t', '\n', '\v', '\f', '\r' and ' '.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// Tokenize splits src into tokens: maximal runs of runes that are not
// unicode.IsSpace (so tab, form feed, vertical tab, NEL U+0085, no-break
// space U+00A0 and the other Unicode spaces all separate words). Each
// token records its 1-based line (1 + the number of '\n' bytes before it;
// "\r\n" therefore counts once and a lone '\r' does not start a line), its
// byte span [Start, End) in src, and Conf -1. Text without tokens gives
// nil. Invalid UTF-8 bytes are not
// spaces: they stay inside the token they touch.
//
// Tokenize makes one pass over src with an ASCII fast path; all token
// texts share one string copied from src, so it allocates twice whatever
// the number of tokens (plus the growth of the result slice).
func Tokenize(src []byte) []Token {
	if len(src) == 0 {
		return nil
	}
	s := string(src)
	// Guess about one token per 6 bytes to avoid most regrowth.
	toks := make([]Token, 0, len(src)/6+1)
	line := 1
	start := -1 // start of the current token, -1 when between tokens
	startLine := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if asciiSpace[c] {
				if start >= 0 {
					toks = append(toks, Token{Text: s[start:i], Line: startLine, Start: start, End: i, Conf: -1})
					start = -1
				}
				if c == '\n' {
					line++
				}
			} else if start < 0 {
				start, startLine = i, line
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) { // RuneError (invalid bytes) is not a space
			if start >= 0 {
				toks = append(toks, Token{Text: s[start:i], Line: startLine, Start: start, End: i, Conf: -1})
				start = -1
			}
		} else if start < 0 {
			start, startLine = i, line
		}
		i += size
	}
	if start >= 0 {
		toks = append(toks, Token{Text: s[start:], Line: startLine, Start: start, End: len(s), Conf: -1})
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
