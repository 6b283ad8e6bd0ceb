// Package habitsim writes text as the print of another period gives it,
// to measure how ocrfix meets a habit of a collection's OCR that no
// training collection has (model.Model.Habits): scripts/habitsim makes
// whole collections with it, and the tests of the packages that adapt to
// habits use it on the embedded corpus.
package habitsim

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode"

	"ocrfix/align"
)

// LongS returns text as an OCR engine that does not know the long s of
// 17th- and 18th-century print reads it: every lower-case s that a long s
// would have been (not at a word's end, nor before b, k or f, nor after f)
// becomes f, percent times in 100 (chosen by a hash of name and the
// position, so the result is the same on every run; 100: all of them).
func LongS(name, text string, percent int) string { return longS(name, text, percent, 'f') }

// LongSGlyph returns text as an engine that knows the long s writes it:
// the s that LongS would make f become ſ (U+017F), where a transcription
// that modernises the print keeps s.
func LongSGlyph(name, text string, percent int) string { return longS(name, text, percent, 'ſ') }

// longS writes as the s that a long s would have been, percent times in
// 100 (LongS).
func longS(name, text string, percent int, as rune) string {
	rs := []rune(text)
	for i, r := range rs {
		if r != 's' || i+1 >= len(rs) {
			continue
		}
		next := rs[i+1]
		if !unicode.IsLower(next) || strings.ContainsRune("bkf", next) || i > 0 && (rs[i-1] == 'f' || rs[i-1] == as) {
			continue
		}
		if chosen(name, i, percent) {
			rs[i] = as
		}
	}
	return string(rs)
}

// HLi returns text as an engine that reads h as li now and then reads it
// (`tlie`, `wliich`, a habit of early OCR of worn newspaper type): each h
// becomes li percent times in 100, chosen as LongS chooses.
func HLi(name, text string, percent int) string { return ReadAs(name, text, 'h', "li", percent) }

// ReadAs returns text as an engine that reads the letter t as o now and
// then: each t becomes o percent times in 100, chosen as LongS chooses
// (ads-fall2018's engine reads i as l three times in four, and as 1 at
// the start of a word now and then).
func ReadAs(name, text string, t rune, o string, percent int) string {
	var b strings.Builder
	for i, r := range []rune(text) {
		if r == t && chosen(name, i, percent) {
			b.WriteString(o)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// chosen reports whether position i of the file name is one of percent in
// 100, by a hash of the two (always for 100).
func chosen(name string, i, percent int) bool {
	if percent >= 100 {
		return true
	}
	return int(posHash(name, i)%100) < percent
}

// posHash is the hash of position i of the file name that chosen and
// Random draw from.
func posHash(name string, i int) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s:%d", name, i)
	return h.Sum32()
}

// UV returns text spelt with u and v, i and j as the early 17th century
// printed them and diplomatic transcriptions keep them (`haue`, `vnto`,
// `iust`): v inside a word becomes u, u at the start of a word v, and j at
// the start i, capitals alike.
func UV(text string) string {
	rs := []rune(text)
	for i, r := range rs {
		start := i == 0 || !unicode.IsLetter(rs[i-1])
		switch {
		case start && r == 'u':
			rs[i] = 'v'
		case start && r == 'U':
			rs[i] = 'V'
		case start && r == 'j':
			rs[i] = 'i'
		case start && r == 'J':
			rs[i] = 'I'
		case !start && r == 'v':
			rs[i] = 'u'
		}
	}
	return string(rs)
}

// Capitals returns text as an engine that misjudges the size of a word's
// first letter reads it: a word that starts with one of prefixes (lower
// case, as `v` or `si`) gets a capital initial, percent times in 100
// (chosen as LongS chooses), as ads-fall2018's engine writes `Very`,
// `Since` and `Within` in mid-sentence. Words are the runs of letters.
func Capitals(name, text string, prefixes []string, percent int) string {
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		if i > 0 && unicode.IsLetter(rs[i-1]) || !unicode.IsLower(rs[i]) {
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		w := string(rs[i:j])
		for _, p := range prefixes {
			if strings.HasPrefix(w, p) && chosen(name, i, percent) {
				rs[i] = unicode.ToUpper(rs[i])
				break
			}
		}
		i = j - 1
	}
	return string(rs)
}

// Upper returns text with words (runs of ASCII letters) set in capitals
// percent times in 100 (chosen as LongS chooses), as the headings,
// advertisements and names of a newspaper set them: pages on which a
// habit of the engine's in capitals (ReadAs of a capital) shows.
func Upper(name, text string, percent int) string {
	return eachWord(text, func(b *strings.Builder, i, j int) int {
		w := text[i:j]
		if chosen(name, i, percent) {
			w = strings.ToUpper(w)
		}
		b.WriteString(w)
		return j
	})
}

// Confusions are the misreadings Confuse makes: a letter or two read as
// another letter or two, of the kinds old engines make on worn newspaper
// type (e read as c or o, h as b or li, n and u for each other, m as rn
// and rn as m, d as cl, w as vv, t and f for each other, i and l for each
// other, a as s, o as e, s as a, in as m).
var Confusions = [][2]string{
	{"e", "c"}, {"e", "o"}, {"c", "e"}, {"h", "b"}, {"n", "u"}, {"u", "n"},
	{"rn", "m"}, {"m", "rn"}, {"h", "li"}, {"t", "f"}, {"f", "t"}, {"i", "l"},
	{"l", "i"}, {"a", "s"}, {"o", "e"}, {"s", "a"}, {"in", "m"}, {"ni", "m"},
	{"d", "cl"}, {"w", "vv"},
}

// Confuse returns text as an engine that misreads one place of a word now
// and then: a word (a run of ASCII letters) gets, percent times in 100,
// one of the Confusions that its letters allow, at one of its places (the
// word, the confusion and the place chosen by hashes of the file name and
// the word's position, so the result is the same on every run). It is no
// habit of one letter but an engine's many small errors, which a model
// trained on another engine's output must correct from its confusion
// model and lexicons alone.
func Confuse(name, text string, percent int) string {
	return eachWord(text, func(b *strings.Builder, i, j int) int {
		w := text[i:j]
		if chosen(name, i, percent) {
			w = confuseWord(fmt.Sprintf("%s:%d", name, i), w)
		}
		b.WriteString(w)
		return j
	})
}

// eachWord returns text with each word (a run of ASCII letters, text[i:j])
// written by f, which returns where the text goes on from (j, or further
// to leave out what follows the word); the rest is copied as it is.
func eachWord(text string, f func(b *strings.Builder, i, j int) int) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && isASCIILetter(text[j]) {
			j++
		}
		if j == i {
			b.WriteByte(text[i])
			i++
			continue
		}
		i = f(&b, i, j)
	}
	return b.String()
}

// confuseWord applies to w one of the Confusions its letters allow, at
// one of its places, both chosen by a hash of key; w itself when none
// applies.
func confuseWord(key, w string) string {
	type place struct{ at, c int }
	var ps []place
	for c, p := range Confusions {
		for at := 0; at+len(p[0]) <= len(w); at++ {
			if w[at:at+len(p[0])] == p[0] {
				ps = append(ps, place{at, c})
			}
		}
	}
	if len(ps) == 0 {
		return w
	}
	h := fnv.New32a()
	h.Write([]byte(key))
	p := ps[int(h.Sum32()%uint32(len(ps)))]
	from, to := Confusions[p.c][0], Confusions[p.c][1]
	return w[:p.at] + to + w[p.at+len(from):]
}

// Random returns text as an engine whose errors follow no habit reads it:
// each small ASCII letter becomes, perMille times in 1000, one of the 25
// other small letters, the letter and its replacement chosen by hashes of
// the file name and the position (the same result on every run). No
// misreading stands out of such noise, so a habit found in it is a false
// one (model.Model.Habits must tell it from an engine's habit).
func Random(name, text string, perMille int) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < 'a' || c > 'z' {
			b.WriteByte(c)
			continue
		}
		v := posHash(name, i)
		if int(v%1000) >= perMille {
			b.WriteByte(c)
			continue
		}
		// another letter: an offset of 1 to 25 from c, from the hash's
		// higher bits
		b.WriteByte('a' + (c-'a'+byte(1+(v/1000)%25))%26)
	}
	return b.String()
}

// Spaces returns text as an engine that misjudges the gaps between
// letters reads it: a word (a run of ASCII letters) gets, percent times in
// 100, either a space inside it (a word of four letters or more, split at
// one of its inner places: `tho ught`) or, when a single space follows it
// and another word follows that, the space taken away (`andthe`), half of
// the chosen words each way; the word, the kind and the place are chosen
// by hashes of the file name and the word's position, as Confuse chooses.
func Spaces(name, text string, percent int) string {
	return eachWord(text, func(b *strings.Builder, i, j int) int {
		w := text[i:j]
		if !chosen(name, i, percent) {
			b.WriteString(w)
			return j
		}
		h := fnv.New32a()
		fmt.Fprintf(h, "%s:%d:space", name, i)
		r := h.Sum32()
		switch {
		case r%2 == 0 && len(w) >= 4:
			at := 1 + int(r/2%uint32(len(w)-1))
			b.WriteString(w[:at] + " " + w[at:])
		case r%2 == 1 && j+1 < len(text) && text[j] == ' ' && isASCIILetter(text[j+1]):
			b.WriteString(w)
			return j + 1 // the space after the word left out
		default:
			b.WriteString(w)
		}
		return j
	})
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Clean returns ocr, an OCR reading of the truth gt, as a far better
// engine or print would give it: the stretches where its words differ
// from the truth's (the gaps of the order-preserving alignment of their
// whitespace-separated words, align.AlignFunc) are put right, all but
// percent in 100 of them (chosen by a hash of name and the stretch's
// first OCR word, as LongS chooses), so the errors left are the engine's
// own, at a tenth of their rate for percent 10. A stretch put right is
// written as the truth's words joined by single spaces, in the place of
// the OCR's (its line breaks lost); the rest of the OCR is kept byte for
// byte.
func Clean(name, ocr, gt string, percent int) string {
	type span struct{ start, end int }
	var toks []span
	start := -1 // the start of the word being read, -1 between words
	for i, r := range ocr {
		switch {
		case unicode.IsSpace(r) && start >= 0:
			toks = append(toks, span{start, i})
			start = -1
		case !unicode.IsSpace(r) && start < 0:
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, span{start, len(ocr)})
	}
	gw := strings.Fields(gt)
	ow := make([]string, len(toks))
	for k, s := range toks {
		ow[k] = ocr[s.start:s.end]
	}
	pairs := append(align.AlignFunc(len(ow), len(gw), func(i, j int) bool { return ow[i] == gw[j] }), align.Pair{A: len(ow), B: len(gw)})
	var b strings.Builder
	at, a0, b0 := 0, 0, 0 // at: the OCR bytes written up to
	for _, p := range pairs {
		if (p.A > a0 || p.B > b0) && !chosen(name+"/clean", a0, percent) {
			rep := strings.Join(gw[b0:p.B], " ")
			switch {
			case p.A > a0 && rep == "" && a0 > 0: // OCR words a0..p.A-1 dropped, with the space before them
				b.WriteString(ocr[at:toks[a0-1].end])
				at = toks[p.A-1].end
			case p.A > a0 && rep == "": // ... at the start, with the space after them
				at = len(ocr)
				if p.A < len(toks) {
					at = toks[p.A].start
				}
			case p.A > a0: // OCR words a0..p.A-1 replaced
				b.WriteString(ocr[at:toks[a0].start])
				b.WriteString(rep)
				at = toks[p.A-1].end
			case a0 < len(toks): // truth words inserted before OCR word a0
				b.WriteString(ocr[at:toks[a0].start])
				b.WriteString(rep + " ")
				at = toks[a0].start
			default: // ... after the last
				b.WriteString(ocr[at:])
				at = len(ocr)
				if len(ocr) > 0 && !strings.HasSuffix(ocr, "\n") {
					b.WriteString(" ")
				}
				b.WriteString(rep + "\n")
			}
		}
		a0, b0 = p.A+1, p.B+1
	}
	b.WriteString(ocr[at:])
	return b.String()
}
