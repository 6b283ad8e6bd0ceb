package model

import (
	"slices"
	"strings"
	"testing"
)

func TestFigureFixes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Per Is 6d lb.", "Per 1s 6d lb."},                   // shillings before pence
		{"Per Is Od lb.", "Per 1s 0d lb."},                   // ... both misread
		{"lowest, Is. lid. stock", "lowest, 1s. 11d. stock"}, // ... marks kept
		{"from £5 Is to", "from £5 1s to"},                   // shillings after pounds
		{"Is it 6d", "Is it 6d"},                             // no sum around it
		{"it is 6d", "it is 6d"},                             // the verb in small letters
		{"Politicians Is not", "Politicians Is not"},
		{"Is 10s", "Is 10s"}, // shillings before shillings: no sum
		{"the lid 2s", "the lid 2s"},
		{"2s lid", "2s 11d"},
		{"£l5 Is", "£15 Is"},             // pounds misread (not counted as pounds for the next)
		{"from £lO 10s", "from £10 10s"}, // ... the small l and the capital O
		{"£3,473,9ol.", "£3,473,901."},   // ... the small o, the marks kept
		{"£ten", "£ten"},
		{"for l8 months", "for 18 months"}, // a number's first figure read as a letter
		{"January I5,", "January 15,"},
		{"Il 2l. lO", "Il 2l. lO"}, // not letters alone, a letter after the figures, nor a zero so read
		{"7s. Gd. to 8s., 3s. 6d. and 4s. 6d.", "7s. 6d. to 8s., 3s. 6d. and 4s. 6d."}, // G and C read for 6, after shillings in a text of sums
		{"only 18s. Cd. Brush, 3s. 6d. and 4s. 6d.", "only 18s. 6d. Brush, 3s. 6d. and 4s. 6d."},
		{"7s. Gd. to 8s.", "7s. 6d. to 8s."},                                                           // ... in a text of one sum too
		{"Is. to Is. Gd. Refined, 3s. 6d. and 4s. 6d.", "1s. to 1s. 6d. Refined, 3s. 6d. and 4s. 6d."}, // ... after shillings corrected
		{"7s. Gd. and 8s. Cd. per lb.", "7s. 6d. and 8s. 6d. per lb."},                                 // ... which make a text of sums                                         // ... not in a text of one sum
		{"What Is Cd used for", "What Is Cd used for"},                                                 // cadmium
		{"Cs and Cd, 3s. 6d. and 4s. 6d. ICs", "Cs and Cd, 3s. 6d. and 4s. 6d. ICs"},                   // ... after no shillings
		{"£G", "£G"},
		{"Gd. to 6d.", "Gd. to 6d."}, // no sum before it, in a text of one sum
		// in a text that writes sums of money (two beside figures): a price
		// per or each, a range's or list's end, what is paid for or at
		{"apples, Is. per pot; 3s. 6d. and 4s. 6d.", "apples, 1s. per pot; 3s. 6d. and 4s. 6d."},
		{"hares, Is. each, 3s. 6d. and 4s. 6d.", "hares, 1s. each, 3s. 6d. and 4s. 6d."},
		{"price Is. Sold 3s. 6d. and 4s. 6d.", "price 1s. Sold 3s. 6d. and 4s. 6d."},
		{"from Is to 2s. 6d. and 4s. 6d.", "from 1s to 2s. 6d. and 4s. 6d."},
		{"3s. 6d. to Is. Coffee", "3s. 6d. to 1s. Coffee"},
		{"eight for Is. butter, 3s. 6d. and 4s. 6d.", "eight for 1s. butter, 3s. 6d. and 4s. 6d."},
		{"fined Is and costs, 3s. 6d. and 4s. 6d.", "fined 1s and costs, 3s. 6d. and 4s. 6d."},
		{"at lid per yard, 3s. 6d. and 4s. 6d.", "at 11d per yard, 3s. 6d. and 4s. 6d."},
		{"3s. 6d. and 4s. 6d. to Is. Coffee", "3s. 6d. and 4s. 6d. to 1s. Coffee"},                 // a range's end
		{"expended for Old Ann, 3s. 6d. and 4s. 6d.", "expended for Old Ann, 3s. 6d. and 4s. 6d."}, // no nought first
		{"it Is to be 3s. 6d. and 4s. 6d.", "it Is to be 3s. 6d. and 4s. 6d."},                     // the verb: no sum after to
		{"there Is a host, 3s. 6d. and 4s. 6d.", "there Is a host, 3s. 6d. and 4s. 6d."},           // ... nor a price's word
		{"cold and Is not, 3s. 6d. and 4s. 6d.", "cold and Is not, 3s. 6d. and 4s. 6d."},           // ... nor a sum before and
		{"What is it for? Is it 3s. 6d. and 4s. 6d.", "What is it for? Is it 3s. 6d. and 4s. 6d."}, // another sentence
		{"Is each man armed? 3s. 6d. and 4s. 6d.", "Is each man armed? 3s. 6d. and 4s. 6d."},       // each without a stop
		{"The Price Is Right, 3s. 6d. and 4s. 6d.", "The Price Is Right, 3s. 6d. and 4s. 6d."},     // a capital
		{"3s. 6d. from Is to 4s. 6d.", "3s. 6d. from 1s to 4s. 6d."},
		{"Is it so, 3s. 6d. and 4s. 6d.", "Is it so, 3s. 6d. and 4s. 6d."}, // the first word                               // a range's start
		{"sold at lid, 3s. 6d. and 4s. 6d.", "sold at 11d, 3s. 6d. and 4s. 6d."},
		{"apples, Is. per pot", "apples, Is. per pot"}, // a text that writes no sums
		{"26s fid, 31s fid. 36s", "26s 6d, 31s 6d. 36s"},
		{"3s lfid 4s xfid 5s confid", "3s 16d 4s xfid 5s confid"}, // fi read for 6
	} {
		checkPass(t, "figureFixes", func(out, words []string) { figureFixes(out, words, moneyDoc(words)) }, c.in, c.want)
	}
	// a token the decoding merged or split stays as decided
	words := strings.Fields("Is 6d")
	out := []string{"I s", "6d"}
	figureFixes(out, words, moneyDoc(words))
	if out[0] != "I s" {
		t.Errorf("split token changed: %q", out[0])
	}
	words = strings.Fields("for l8 months")
	out = []string{"for", "l8months", ""}
	figureFixes(out, words, moneyDoc(words))
	if out[1] != "l8months" || out[2] != "" {
		t.Errorf("merge changed: %q", out)
	}
}

// TestWeightFixes: the pound weight read with I, i or 1 for its l is
// written lb after a price, a number or per, and glued to a number; `Ib.`
// elsewhere (ibidem, after a year and a comma too), a changed token and a
// list's `1b.` stay.
func TestWeightFixes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Per 1s 6d Ib. CEYLINDO", "Per 1s 6d lb. CEYLINDO"},
		{"Pep 2s 0d ib, THE", "Pep 2s 0d lb, THE"},
		{"2 - per Ib.", "2 - per lb."},
		{"weighing 14 Ibs each", "weighing 14 lbs each"},
		{"stock 52,500,000ibs. of tea", "stock 52,500,000lbs. of tea"},
		{"from 25Ibs , road", "from 25lbs , road"},
		{"paid 35,136,2321bs. gross", "paid 35,136,232lbs. gross"},
		{"Smith, Ib. p. 4", "Smith, Ib. p. 4"},
		{"Smith 1865, Ib. p. 4", "Smith 1865, Ib. p. 4"},
		{"Lot 1a. 1b. 7p.", "Lot 1a. 1b. 7p."},
		{"the 21bs of it", "the 21bs of it"},
	} {
		checkPass(t, "weightFixes", weightFixes, c.in, c.want)
	}
	words := []string{"6d", "Ib."}
	out := []string{"6d", "It."}
	if weightFixes(out, words); out[1] != "It." {
		t.Errorf("a changed token: %q, want it as decided", out[1])
	}
}

// TestOrdinalFixes: a day's ordinal whose 1 was read as I or l is written
// with the figure in a date, whatever was decided for it; elsewhere, and
// where the ending is not the number's, it stays.
func TestOrdinalFixes(t *testing.T) {
	for _, c := range []struct{ in, out, want string }{
		{"The Ist of July, the", "The list of July, the", "The 1st of July, the"},
		{"about the Ist day of September,", "", "about the 1st day of September,"},
		{"on the 2Ist inst. at", "", "on the 21st inst. at"},
		{"OCTOBER I2th, 1845", "", "OCTOBER 12th, 1845"},
		{"Dec. 3lst", "", "Dec. 31st"},
		{"add to my Ist 2s the", "add to my list 2s the", "add to my list 2s the"}, // no date
		{"July Ith, 1800", "", "July Ith, 1800"},                                   // 1th: no ordinal
		{"July I4st", "", "July I4st"},                                             // 14st: not its ending
		{"July 4Ist", "", "July 4Ist"},                                             // 41st: no day
		{"may Ist be", "", "may Ist be"},                                           // the verb: no month
	} {
		words := strings.Fields(c.in)
		out := slices.Clone(words)
		if c.out != "" {
			out = strings.Fields(c.out)
		}
		ordinalFixes(out, words)
		if got := strings.Join(out, " "); got != c.want {
			t.Errorf("ordinalFixes(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	words := strings.Fields("the Ist of July")
	out := []string{"the", "I st", "of", "July"}
	ordinalFixes(out, words)
	if out[1] != "I st" {
		t.Errorf("split token changed: %q", out[1])
	}
}

// TestMoneyKept: in a text whose shilling and pence tokens stand beside
// figures, a change that made one of them a word is undone, wherever it
// stands; in a text whose such tokens stand among words, the changes
// stay; a change that kept a sum, a merge and an emptied token stay.
func TestMoneyKept(t *testing.T) {
	for _, c := range []struct{ words, out, want string }{
		// prices: 2s 6d and 4s 3d beside figures, the lone 2s and 14s too
		{"Hong Kong 2s Ofcd, ditto 2s 6d. and 4s 3d, Forteviot. 14s South",
			"Hong Kong as Ofcd, ditto 2s 6d. and 4s 3d, Forteviot. its South",
			"Hong Kong 2s Ofcd, ditto 2s 6d. and 4s 3d, Forteviot. 14s South"},
		// ... a split, a sum kept a sum
		{"at 13s and 2s 6d or 5s 3d", "at 13_a and 2s. 6d or 5s 3d", "at 13s and 2s. 6d or 5s 3d"},
		// ... a merge and an emptied token stay
		{"at 13s and 2s 6d or 5s 3d", "at 13sand  2s 6d or 5s 3d", "at 13sand  2s 6d or 5s 3d"},
		{"at 13s and 2s 6d or 5s 3d", "at 13s and2s  6d or 5s 3d", "at 13s and2s  6d or 5s 3d"},
		// prose: 1s, 2s and 4s among words are is and as, one sum aside
		{"it may be 2s well that 1s a good sum of 5s 6d, and it 4s so", "it may be as well that is a good sum of 5s 6d, and it as so", "it may be as well that is a good sum of 5s 6d, and it as so"},
		// ranges of prices and sums misread stand in sums too
		{"rabbits 4s. to 5s. each, hares 3s to 4s, fined 20s and 4s lOd", "rabbits 4s. to as each, hares 3s to 4s, fined 20s and its lOd", "rabbits 4s. to 5s. each, hares 3s to 4s, fined 20s and 4s lOd"},
		// one sum beside a figure is not enough
		{"it may be 2s 3 times", "it may be as 3 times", "it may be as 3 times"},
		// half of them beside figures is
		{"cost 1s 6d and 2s in all", "cost 1s 6d and as in all", "cost 1s 6d and 2s in all"},
	} {
		words := strings.Split(c.words, " ")
		out := strings.Split(c.out, " ")
		for i := range out {
			out[i] = strings.ReplaceAll(out[i], "_", " ")
		}
		moneyKept(out, words, moneyDoc(words))
		got := strings.Join(out, " ")
		want := strings.ReplaceAll(c.want, "_", " ")
		if got != want {
			t.Errorf("moneyKept(%q, %q) = %q, want %q", c.words, c.out, got, want)
		}
	}
}

// TestMisreadMoney: the sums that tokens read with letters for figures
// stand for, and the tokens that are none.
func TestMisreadMoney(t *testing.T) {
	for core, want := range map[string]string{
		"Is": "1s", "lid": "11d", "Od": "0d", "fid": "6d", "lfid": "16d", "Ifid": "16d",
		"is": "", "Old": "", "Oid": "", "Gd": "", "Cd": "", "2fid": "", "Ofid": "", "ifid": "", "xfid": "", "12fid": "", "confid": "", "6d": "", "Isd": "", "lllls": "",
	} {
		if got := misreadMoney(core); got != want {
			t.Errorf("misreadMoney(%q) = %q, want %q", core, got, want)
		}
	}
}

// TestMoneyDoc: a text writes sums when its shilling and pence tokens
// stand in sums, ranges or lists; decades, days of dates, pence of twelve
// or more and figures among garbled words make no sums.
func TestMoneyDoc(t *testing.T) {
	for text, want := range map[string]bool{
		"2s 6d a pound":                                     true,
		"rabbits 4s. to 5s. each":                           true, // a range
		"fined 20s and 4s lOd costs":                        true, // a misread sum beside
		"4s 3d, 5s 3d, 7s and 1s, 2s, 3s":                   true, // half in sums
		"it is 1s well that 2s a fool and 1s so":            false,
		"th1s 1s n0t 2s g00d 1s":                            false, // ... not a range
		"in the 1980s and 1990s":                            false, // decades
		"the 22d inst. and the 3d inst.":                    false, // days of dates
		"on March 3d and 4d":                                false,
		"13d and 14d":                                       false, // no pence
		"th1s 1s n0t 2s g00d 1s 2s":                         false, // figures in garbled words
		"one 2s 6d":                                         true,
		"house 1st 8 2d 10 3d 9 4th":                        false, // American ordinals by ordinals
		"2s 6d " + strings.Repeat("and so on ", 700):        false, // one sum in a book
		"was fined 6s costs, fined 5s costs":                true,  // what is paid
		"fined 5s 6a costs and 4s 10J. costs":               true,  // a number misread beside
		"and 1s 2s so 3s":                                   false,
		"fined 10s, fined 20s, fined 40s, fined 30s, 2s 6d": true,  // shillings of two figures are money anywhere
		"it 1s so, 2s well, 3s it, 4s ever, 2s 6d":          false, // ... those of one figure words misread
		"one 2s": false,
	} {
		if got := moneyDoc(strings.Fields(text)); got != want {
			t.Errorf("moneyDoc(%q) = %v, want %v", text, got, want)
		}
	}
}

// checkPass checks that the pass named name, run on the words of in as
// decoding left them (unchanged), writes want.
func checkPass(t *testing.T, name string, pass func(out, words []string), in, want string) {
	t.Helper()
	words := strings.Fields(in)
	out := slices.Clone(words)
	pass(out, words)
	if got := strings.Join(out, " "); got != want {
		t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
	}
}
