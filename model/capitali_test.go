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

func TestLowerCapitalI(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	lex := candgen.NewLexicon()
	lex.Add("include", 20)
	lex.Add("Indian", 20)
	m := &Model{Lex: lex}
	// five capitals in mid-sentence, five small i: the text shows the habit
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
		// four capitals only: too little evidence
		{"few", strings.NewReplacer("a man In a coat", "a man in a coat", "men In the", "men in the").Replace(habit), ""},
		// capitals few beside the small i: stops lost, not a habit
		{"share", habit + strings.Repeat("and it is in the way if it is\n", 12), ""},
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
