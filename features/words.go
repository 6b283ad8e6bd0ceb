package features

import "math"

// wordFacts are the facts of one Norm form of a word, shared by every
// candidate text holding a word of that form (the case and punctuation
// variants of one word are most of a position's candidates): its ids in
// the models and what they say of it, worked out once per Resources.
type wordFacts struct {
	norm    string  // the Norm form
	uni     float64 // LM.LogUni(lm) (with an LM)
	vecLen  float64 // the length of the word vector vecID (when hasVec)
	lm      int32   // the LM id (-1 unknown or without an LM)
	eng     int32   // the English-model id (-1 unknown, noWord for ""; with Eng)
	engFreq float32 // English log frequency (with Eng)
	engShp  float32 // English word-shape score (with Eng and Shape)
	vecID   int32   // the id of its word vector (when hasVec)
	lda     int32   // its topic-model id (-1 unknown; with an LDA model folding case)
	hasVec  bool    // it has a word vector (with Vec)
	inLex   bool    // the lexicon holds the form itself (with Lex)
}

// word returns the facts of the Norm form of w, a word (no white space),
// from the cache when it has them, whether w is printable ASCII, and
// whether that form is the core of w (candgen.SplitAffix; so when w is
// printable ASCII without upper case). buf is scratch for the form.
func (res *Resources) word(w string, buf []byte) (f wordFacts, ascii, isCore bool) {
	key, same, ascii, upper := normKey(buf[:0], w)
	isCore = ascii && !upper
	nw := "" // the form, when not in key
	switch {
	case same:
		nw = w
	case !ascii:
		nw = Norm(w)
	}
	found := false
	res.wordMu.RLock()
	if same || !ascii {
		f, found = res.words[nw]
	} else {
		f, found = res.words[string(key)]
	}
	res.wordMu.RUnlock()
	if found {
		return f, ascii, isCore
	}
	f.norm = nw
	if ascii && !same {
		f.norm = string(key)
	}
	res.fillWord(&f)
	res.wordMu.Lock()
	if res.words == nil || len(res.words) >= maxCached {
		res.words = make(map[string]wordFacts, 1<<14)
	}
	res.words[f.norm] = f
	res.wordMu.Unlock()
	return f, ascii, isCore
}

// fillWord sets the facts of f's Norm form f.norm.
func (res *Resources) fillWord(f *wordFacts) {
	nw := f.norm
	f.inLex = res.Lex != nil && res.Lex.Has(nw)
	f.lm = -1
	if res.LM != nil {
		if nw != "" {
			f.lm = res.LM.ID(nw)
		}
		f.uni = res.LM.LogUni(f.lm)
	}
	if res.Eng != nil {
		f.eng = noWord
		if nw != "" {
			f.eng = res.Eng.ID(nw)
		}
		f.engFreq = res.Eng.LogFreq(f.eng) // an unknown word (id < 0) gets half a count
		if res.Shape != nil {
			f.engShp = res.Shape.LogProb(nw)
		}
	}
	f.lda = -1
	if res.LDA != nil && res.LDA.Options().Lower {
		f.lda, _ = res.LDA.WordID(nw)
	}
	if res.Vec != nil {
		if id, ok := res.vecID(nw, f.lm); ok {
			f.vecID, f.hasVec = id, true
			f.vecLen = math.Sqrt(res.vecSquare(id))
		}
	}
}

// normKey appends to dst the Norm form of w when w is printable ASCII
// (bytes '!' to '~'), where Norm trims the bytes that are not letters or
// digits (all punctuation or symbols there) and lowers the case. It
// returns same (and dst unchanged) when the form is w itself, and ascii
// false (nothing appended) when w is not printable ASCII; upper reports an
// upper-case letter in w.
func normKey(dst []byte, w string) (key []byte, same, ascii, upper bool) {
	start, end := -1, 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c < '!' || c > '~':
			return dst, false, false, false
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		default:
			continue
		}
		if start < 0 {
			start = i
		}
		end = i + 1
	}
	if start < 0 {
		start = 0 // all punctuation: the form is ""
	}
	if start == 0 && end == len(w) && !upper {
		return dst, true, true, false
	}
	for i := start; i < end; i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst, false, true, upper
}
