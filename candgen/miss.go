package candgen

// Miss is why the right word of an OCR token is not among the candidates
// Generate kept for it: the failure classes of the oracle study (package
// experiment), in the order its reports list them.
type Miss int

// The failure classes. WhyMissing tells the classes of a one-to-one gap
// apart; a study assigns MissSegment and MissOther from the alignment.
const (
	MissPunct   Miss = iota // the core is right, leading/trailing punctuation differs
	MissCase                // right up to case or look-alikes (same skeleton), yet not proposed
	MissSegment             // the OCR split or merged words here, and with character errors
	MissCut                 // the right word was generated, then cut by the pruning (top K / mass)
	MissLexicon             // the right word's core is not in the lexicon
	MissBound               // more edits away than the edit bound
	MissOther               // anything else (a word the OCR lost entirely, ...)
	NumMiss                 // the number of classes
)

// MissNames names the failure classes.
var MissNames = [NumMiss]string{"punctuation differs", "case or look-alike", "split-merge with errors",
	"cut by top-K", "not in lexicon", "more edits than the bound", "other"}

// String returns the class's name (MissNames).
func (m Miss) String() string {
	if m < 0 || m >= NumMiss {
		return "unknown"
	}
	return MissNames[m]
}

// WhyMissing names why the right word want of OCR token tok is not among
// kept, the candidates Generate kept for tok (one-token candidates,
// Span 1). The classes are tested in this order: generated but cut by the
// pruning, not in the lexicon, punctuation differs, case or look-alike
// (same skeleton), more edits than the bound, other.
func (g *Generator) WhyMissing(want, tok string, kept []Candidate) Miss {
	wp, wc, ws := SplitAffix(want)
	tp, tc, ts := SplitAffix(tok)
	// generated but cut?
	for _, c := range g.tokenCands(tok) {
		if c.Text == want {
			inKept := false
			for _, k := range kept {
				if k.Text == want && k.Span == 1 {
					inKept = true
				}
			}
			if !inKept {
				return MissCut
			}
		}
	}
	if wc != "" && !g.lex.HasFold(wc) {
		return MissLexicon
	}
	if wc == tc && (wp != tp || ws != ts) {
		return MissPunct
	}
	if wc != "" && tc != "" {
		a := g.sk.key(nil, wc)
		b := g.sk.key(nil, tc)
		if string(a) == string(b) {
			if wp != tp || ws != ts {
				return MissPunct
			}
			return MissCase
		}
		if bound := g.bound(len(b)); boundedLev(a, b, bound, nil) > bound {
			return MissBound
		}
	}
	if wc == "" || tc == "" {
		if wp+ws != tp+ts {
			return MissPunct
		}
	}
	return MissOther
}
