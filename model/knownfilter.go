package model

import (
	"unicode/utf8"

	"ocrfix/lm"
)

// knownFilter is a Bloom filter of the lower-case words that knownWeight
// knows (the English model's and the lexicon's, case folded): habitEvidence
// tries some 26 letters at every place of every form a collection's
// profile holds, nearly all of them words of neither, and a word the
// filter has not seen is known to neither without two map look-ups and a
// string made for them. It may answer yes for a word neither knows
// (knownWeight decides those), never no for one they know.
type knownFilter struct {
	bits []uint64
	mask uint64
}

// knownFilterBits is log2 of the filter's bits: 2^23 bits (1 MiB) for the
// English model's 114k words and the built-in lexicon's 117k folds (most of
// them the same words), two probes a word: some 50 bits a word, about one
// word in a thousand that neither knows passing. With it Model.Habits took
// 0.3 s on ads-fall2018's profile (200k words), against 1.2 s without.
const knownFilterBits = 23

// knownWords returns the filter of the words of m's lexicon and the
// English model eng (may be nil), built on first use and kept with m.
func (m *Model) knownWords(eng *lm.Model) *knownFilter {
	m.knownOnce.Do(func() {
		f := &knownFilter{bits: make([]uint64, 1<<(knownFilterBits-6)), mask: 1<<knownFilterBits - 1}
		if eng != nil {
			for id := int32(0); id < int32(eng.Words()); id++ {
				f.addString(eng.Word(id))
			}
		}
		if m.Lex != nil {
			for _, w := range m.Lex.Folds() {
				f.addString(w)
			}
		}
		m.known = f
	})
	return m.known
}

// hashRunes returns two hashes of the UTF-8 encoding of rs (FNV-1a, 64
// bits, and a second mix of it).
func hashRunes(rs []rune) (uint64, uint64) {
	h := uint64(14695981039346656037)
	var buf [4]byte
	for _, r := range rs {
		if r < 0x80 {
			h = (h ^ uint64(r)) * 1099511628211
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:n] {
			h = (h ^ uint64(b)) * 1099511628211
		}
	}
	return h, (h ^ h>>29) * 0xbf58476d1ce4e5b9
}

func (f *knownFilter) addString(w string) { f.add([]rune(w)) }

func (f *knownFilter) add(rs []rune) {
	a, b := hashRunes(rs)
	for _, x := range [2]uint64{a & f.mask, b >> 20 & f.mask} {
		f.bits[x>>6] |= 1 << (x & 63)
	}
}

// mayHave reports whether the word of runes rs may be one of the filter's
// (false: it is not).
func (f *knownFilter) mayHave(rs []rune) bool {
	a, b := hashRunes(rs)
	x, y := a&f.mask, b>>20&f.mask
	return f.bits[x>>6]&(1<<(x&63)) != 0 && f.bits[y>>6]&(1<<(y&63)) != 0
}
