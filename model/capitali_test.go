package model

import (
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/lm/english"
)

// capitalIText returns the tokens of text, each line of it one line.
func capitalIText(text string) []data.Token {
	var toks []data.Token
	for n, line := range strings.Split(text, "\n") {
		for _, w := range strings.Fields(line) {
			toks = append(toks, data.Token{Text: w, Line: n + 1})
		}
	}
	return toks
}

// capitalILines returns a text of capital lines with Is in mid-sentence
// and small lines with is there.
func capitalILines(capital, small int) string {
	return strings.Repeat("we saw it Is so\n", capital) + strings.Repeat("we saw that is so\n", small)
}

func TestLowerCapitalI(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	lex := candgen.NewLexicon()
	lex.Add("include", 20)
	lex.Add("Indian", 20)
	lex.Add("inbe", 20) // a form English never wrote
	m := &Model{Lex: lex}
	// six capitals in mid-sentence, eight small i: the text shows the habit
	habit := "she said it Is not so and it is not\n" +
		"the men In the field and men in the lane\n" +
		"that it Is so and it is so\n" +
		"she asked if It was so and if it was\n" +
		"they ask If they may and if they may\n" +
		"a man In a coat and a man in a hat\n"
	for _, c := range []struct {
		name, text, want string
	}{
		{"habit", habit, strings.Join([]string{
			"she said it is not so and it is not",
			"the men in the field and men in the lane",
			"that it is so and it is so",
			"she asked if it was so and if it was",
			"they ask if they may and if they may",
			"a man in a coat and a man in a hat",
		}, " ")},
		// the words the lexicon writes in small letters are lowered too,
		// names are not; a capital after a mark, at a line's start or
		// before a capital stays
		{"others", habit + "they will Include it and the Indian way\n" +
			"in the end. In the end, In. the end\nIn the end the word In Memoriam",
			"they will include it and the Indian way in the end. In the end, In. the end In the end the word In Memoriam"},
		// a word broken at a line end, a word in capitals, a form English
		// never wrote that the lexicon writes small: left as read
		{"pieces", habit + "the men of In-\ndian blood and it IS not so and they Inbe it\n",
			"the men of In- dian blood and it IS not so and they Inbe it"},
		// four capitals only: too little evidence
		{"few", strings.NewReplacer("a man In a coat", "a man in a coat", "men In the", "men in the").Replace(habit), ""},
		// the thresholds, each at its bound: 5 capitals and 5 small i
		// (lowered), 4 and 5, 5 and 4 (not); 5 capitals and 28 small i
		// (15.2%, lowered), 5 and 29 (14.7%: stops lost, not a habit)
		{"5/5", capitalILines(5, 5), strings.Repeat("we saw it is so ", 5) + strings.TrimSpace(strings.Repeat("we saw that is so ", 5))},
		{"4/5", capitalILines(4, 5), ""},
		{"5/4", capitalILines(5, 4), ""},
		{"5/28", capitalILines(5, 28), strings.Repeat("we saw it is so ", 5) + strings.TrimSpace(strings.Repeat("we saw that is so ", 28))},
		{"5/29", capitalILines(5, 29), ""},
		// no small i at all: the engine's and its print's capitals alike
		{"nosmall", strings.NewReplacer(" is ", " Is ", " in ", " In ", " it ", " It ", " if ", " If ").Replace(habit), ""},
	} {
		toks := capitalIText(c.text)
		out := make([]string, len(toks))
		for i, tk := range toks {
			out[i] = tk.Text
		}
		m.lowerCapitalI(out, toks)
		want := c.want
		if want == "" { // unchanged
			want = strings.Join(strings.Fields(c.text), " ")
		}
		if got := strings.Join(out, " "); !strings.HasSuffix(got, want) && got != want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, want)
		}
	}
	// a token the decisions changed is theirs
	toks := capitalIText(habit)
	out := make([]string, len(toks))
	for i, tk := range toks {
		out[i] = tk.Text
	}
	out[3] = "Iss"
	m.lowerCapitalI(out, toks)
	if out[3] != "Iss" {
		t.Errorf("changed token rewritten: %q", out[3])
	}
}
