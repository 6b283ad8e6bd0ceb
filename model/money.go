package model

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"ocrfix/candgen"
)

// Sums of money in pounds, shillings and pence, as British and colonial
// print wrote them until 1971 (`£5 10s 6d`, `1s. 11d.`, `Per 1s 6d lb.`):
// the figure 1 of a shilling or a penny is the glyph OCR engines most
// often read as a letter, I or l (`Is 6d`, `Is. lid.`), and 0 as O (`1s
// Od`). Such a token is a word (is, lid) or no word at all to the lexicon
// and the English model, and the ranker, which sees one token, keeps it
// or makes it a word; the sum it stands in says what it is. A number whose
// first figure, a 1, was read as l or I (`l8`) is read as the number too.

// moneyLookAlikes maps the letters an engine reads for the figures of a
// sum of money to those figures.
var moneyLookAlikes = map[rune]rune{'I': '1', 'l': '1', '|': '1', 'i': '1', 'O': '0'}

// moneyUnit returns the unit of a sum-of-money token's core: 's' or 'd'
// for shillings or pence (`10s`, `6d`, `1½d`; misread when the figures are
// letters, see misreadMoney), '£' for pounds (`£5`, `£1,200`), 0 for
// anything else.
func moneyUnit(core string) rune {
	if rest, ok := strings.CutPrefix(core, "£"); ok {
		if rest != "" && strings.Trim(rest, "0123456789,") == "" && rest[0] != ',' {
			return '£'
		}
		return 0
	}
	u, n := utf8.DecodeLastRuneInString(core)
	if u != 's' && u != 'd' || n == len(core) {
		return 0
	}
	fig := strings.TrimRight(core[:len(core)-n], "½¼¾")
	if fig == "" || strings.Trim(fig, "0123456789") != "" {
		return 0
	}
	return u
}

// misreadMoney returns the sum of money core stands for when its figures
// were read as letters (moneyLookAlikes): one to three of them, then s or
// d (`Is` -> 1s, `lid` -> 11d, `Od` -> 0d), at least one a letter and the
// first no small i (the verb is, not a sum), or pence whose 6 was read as
// fi (`fid` -> 6d, `lfid` -> 16d); "" when core is no such token.
func misreadMoney(core string) string {
	if rest, ok := strings.CutSuffix(core, "fid"); ok {
		switch rest { // fi read for the 6 of pence (`26s fid`)
		case "":
			return "6d"
		case "1", "I", "l":
			return "16d"
		}
		return ""
	}
	rs := []rune(core)
	if len(rs) < 2 || len(rs) > 4 || rs[len(rs)-1] != 's' && rs[len(rs)-1] != 'd' || rs[0] == 'i' {
		return ""
	}
	if !readFigures(rs[:len(rs)-1], false) || len(rs) > 2 && rs[0] == '0' {
		return "" // no sum starts with a nought (`Old`, not 01d)
	}
	return string(rs)
}

// misreadPounds returns the figures of a sum of pounds (the core after
// the sign £) that the engine read in part as letters (`£lO` -> £10,
// `£l5` -> £15): figures and look-alikes (moneyLookAlikes, and the small
// o), commas between, at least one look-alike; "" for any other core.
func misreadPounds(core string) string {
	rs := []rune(core)
	if !readFigures(rs, true) {
		return ""
	}
	return string(rs)
}

// readFigures writes in rs the figure each look-alike stands for
// (moneyLookAlikes; with pounds, the small o too, and commas between
// figures are kept) and reports whether rs held figures and look-alikes
// only, at least one look-alike. rs is left part-written when not.
func readFigures(rs []rune, pounds bool) bool {
	letters := 0
	for k, r := range rs {
		d, ok := moneyLookAlikes[r]
		if !ok && pounds && r == 'o' {
			d, ok = '0', true
		}
		switch {
		case ok:
			rs[k] = d
			letters++
		case pounds && r == ',' && k > 0 && k+1 < len(rs):
		case r < '0' || r > '9':
			return false
		}
	}
	return letters > 0
}

// misreadNumber returns the number core stands for when its first figure,
// a 1, was read as the letter l or I and the rest are figures (`l8` ->
// 18, `I5` -> 15; Trove's OCR reads `gaol for l8 months`, `January
// l8,`), "" for any other core. The letters alone (`Il`) and a letter
// after the figures (`2l.`, two pounds) are no such token.
func misreadNumber(core string) string {
	if len(core) < 2 || len(core) > 5 || core[0] != 'l' && core[0] != 'I' || strings.Trim(core[1:], "0123456789") != "" {
		return ""
	}
	return "1" + core[1:]
}

// figureFixes writes, in out (the decoded output of words, one entry per
// token), the sum of money each token of words stands for whose figures
// the engine read as letters (misreadMoney) where the sum around it says
// so: shillings before pence (`Is 6d`, `Is Od`, `Is. lid.`) or after
// pounds (`£5 Is`), pence after shillings (`1s Od`), the pence whose 6
// was read as G or C after shillings, in figures or as corrected
// (sixPence: `7s. Gd.`, `Is. Cd.`; in a text of one sum too, `valued 2s.
// Gd.`: on the ICDAR 2017 test chunks 61-120 of HIPE-OCRepair, path only,
// +2 words, Trove's training records +1, the other sets the same bytes),
// and, in a text that writes sums of money (sums: moneyDoc), a price by
// the words around it (priceContext: `Is. per pot`, `Is. to 2s.`, `for
// Is.`); the pounds after the sign £
// (misreadPounds: `£lO`); and a number whose first figure was read as a
// letter (misreadNumber: `l8`). The token's marks stay (`Is.` -> `1s.`).
// A token the decoding merged or split is left alone.
func figureFixes(out, words []string, sums bool) {
	unit := func(j int) rune { return moneyUnitAt(words, j, true) }
	for i, w := range words {
		if !singleWord(out, words, i) {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		if strings.HasSuffix(pre, "£") {
			if m := misreadPounds(core); m != "" {
				out[i] = pre + m + suf
			}
			continue
		}
		if m := misreadNumber(core); m != "" {
			out[i] = pre + m + suf
			continue
		}
		if sixPence(core) && moneyUnitAt(out, i-1, false) == 's' {
			out[i] = pre + "6d" + suf
			continue
		}
		m := misreadMoney(core)
		if m == "" {
			continue
		}
		if sumOrder(moneyUnit(m), unit(i-1), unit(i+1)) || sums && priceContext(words, i) {
			out[i] = pre + m + suf
		}
	}
}

// sumOrder reports whether a token of money unit u (moneyUnit) between
// tokens of units prev and next stands in a sum as print orders it:
// shillings before pence or after pounds, pence after shillings.
func sumOrder(u, prev, next rune) bool {
	return u == 's' && (next == 'd' || prev == '£') || u == 'd' && prev == 's'
}

// priceContext reports whether the words around position i of words, in
// a text that writes sums of money (moneyDoc), make the token there a
// price: a price per piece (`Is. per pot`; each after a stop only, `Is.
// each`: `Is each man armed?` asks), either end of a range or list of
// prices (`Is. to Is. 6d.`, `3s. to Is.`, `Is and 2s`), or what is paid
// for, at or fined, in small letters and in the same sentence (`eight
// for Is.`, `fined Is`), where no verb stands after (`What is it for? Is
// it`, `The Price Is Right` are no prices).
func priceContext(words []string, i int) bool {
	_, _, suf := affixAt(words, i)
	switch _, next, _ := affixAt(words, i+1); next {
	case "per":
		return true
	case "each":
		return strings.HasPrefix(suf, ".")
	default:
		if rangeWord(next) && moneyUnitAt(words, i+2, true) != 0 {
			return true
		}
	}
	if _, prev, _ := affixAt(words, i-1); rangeWord(prev) {
		return moneyUnitAt(words, i-2, true) != 0
	}
	return i > 0 && payWord(words[i-1])
}

// payWord reports whether the token w, in small letters and with no mark
// after it, says that a price follows (`for`, `at`, `fined`, `price`):
// after it no verb stands.
func payWord(w string) bool {
	switch w {
	case "for", "at", "fined", "price":
		return true
	}
	return false
}

// affixAt returns candgen.SplitAffix of word j of words, and empty
// strings for j outside words: the money rules look at the tokens around
// a position without asking where the text ends.
func affixAt(words []string, j int) (pre, core, suf string) {
	if j < 0 || j >= len(words) {
		return "", "", ""
	}
	return candgen.SplitAffix(words[j])
}

// moneyUnitAt returns the money unit (moneyUnit) of word j of words, the
// sign £ before its core counted, or, with misread, of the sum its
// figures read as letters stand for (misreadMoney); 0 for none, and for j
// outside words.
func moneyUnitAt(words []string, j int, misread bool) rune {
	pre, core, _ := affixAt(words, j)
	if strings.HasSuffix(pre, "£") {
		core = "£" + core // the sign is a mark to SplitAffix
	}
	if u := moneyUnit(core); u != 0 || !misread {
		return u
	}
	if m := misreadMoney(core); m != "" {
		return moneyUnit(m)
	}
	return 0
}

// weightFixes writes, in out, the pound weight `lb` (`lbs`) where the
// engine read its l as I, i or 1: a token `Ib`, `ib`, `Ibs` or `ibs` after a
// sum of money (`Per 1s 6d Ib.`, its price; as out reads it, figureFixes
// done), a number or `per` (`2 - per Ib.`); a number glued to it
// (`52,500,000ibs.`, `25Ibs`), and one whose l was read as the figure 1
// (`35,136,2321bs.` -> `35,136,232lbs.`). Elsewhere `Ib.` stays (ibidem).
// With the built-in model, against without: ICDAR 2017 (HIPE-OCRepair
// 2026) 17,102 -> 17,110 words matched, cMER 30.4% -> 30.8% lower (the
// tea prices and trade figures of three documents, ten tokens, none
// wrong); BL snippets cMER 21.1% -> 21.3% lower (`25Ibs` -> 25lbs, as its
// truth writes it); the other six sets the same bytes.
func weightFixes(out, words []string) {
	for i, w := range words {
		if out[i] != w || strings.ContainsRune(w, ' ') {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		switch {
		case core == "Ib" || core == "ib" || core == "Ibs" || core == "ibs":
			if i > 0 && weightBefore(out[i-1]) {
				out[i] = pre + "l" + core[1:] + suf
			}
		case strings.HasSuffix(core, "Ibs") || strings.HasSuffix(core, "ibs"):
			if n := core[:len(core)-3]; figures(n) {
				out[i] = pre + n + "lbs" + suf
			}
		case strings.HasSuffix(core, "1bs"):
			if n := core[:len(core)-3]; figures(n) && strings.ContainsRune(n, ',') {
				out[i] = pre + n + "lbs" + suf
			}
		}
	}
}

// weightBefore reports whether the word o (as corrected) before a token
// read `Ib` makes it the pound weight: a sum of money, a number, `per`,
// with no mark after it (`1865, Ib.` is a citation's ibidem).
func weightBefore(o string) bool {
	_, core, suf := candgen.SplitAffix(o)
	return suf == "" && (moneyUnit(core) != 0 || figures(core) || strings.EqualFold(core, "per"))
}

// figures reports whether s is a number: figures, with commas and full
// stops between them (`52,500,000`, `2.5`), a figure first and last.
func figures(s string) bool {
	if s == "" || strings.Trim(s, "0123456789,.") != "" {
		return false
	}
	return s[0] >= '0' && s[0] <= '9' && s[len(s)-1] >= '0' && s[len(s)-1] <= '9'
}

// moneyKept undoes, in out (the decoded output of words, one entry per
// token), every change that made a word of a sum of shillings or pence
// (sumAt: `2s`, `14s`, `6d`, `4½d`) in a text that writes such sums (sums:
// moneyDoc). There the ranker's and the English model's reading of the
// token as a word (`2s` -> as, `14s` -> its: the confusion model learns 2
// and 4 for a, 1 for i, from print that writes no money) is wrong
// wherever its neighbours are garbled or words (`Hong Kong 2s 0¼d`,
// `Forteviot. 14s South Australia`, the rates of a freight list). In a
// text whose such tokens stand among words, they are the misread words
// they look like (`it may be 2s well`, `that 1s a`) and the change
// stays. A change that kept the token a sum (`2s` -> 2s.), merged it
// with its neighbour or emptied it stays too. The text is one document:
// a page of prices is one, a page of prose quoting one price another.
func moneyKept(out, words []string, sums bool) {
	if !sums {
		return
	}
	for i, w := range words {
		if out[i] == w || out[i] == "" || startsMerge(out, words, i) || !sumAt(words, i) {
			continue
		}
		if o := strings.Fields(out[i]); len(o) == 1 && moneyUnitAt(o, 0, false) != 0 {
			continue
		}
		out[i] = w
	}
}

// moneyDoc reports whether the text words writes sums of money: at least
// moneyDocMin of its shilling and pence tokens, and at least as many as
// those of one figure that stand in none (`it 1s so`, `2s well`: the is
// and as an engine misread; `fined 10s and` is money wherever it
// stands), stand in sums (`2s 6d`, `4s 3d, 5s 3d`, `£3 2s`, `2s lOd`) or
// ranges and lists of them (`4s. to 5s.`, `20s and 4s`): beside a number
// (misread too: `5s 6a`), shillings before pence or after pounds, pence
// after shillings (misread too: misreadMoney, sixPence), a range's or
// list's word (rangeWord) from another shilling or pence token, or after
// a word that says a price follows (payWord: `fined 6s`).
func moneyDoc(words []string) bool {
	in, out := 0, 0              // tokens in sums; tokens of one figure in none
	number := func(j int) bool { // a number, misread or not (`5s 6a`, `4s 10J.`), but shillings
		_, core, _ := affixAt(words, j)
		return core != "" && core[0] >= '0' && core[0] <= '9' && moneyUnit(core) != 's'
	}
	for i := range words {
		if !sumAt(words, i) {
			continue
		}
		_, core, _ := candgen.SplitAffix(words[i])
		u, prev, next := moneyUnit(core), moneyUnitAt(words, i-1, true), moneyUnitAt(words, i+1, true)
		if i+1 < len(words) {
			if _, nc, _ := candgen.SplitAffix(words[i+1]); sixPence(nc) {
				next = 'd'
			}
		}
		switch {
		case number(i-1) || number(i+1) || sumOrder(u, prev, next) ||
			sumAt(words, i-2) && rangeWord(words[i-1]) || sumAt(words, i+2) && rangeWord(words[i+1]) ||
			i > 0 && payWord(words[i-1]):
			in++
		case len(core) == 2:
			out++ // 1s, 2s: is, as misread, where no sum is near
		}
	}
	return in >= moneyDocMin && in >= out && in*moneyDocWords >= len(words)
}

// ordinalNear reports whether an ordinal in figures (`1st`, `4th`, `22nd`)
// stands within three tokens of position i of words: then 2d and 3d are
// ordinals as American print wrote them (`1st " 8 2d " 10 3d`, the floors
// of a house).
func ordinalNear(words []string, i int) bool {
	for j := max(0, i-3); j <= min(len(words)-1, i+3); j++ {
		if rest, _, ok := afterDigits(words[j]); ok && j != i && (rest == "st" || rest == "nd" || rest == "rd" || rest == "th") {
			return true
		}
	}
	return false
}

// sixPence reports whether core is pence whose 6 an engine read as G or C
// (`7s. Gd.`, `18s. Cd.`), taken so after shillings only: elsewhere Cd is
// cadmium and Gd gadolinium.
func sixPence(core string) bool { return core == "Gd" || core == "Cd" }

// rangeWord reports whether the token w joins two prices in a range or a
// list: to, and, or, &.
func rangeWord(w string) bool {
	switch w {
	case "to", "and", "or", "&":
		return true
	}
	return false
}

// moneyDocMin is the fewest shilling and pence tokens in sums that make a
// text one that writes sums of money (moneyDoc): two, as in one sum `1s
// 6d`; and it must have one in moneyDocWords tokens or more: a book with a
// table of prices somewhere is no text of sums all through (the 45
// Gutenberg books of ../shared/texts each corrected as one document:
// `for Old Ann's` read as pence, 01d, in a book of one rent table).
const (
	moneyDocMin   = 2
	moneyDocWords = 1000
)

// sumAt reports whether word i of words (false outside them) is
// shillings or pence in figures, a sum a price could be: moneyUnit 's' or
// 'd' of its core, one or two figures before the unit (`2s`, `10s.`,
// `56s.`; not a decade, `1890s`), and pence below twelve (`6d`, `4½d`,
// `11d.`) and no day of a date (dateNear: `the 22d inst.`, `March 3d`).
func sumAt(words []string, i int) bool {
	_, core, _ := affixAt(words, i)
	u := moneyUnit(core)
	if u != 's' && u != 'd' {
		return false
	}
	fig := strings.TrimRight(core[:len(core)-1], "½¼¾")
	if len(fig) > 2 {
		return false
	}
	if u == 'd' {
		pence, _ := strconv.Atoi(fig) // "" for ½d
		return pence < 12 && !dateNear(words, i) && !ordinalNear(words, i)
	}
	return true
}
