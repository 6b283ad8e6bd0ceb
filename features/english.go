package features

import "ocrfix/lm"

// engWord records the English-model facts of word k (of n) of a candidate
// text, whose Norm form is nw.
func (res *Resources) engWord(si *staticInfo, k, n int, nw string) {
	if si.engIDs == nil {
		si.engIDs = make([]int32, n)
		si.engAll = true
	}
	id := int32(noWord)
	if nw != "" {
		id = res.Eng.ID(nw)
	}
	si.engIDs[k] = id
	si.engAll = si.engAll && id >= 0
	si.engFreq += res.Eng.LogFreq(max(id, -1))
	if res.Shape != nil {
		si.engShp += res.Shape.LogProb(nw)
	}
}

// noWord is the English id of a token that normalises to "" (punctuation
// only): the language model skips it, as it skipped such tokens in its
// texts.
const noWord = -2

// engContext scores candidates in the context of a document's OCR words
// under the English trigram model.
type engContext struct {
	m    *lm.Model
	ids  []int32 // English id of each OCR token's Norm form (-1: unknown; noWord)
	memo posMemo // single-word candidates of the current position, by id
	at   int     // the position memo belongs to
}

func newEngContext(m *lm.Model, norm []string) *engContext {
	e := &engContext{m: m, ids: make([]int32, len(norm)), at: -1}
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

// logProb returns log P of the candidate's words (ids) replacing the span
// OCR tokens at position i, and of the two OCR words after them, given the
// two OCR words before: the candidate's whole effect on the trigram
// model's probability of the text.
func (e *engContext) logProb(i, span int, ids []int32) float32 {
	if len(ids) == 1 && span == 1 {
		if e.at != i {
			e.memo, e.at = e.memo[:0], i
		}
		if v, ok := e.memo.get(ids[0], 0); ok {
			return v
		}
		v := e.chain(i, span, ids)
		e.memo = append(e.memo, idMemo{ids[0], 0, v})
		return v
	}
	return e.chain(i, span, ids)
}

func (e *engContext) chain(i, span int, ids []int32) float32 {
	p2, p1 := e.before(i)
	var sum float32
	for _, w := range ids {
		if w == noWord {
			continue
		}
		sum += e.m.LogProb(p2, p1, w)
		p2, p1 = p1, w
	}
	n := 0
	for j := i + span; j < len(e.ids) && n < 2; j++ {
		w := e.ids[j]
		if w == noWord {
			continue
		}
		sum += e.m.LogProb(p2, p1, w)
		p2, p1 = p1, w
		n++
	}
	return sum
}
