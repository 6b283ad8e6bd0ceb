package features

import "ocrfix/lm"

// addEng records the English-model facts of word k (of n) of a candidate
// text, whose Norm form has the facts f.
func (si *staticInfo) addEng(k, n int, f *wordFacts) {
	if si.engIDs == nil {
		if n == 1 {
			si.engIDs = si.ids[2:3:3]
		} else {
			si.engIDs = make([]int32, n)
		}
		si.engAll = true
	}
	si.engIDs[k] = f.eng
	si.engAll = si.engAll && f.eng >= 0
	si.engFreq += f.engFreq
	si.engShp += f.engShp
}

// noWord is the English id of a token that normalises to "" (punctuation
// only): the language model skips it, as it skipped such tokens in its
// texts.
const noWord = -2

// engContext scores candidates in the context of a document's OCR words
// under the English trigram model.
type engContext struct {
	m     *lm.Model
	ids   []int32     // English id of each OCR token's Norm form (-1: unknown; noWord)
	memo  posMemo     // single-word candidates of the current position, by id
	multi []multiMemo // the other candidates of up to two words there
	at    int         // the position memo and start belong to
	start lm.State    // the state after the two OCR words before position at
	// tailAt is the OCR position whose word's tail (lm.NextTail: its
	// bigram after the OCR word before it) tail holds, -1 none: the
	// last word a chain scores is often the same at a position, after
	// the same word, whatever the candidate
	tailAt int
	tail   int32
}

func newEngContext(m *lm.Model, norm []string) *engContext {
	e := &engContext{m: m, ids: make([]int32, len(norm)), at: -1, tailAt: -1}
	for i, w := range norm {
		e.ids[i] = noWord
		if w != "" {
			e.ids[i] = m.ID(w)
		}
	}
	return e
}

// before returns the English ids of the two words before position i (-1
// where there is none), skipping tokens that are no word.
func (e *engContext) before(i int) (p2, p1 int32) {
	p2, p1 = -1, -1
	found := 0
	for j := i - 1; j >= 0 && found < 2; j-- {
		if e.ids[j] == noWord {
			continue
		}
		if found == 0 {
			p1 = e.ids[j]
		} else {
			p2 = e.ids[j]
		}
		found++
	}
	return p2, p1
}

// moveTo makes position i the current one (its memo and start state).
func (e *engContext) moveTo(i int) {
	if e.at != i {
		e.memo, e.multi, e.at = e.memo[:0], e.multi[:0], i
		e.start = e.m.Start(e.before(i))
	}
}

// logProb returns log P of the candidate's words (ids) replacing the span
// OCR tokens at position i, and of the two OCR words after them, given the
// two OCR words before: the candidate's whole effect on the trigram
// model's probability of the text.
func (e *engContext) logProb(i, span int, ids []int32) float32 {
	e.moveTo(i)
	if len(ids) == 1 && span == 1 {
		if v, ok := e.memo.get(ids[0], 0); ok {
			return v
		}
		v := e.chain(i, span, ids)
		e.memo = append(e.memo, idMemo{ids[0], 0, v})
		return v
	}
	if len(ids) > 2 {
		return e.chain(i, span, ids)
	}
	// a split into two words or a merge: remembered by span and ids
	// (case and punctuation variants share them)
	k := multiMemo{span: int32(span), n: int32(len(ids))}
	copy(k.ids[:], ids)
	for _, mm := range e.multi {
		if mm.span == k.span && mm.n == k.n && mm.ids == k.ids {
			return mm.v
		}
	}
	k.v = e.chain(i, span, ids)
	e.multi = append(e.multi, k)
	return k.v
}

// origIDs returns the English ids of the span OCR tokens at position i
// (fewer at the end of the text).
func (e *engContext) origIDs(i, span int) []int32 { return e.ids[i:min(i+span, len(e.ids))] }

// origLogProb returns logProb of the span OCR tokens at position i
// themselves (their Norm forms' ids).
func (e *engContext) origLogProb(i, span int) float32 {
	ids := e.origIDs(i, span)
	return e.logProb(i, len(ids), ids)
}

// logFreqs sums the English log frequencies of ids, noWord skipped.
func (e *engContext) logFreqs(ids []int32) float32 {
	var s float32
	for _, w := range ids {
		if w != noWord {
			s += e.m.LogProb(-1, -1, w)
		}
	}
	return s
}

// multiMemo is a remembered eng_ctx value of a candidate of n (at most
// two) words with English ids ids replacing span OCR tokens.
type multiMemo struct {
	span, n int32
	ids     [2]int32
	v       float32
}

// chain sums, in order, log P of each word of ids (noWord skipped) and of
// the two OCR words after the span, each given the two words before it.
func (e *engContext) chain(i, span int, ids []int32) float32 {
	st := e.start
	var sum float32
	for _, w := range ids {
		if w == noWord {
			continue
		}
		sum += e.m.Next(&st, w)
	}
	n := 0
	for j := i + span; j < len(e.ids) && n < 2; j++ {
		w := e.ids[j]
		if w == noWord {
			continue
		}
		if n == 0 {
			sum += e.m.Next(&st, w)
		} else {
			// the second OCR word follows the first, an OCR word too
			if e.tailAt != j {
				e.tailAt, e.tail = j, lm.NoTail
			}
			sum += e.m.NextTail(&st, w, &e.tail)
		}
		n++
	}
	return sum
}
