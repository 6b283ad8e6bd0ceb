package eval

import "ocrfix/align"

// Broken measures over-correction. It aligns the ground truth gt with the
// raw OCR words raw and with the corrected words corrected (the same
// maximum alignments EvaluateDoc uses, under opt) and returns the sizes of
// both alignments and broken: the number of gt words that the raw alignment
// matches and the corrected alignment does not. The broken rate is
// broken / matchedRaw.
//
// Broken depends on the particular alignments chosen, not only on their
// sizes: where a gt word repeats nearby, a correction elsewhere can move the
// match to another occurrence, which counts as one broken word (and one
// newly matched). broken is always >= matchedRaw - matchedCorr.
func Broken(gt, raw, corrected []string, opt Options) (matchedRaw, matchedCorr, broken int) {
	g, _ := opt.normalizeWords(gt)
	r, _ := opt.normalizeWords(raw)
	c, _ := opt.normalizeWords(corrected)
	v := align.NewVocab()
	gi, ri, ci := v.IDs(g), v.IDs(r), v.IDs(c)
	var pr, pc []align.Pair
	if opt.fuzzy() {
		pr, pc = fuzzyAlign(v, gi, ri, opt.Fuzzy), fuzzyAlign(v, gi, ci, opt.Fuzzy)
	} else {
		pr, pc = align.Align(gi, ri), align.Align(gi, ci)
	}
	inCorr := make([]bool, len(g))
	for _, p := range pc {
		inCorr[p.A] = true
	}
	for _, p := range pr {
		if !inCorr[p.A] {
			broken++
		}
	}
	return len(pr), len(pc), broken
}
