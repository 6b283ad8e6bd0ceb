package model

import (
	"slices"
	"strings"

	"ocrfix/candgen"
	"ocrfix/profile"
)

// stoppedTitles are the titles print abbreviates with a full stop or
// without one, by its house style: Mr. or Mr, Dr. or Dr.
var stoppedTitles = []string{"mr", "mrs", "messrs", "dr", "rev", "capt", "col", "gen", "lieut", "hon", "prof"}

// titleStopMin is the fewest times a text must write a title with its
// stop before a name for titleStops to give the title its stop where the
// text writes it without: a fixed prior.
const titleStopMin = 3

// titleStops gives, in out (the decoded output of words, one entry per
// token), the full stop back to a title written without one before a
// word of a capital and small letters (profile.TitleCase, its marks
// aside: `Mr Knightley`), where the text (a window of correctWindow
// tokens at most) writes the same title (stoppedTitles, capitalised, as
// spelt) with its stop before such a word titleStopMin times or more,
// and as often at least as without: an
// engine loses a small stop between two capitals, while print keeps one
// style through a text (Persuasion's chapters in the embedded corpus
// write Mr, Emma's Mr.). Only tokens left as read, with no mark before
// or after them, are given it. With the held-out models (correction
// only, words matched / broken): embedded 151,373 -> 151,401 (Emma's
// chapters, whose engine read 16 of 43 Mr. without the stop in one),
// early +1, periodicals and science-law the same bytes, none broken
// more; ads-fall2018 (built-in model) the same bytes; the 45 Gutenberg
// books read as clean text, 3 changes (`the Rev. Mr Glenie`, `replied Mrs
// Sheppard`, `Dr Hutchison` in books that write the stop everywhere else).
func titleStops(out, words []string) {
	type count struct{ stopped, bare int }
	counts := map[string]count{} // by the title as spelt
	var bare []int
	for i := 0; i+1 < len(words); i++ {
		pre, core, suf := candgen.SplitAffix(words[i])
		if pre != "" || suf != "" && suf != "." || !capitalised(core) || !slices.Contains(stoppedTitles, strings.ToLower(core)) {
			continue
		}
		if _, nc, _ := candgen.SplitAffix(words[i+1]); !profile.TitleCase(nc) {
			continue
		}
		c := counts[core]
		if suf == "." {
			c.stopped++
		} else {
			c.bare++
			if out[i] == words[i] {
				bare = append(bare, i)
			}
		}
		counts[core] = c
	}
	for _, i := range bare {
		if c := counts[words[i]]; c.stopped >= titleStopMin && c.stopped >= c.bare {
			out[i] = words[i] + "."
		}
	}
}
