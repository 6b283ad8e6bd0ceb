package builtin

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"ocrfix/data"
	"ocrfix/profile"
)

// FuzzCorrect runs the whole correction of `ocrfix correct` on one page of
// arbitrary text with the built-in model: the collection's profile of the
// page, the model adapted to the habits it shows, the decisions and every
// pass after them (the joins, the splits, the words broken at a line end,
// written back with their marks). Those passes move words between
// positions by index; whatever the text, correction must not panic, must
// give one entry per token, must give the same entries when run again,
// and must write back into the text.
func FuzzCorrect(f *testing.F) {
	for _, s := range []string{
		"It was tbe best of times, it was the worst of tirnes; the age of wisdom.\n",
		"The committee gave its con-\nsideration to the ques-\ntlon of the rail-\nway.\n",
		"Tho following l8 a list of tho names:-Pte. Fdward Smith, Gnr. W illlam Crossley,\n",
		"s upervision of the wit h tak es\npious and Brit a in g A thered.\n",
		"| have 1 was [ firm ! providing\n— — — . . . . . 12s. 6d. Is. lid. £1 4s\n",
		"Ca.;\nnada hu-,\ninanity re¬\nsolved morn\ning ques¬ tion\n",
		"moft fome ftate fhall thofe muft becaufe\n",
		"ADA ms, as to WEBSTER'S EDWARDs THE TIIE CIIAPEL IIe\n",
		"a\n\n\n-\n--\n' ' \" “ ” ‘ ’ ¬ \u00ad -\n",
		"Daniel avait bondi et saisi une mouche ici sur le comptoir\n",
		"THB DBMANDS of PANTOMIMB, Watches, Ac., Ac.. 8HIPPING N0TICE8. W0RK8 1n5urance 8\n",
	} {
		f.Add(s)
	}
	m, err := Model()
	if err != nil {
		if strings.Contains(err.Error(), "built without its default model") {
			f.Skip(err)
		}
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1500 || !utf8.ValidString(src) {
			return
		}
		tx, err := data.ReadText("page.txt", []byte(src))
		if err != nil {
			return // bad input is ReadText's to report
		}
		p := profile.New(profile.Options{})
		p.Add(tx.Words())
		am := m.Adapted(m.Habits(p))
		c := am.Correct(tx, nil, p)
		if len(c.Out) != len(tx.Tokens) {
			t.Fatalf("%d entries for %d tokens", len(c.Out), len(tx.Tokens))
		}
		again := am.Correct(tx, nil, p)
		if !slices.Equal(again.Out, c.Out) {
			t.Fatalf("two runs differ:\n%q\n%q", c.Out, again.Out)
		}
		am.MarkLineBreaks(tx, c.Out)
		var b strings.Builder
		if err := tx.Rewrite(&b, c.Out); err != nil {
			t.Fatalf("rewrite: %v", err)
		}
	})
}
