package model

// Words broken across lines by a hyphen: corrected as the whole word they
// make, written back in two pieces.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/profile"
)

// breakHyphen reports whether r is a mark that printers and OCR engines
// put at a line end to break a word: the hyphen-minus, the soft hyphen
// (U+00AD), the hyphen (U+2010), the not sign (U+00AC, the line-end
// hyphen of several newspaper digitisations) and the double oblique
// hyphen (U+2E17, blackletter print).
func breakHyphen(r rune) bool { return strings.ContainsRune(breakHyphens, r) }

// breakHyphens are the marks breakHyphen reports.
const breakHyphens = "-\u00ad\u2010\u00ac\u2e17"

// misreadHyphen reports whether r is a mark an OCR engine may have read a
// line-end hyphen as: any punctuation or symbol (cur. rent, pre, cious,
// develop* ment, treat? ment, a dash), a break only where the pieces make
// a known word (see lineBreaks).
func misreadHyphen(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// lineBreaks returns the positions i where token i ends its line with a
// hyphen right after a letter (con-, ques¬; or a mark OCR makes of one,
// misreadHyphen; or a letter, where the engine lost the hyphen) and token
// i+1, the first of the next line, starts with a lower-case letter
// (sideration, tlon) where token i is no word in capitals (acronym: SALE.),
// and the two are the pieces of one word broken at the
// line end rather than a compound whose own hyphen fell there (well-
// known) or two words. known reports a word of the lexicon (a Norm form:
// lower case, no punctuation at its ends). The pieces are taken for a
// broken word when the word they make is known (consideration, railway,
// current from cur. rent; without a mark, only when the two are not both
// known words: shoul ders, not a part; or, with near, when they are near
// a known word and the second is no word: nearBroken) or, after a hyphen,
// when neither the second piece is known nor the first holds another
// hyphen: a broken word leaves a fragment that is no word (sideration,
// ment), often garbled with it (ques- tlon, gov- emment), where a
// compound's second part is a word (well- known, haif- cleaned,
// pepper-and-salt- colored); such pieces
// are left to be decided apart, as any two tokens are. A piece is in one
// pair at most (a word broken over three lines keeps its first break).
// Within a line the same holds of a token ending in a hyphen itself
// (breakHyphen) before a space, where the pieces make a known word: text
// whose lines were joined with the printer's hyphens kept (`ques- tion`,
// `com- mittee`), where the second piece would otherwise be a token to
// correct on its own (`tion` -> `action`). A garbled word is not taken for
// broken there (`preven- contamlnatlon`, `updat- detalled`: ads-fall2018's
// engine reads a word's last letter as a hyphen, and the next word is then
// no piece of it). Nor is a token holding & a piece: a law book's
// `carriers, &c.` at a line end before `had` had been joined into chad,
// then decided child and cut into `c. hild`.
func lineBreaks(toks []data.Token, known, near func(string) bool) []int {
	var at []int
	for i := 0; i+1 < len(toks); i++ {
		a, b := toks[i].Text, toks[i+1].Text
		head, mark := cutMark(a)
		r, _ := utf8.DecodeRuneInString(mark)
		within := toks[i+1].Line == toks[i].Line
		if within && !breakHyphen(r) {
			continue // within a line, only a hyphen itself breaks a word
		}
		if p, _ := utf8.DecodeLastRuneInString(head); !unicode.IsLetter(p) || strings.ContainsRune(head, '&') {
			continue // no piece of a word: `&c.` before `had` is no chad
		}
		if f, _ := utf8.DecodeRuneInString(b); !unicode.IsLower(f) || acronym(head) {
			// A word in capitals (a heading's, an abbreviation) goes on in
			// capitals: BL snippets (HIPE-OCRepair 2026) wrote `FOR SALE.`
			// over a line read `m 0 be SOLD` as `FOR SALE¬`, salem being a
			// known word (words matched 4,388 -> 4,389; its cMER reduction
			// 18.0% -> 17.9%, the stray m now a word of its own); the other
			// seven sets of the harness the same.
			continue
		}
		whole := known(profile.Norm(head + b))
		if within && !whole {
			continue // within a line, the word must be known
		}
		switch {
		case mark == "": // no mark: the engine lost the hyphen (shoul ders)
			if !whole && !nearBroken(profile.Norm(head+b), profile.Norm(b), profile.TitleCase(head), near) || known(profile.Norm(head)) && known(profile.Norm(b)) {
				continue
			}
		case whole:
		case !breakHyphen(r) || known(profile.Norm(b)) || strings.IndexFunc(head, breakHyphen) >= 0:
			continue
		}
		at = append(at, i)
		i++
	}
	return at
}

// nearBroken reports whether the pieces of a word the engine broke at a
// line end, losing the hyphen, joined (w, six letters or more) are near a
// known word (near: one skeleton edit, look-alikes free) while the second
// piece alone (b) is near none or the first is in title case (title): a
// misread piece (`Prof cedure`, `Coni sequently`, an i made of the hyphen)
// rather than a misread word after another (`a dlscusslon`, `the tbe`).
// Decided as the one word it is, the second piece is no longer a token to
// make another word of (`cedure` -> endure, `sequently` -> frequently).
// The built-in model on ads-fall2018,
// against without (words matched / broken by a greedy alignment; its
// truth writes the pieces with a soft hyphen, so most such words count in
// neither): 251,333 / 1,374 -> 251,362 / 1,368, cMER 4.396% -> 4.391%;
// Trove dev 8,472 -> 8,473; the held-out models and the other HIPE sets
// unchanged. Without the condition on b, ads-fall2018 lost 113 words
// (`a dlscusslon` kept whole). A first piece in title case (title) needs
// no such condition: a name broken at a line end in a list of names
// (`Lind sav`, `An thonv`, whose second pieces are near say and thong)
// rather than a word read after another; Trove dev (HIPE-OCRepair 2026,
// JSONL, marked) 8,677 -> 8,691 words matched, cMER reduction 22.4% ->
// 22.8% (11 more names joined and marked as its truth marks them, none
// wrongly), BL snippets one wrongly (`Gazett de`, cMER unchanged),
// ads-fall2018 251,363 / 1,365 broken -> 251,361 / 1,361, the other
// sets unchanged.
func nearBroken(w, b string, title bool, near func(string) bool) bool {
	return near != nil && utf8.RuneCountInString(w) >= 6 && near(w) && (title || !near(b))
}

// cutMark returns token a without the hyphen at its end (or a mark OCR
// makes of one, misreadHyphen), and that mark ("" when a ends otherwise).
func cutMark(a string) (head, mark string) {
	r, n := utf8.DecodeLastRuneInString(a)
	if breakHyphen(r) || misreadHyphen(r) {
		return a[:len(a)-n], a[len(a)-n:]
	}
	return a, ""
}

// joinBreaks returns words with the first piece of each broken word (the
// positions at) replaced by the whole word: the piece without its hyphen
// followed by the next token (con- sideration -> consideration at the
// first position; the second keeps sideration). words is not modified.
func joinBreaks(words []string, at []int) []string {
	out := append([]string(nil), words...)
	for _, i := range at {
		head, _ := cutMark(words[i])
		out[i] = head + words[i+1]
	}
	return out
}

// keepBreaks restricts the candidates of a lattice built on joined words
// (joinBreaks) so that each broken word is decided once, as a whole: its
// first position keeps the one-word candidates that span it alone, its
// second only the OCR piece itself (orig, the OCR words), and no candidate
// of an earlier position may merge into either. cands is modified in
// place.
func keepBreaks(cands [][]candgen.Candidate, orig []string, at []int) {
	for _, i := range at {
		cands[i] = deleteCands(cands[i], func(c candgen.Candidate) bool {
			return c.Span > 1 || strings.IndexFunc(c.Text, unicode.IsSpace) >= 0
		})
		cands[i+1] = []candgen.Candidate{{Text: orig[i+1], Span: 1, Source: candgen.SrcOriginal}}
		// a merge joins at most 3 tokens (candgen.Options.MaxMerge), so
		// the positions 8 back hold every candidate that can reach i
		for p := i - 1; p >= 0 && p >= i-8; p-- {
			cands[p] = deleteCands(cands[p], func(c candgen.Candidate) bool { return p+c.Span-1 >= i })
		}
	}
}

// deleteCands returns cs without the candidates del reports, leaving cs
// itself as it is (the generator's caches may share its array).
func deleteCands(cs []candgen.Candidate, del func(candgen.Candidate) bool) []candgen.Candidate {
	if !slices.ContainsFunc(cs, del) {
		return cs
	}
	return slices.DeleteFunc(slices.Clone(cs), del)
}

// splitBreaks writes the decisions on joined words back into the pieces
// of the OCR tokens orig (see pieces). out is modified in place.
func splitBreaks(out, orig []string, at []int) {
	for _, i := range at {
		out[i], out[i+1] = pieces(orig[i], orig[i+1], out[i])
	}
}

// pieces returns the text of a word broken at a line end, whose OCR pieces
// are a and b, decided as c: the pieces themselves where c is the joined
// word; where it was changed, c cut where the OCR's pieces met (by a
// character alignment of the joined word with it), the first piece keeping
// its mark (ques- tlon -> question -> ques- tion). A change that cannot be
// cut into two pieces that each hold a letter, or that holds a space, is
// not made.
func pieces(a, b, c string) (string, string) {
	head, mark := cutMark(a)
	joined := head + b
	if c == joined || strings.IndexFunc(c, unicode.IsSpace) >= 0 {
		return a, b
	}
	k := cutAt(joined, utf8.RuneCountInString(head), c)
	if !hasLetter(c[:k]) || !hasLetter(c[k:]) {
		return a, b
	}
	return c[:k] + mark, c[k:]
}

// brokenCands returns the candidates of a word broken at a line end (cands,
// the candidates of the joined word; a and b its OCR pieces) as the pieces
// each one would write (pieces), two words spanning the two positions:
// ques- tion for question. The order and sources stay.
func brokenCands(cands []candgen.Candidate, a, b string) []candgen.Candidate {
	out := make([]candgen.Candidate, len(cands))
	for k, c := range cands {
		p, q := pieces(a, b, c.Text)
		c.Text, c.Span = p+" "+q, 2
		out[k] = c
	}
	return out
}

// cutAt returns the byte offset in c of the place that the rune offset m
// of joined aligns with (unit-cost edit alignment; runes inserted at the
// cut go to the second piece).
func cutAt(joined string, m int, c string) int {
	_, ops := align.EditOps([]rune(joined), []rune(c), nil)
	consumed, made := 0, 0 // runes of joined consumed, of c produced
	for _, op := range ops {
		if consumed == m {
			break
		}
		if op.Kind != align.Ins {
			consumed++
		}
		if op.Kind != align.Del {
			made++
		}
	}
	// the byte offset of rune made of c (ranging over c, so that invalid
	// UTF-8, one byte read as U+FFFD, keeps its one byte)
	k := 0
	for off := range c {
		if k == made {
			return off
		}
		k++
	}
	return len(c)
}

// knownWord reports whether the model's lexicon holds the Norm form w in
// any case (false without a lexicon).
func (m *Model) knownWord(w string) bool { return w != "" && m.Lex != nil && m.Lex.HasFold(w) }

// lineBreaks returns lineBreaks of toks with the model's lexicon, and, for
// a model for unseen collections, words near a known one (a misread piece:
// Prof cedure) taken for known where the engine lost the hyphen.
func (m *Model) lineBreaks(toks []data.Token) []int {
	var near func(string) bool
	if m.forUnseen() && m.gens != nil {
		near = func(w string) bool {
			g := m.gens.get()
			defer m.gens.put(g)
			return g.NearWord(w)
		}
	}
	return lineBreaks(toks, m.knownWord, near)
}

// LineBreakMark is the mark MarkLineBreaks writes for the hyphen of a word
// broken at a line end: the not sign, as the transcriptions of OCR-D and
// the HIPE-OCRepair 2026 sets write it, and as their scorer removes it
// with the line break.
const LineBreakMark = "¬"

// MarkLineBreaks writes the mark that ends a line where a word is broken
// across it as LineBreakMark in out, the corrected words of t (Collect's,
// one per token of t): where the word's first piece ends in a hyphen
// (`re-` before `solved`), in a mark an engine makes of one where the
// pieces make a known word (`sup.` before `posed`), or in a letter where
// the engine lost the hyphen and the pieces make a known word that they
// are not both themselves (`bicy` before `cle`), or, for a model for
// unseen collections, one near a known word where the second piece is no
// word (`Prof` before `cedure`: nearBroken): the words lineBreaks takes
// for a word broken at a line end, not those broken within a line (text
// whose lines were joined); and wherever else a hyphen after a letter
// ends a line (not before a number), a compound's (`Holloway-` before
// `road`) or a word's whose next piece has a capital (`CON-` before
// `SUMPTIVES`): the transcriptions that mark write the hyphen that ends
// a line so whatever it joins (the English sets of HIPE-OCRepair 2026:
// all 177 lines that end in a hyphen after a letter in the OCR of the BL
// snippets and Trove development sets end in the mark in their truth,
// compounds such as three¬ quarter and names such as Red¬ fern among
// them). Where Collect merged the last
// token of a line with the first of the next into one word (`morn` before
// `ing`, the hyphen lost, written `morning` on the first line), the word
// is written back in its pieces with the mark (`morn¬` before `ing`), as
// the OCR's layout has it and a marking truth writes it, when the merged
// word still starts with the first piece or ends with the second
// (splitMerged); a merge of more than the two tokens is left alone. The
// text is otherwise as Collect wrote it: a transcription convention, for
// the collections whose truth follows it, that `ocrfix correct
// -line-breaks mark` asks for. It returns how many more of t's tokens
// differ from the OCR than before (the marks on tokens Collect had kept,
// less the second pieces a merge had emptied that are written back as
// read). A text long enough to be scored in windows (correctWindows) may
// have decided the pieces of a break at a window's edge apart; the mark is
// written all the same.
func (m *Model) MarkLineBreaks(t *data.Text, out []string) int {
	n := 0
	toks := t.Tokens
	for i := 0; i+1 < len(toks); i++ {
		if toks[i+1].Line == toks[i].Line || out[i] == "" || out[i+1] != "" || i+2 < len(out) && out[i+2] == "" {
			continue
		}
		if first, second, ok := splitMerged(out[i], toks[i].Text, toks[i+1].Text); ok {
			out[i], out[i+1] = first+LineBreakMark, second
			if second == toks[i+1].Text {
				n--
			}
		}
	}
	breaks := m.lineBreaks(toks) // ascending
	for i, k := 0, 0; i+1 < len(toks); i++ {
		broken := k < len(breaks) && breaks[k] == i
		if broken {
			k++
		}
		if toks[i+1].Line == toks[i].Line || out[i] == "" || out[i+1] == "" {
			continue
		}
		head, mark := cutMark(out[i])
		if p, _ := utf8.DecodeLastRuneInString(head); !unicode.IsLetter(p) || mark == LineBreakMark {
			continue
		}
		if !broken {
			// any other hyphen that ends a line after a letter, not before
			// a number: a compound's (Holloway- road) or a word's whose
			// second piece starts with a capital (CON- SUMPTIVES)
			r, _ := utf8.DecodeRuneInString(mark)
			f, _ := utf8.DecodeRuneInString(out[i+1])
			if !breakHyphen(r) || unicode.IsDigit(f) {
				continue
			}
		}
		if out[i] == toks[i].Text {
			n++
		}
		out[i] = head + LineBreakMark
	}
	return n
}

// MarkCorrection writes the marks of MarkLineBreaks into c, the correction
// of t, but for its passages of another language, which stay as read
// (Correction.OtherLanguage), and counts them in c.Changed.
func (m *Model) MarkCorrection(t *data.Text, c *Correction) {
	if len(c.OtherLanguage) == 0 {
		c.Changed += m.MarkLineBreaks(t, c.Out)
		return
	}
	m.MarkLineBreaks(t, c.Out)
	for _, r := range c.OtherLanguage {
		for i := r[0]; i < r[1]; i++ {
			c.Out[i] = t.Tokens[i].Text
		}
	}
	c.recount(t)
}

// splitMerged cuts w, the word a merge made of the OCR pieces a (ending a
// line, with or without its hyphen) and b (starting the next), back into
// the pieces it writes at their places: after a's letters where w starts
// with them, else before b where w ends with it. Each piece must hold a
// letter at the cut, and w must be one word (no space: not a split).
func splitMerged(w, a, b string) (first, second string, ok bool) {
	if strings.ContainsRune(w, ' ') {
		return "", "", false
	}
	head, _ := cutMark(a)
	switch {
	case head != "" && strings.HasPrefix(w, head) && len(w) > len(head):
		first, second = head, w[len(head):]
	case b != "" && strings.HasSuffix(w, b) && len(w) > len(b):
		first, second = w[:len(w)-len(b)], b
	default:
		return "", "", false
	}
	p, _ := utf8.DecodeLastRuneInString(first)
	f, _ := utf8.DecodeRuneInString(second)
	return first, second, unicode.IsLetter(p) && unicode.IsLetter(f)
}

// LineBreakCounts is how the truth of a model's training documents writes
// a word broken at a line end: the lines that end with a piece of a word
// and LineBreakMark (`re¬` before `solved`), and those that end with a
// piece and a hyphen before a line starting in lower case (`re-` before
// `solved`; a compound's own hyphen, `well-` before `known`, counts here
// too, whatever the convention).
type LineBreakCounts struct {
	Marked int `json:"marked"`
	Hyphen int `json:"hyphen"`
}

// countLineBreaks returns the LineBreakCounts of the truth of docs (the
// documents without a truth are skipped).
func countLineBreaks(docs []*data.Doc) LineBreakCounts {
	var c LineBreakCounts
	for _, d := range docs {
		if d.GT == nil {
			continue
		}
		toks := d.GT.Tokens
		for i := 0; i+1 < len(toks); i++ {
			if toks[i+1].Line == toks[i].Line {
				continue
			}
			head, ok := strings.CutSuffix(toks[i].Text, LineBreakMark)
			if !ok {
				if head, ok = strings.CutSuffix(toks[i].Text, "-"); !ok {
					continue
				}
				if f, _ := utf8.DecodeRuneInString(toks[i+1].Text); !unicode.IsLower(f) {
					continue
				}
			}
			if p, _ := utf8.DecodeLastRuneInString(head); !unicode.IsLetter(p) {
				continue
			}
			if strings.HasSuffix(toks[i].Text, LineBreakMark) {
				c.Marked++
			} else {
				c.Hyphen++
			}
		}
	}
	return c
}

// MarksLineBreaks reports whether the truth the model was trained on
// writes most words broken at a line end with LineBreakMark
// (TrainStats.LineBreaks): the transcription convention of OCR-D and of
// the HIPE-OCRepair 2026 sets, which `ocrfix correct` then follows
// (MarkLineBreaks) unless told otherwise. A truth with no broken words (a
// book's text, or a model made before the counts were kept) does not.
func (m *Model) MarksLineBreaks() bool {
	c := m.Stats.LineBreaks
	return c.Marked > c.Hyphen
}
