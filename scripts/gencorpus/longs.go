package main

import "unicode/utf8"

// longS returns text as 17th- and 18th-century type set it: every
// lower-case s followed by a letter is the long s (ſ, U+017F), except
// before f, b and k, where printers kept the round s (the ligatures ſf,
// ſb and ſk were avoided); an s at the end of a word, before a mark or a
// space, stays round ("poſſeſs", "ſhall", "beſt", "husband"). Capitals are
// unchanged. It is applied to the page images only (-long-s): the truth
// keeps s, as transcriptions of such print do (EEBO-TCP, ECCO-TCP), so
// the OCR's reading of the long s is an error to correct.
func longS(text []byte) []byte {
	out := make([]byte, 0, len(text)+len(text)/8)
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRune(text[i:])
		if r == 's' {
			next, _ := utf8.DecodeRune(text[i+n:])
			if isLetter(next) && next != 'f' && next != 'b' && next != 'k' {
				out = utf8.AppendRune(out, 'ſ')
				i += n
				continue
			}
		}
		out = append(out, text[i:i+n]...)
		i += n
	}
	return out
}

// isLetter reports whether r is a letter of the texts (ASCII, or a Latin
// letter with a diacritic); utf8.RuneError (the end of the text) is not.
func isLetter(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r >= 0xC0 && r <= 0x24F && r != 0xD7 && r != 0xF7
}
