package model

import "ocrfix/candgen"

// initialH writes, in out (the decoded output of words), the initial H for
// an unchanged token II (with its stop or without) between a title or
// another initial and a capitalised word: `Mrs. II. Wallace`, `Pte. II.
// Houlton`, `C II. Cherrett`, `J II Middleton`, where the engine read the
// capital's two stems as two I's. The Roman numeral II follows a name or a
// word that is no title (`Charles II.`, `Vol. II.`), so it stays. With the
// built-in model, against without, on the HIPE-OCRepair 2026 sets (path
// only): the ICDAR 2017 test chunks +1 word (`W. II. Wilson`), chunks
// 61-120 +2, Trove's development set +1 (`Mr. W. II. Drew`), its training
// records 3 tokens (`Mrs. II. Wallace`); the other sets the same bytes.
func initialH(out, words []string) {
	for i := 1; i+1 < len(words); i++ {
		w := words[i]
		if out[i] != w {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		if pre != "" || core != "II" || suf != "" && suf != "." {
			continue
		}
		prev := words[i-1]
		if !title(prev) && !initial(prev) && !bareInitial(prev) || !capitalised(words[i+1]) {
			continue
		}
		out[i] = "H" + suf
	}
}
