package model

import (
	"strings"
	"testing"

	"ocrfix/features"
)

const (
	englishPage = "It was the best of times, it was the worst of times, it was the age of wisdom, and tbe age of foolishness; we had everything before us.\n"
	frenchPage  = "Le lendemain, de bonne heure, Emma se rendit chez son père. Il faisait un temps magnifique ; les arbres du jardin étaient couverts de fleurs.\n"
	germanPage  = "Am nächsten Morgen ging der alte Mann mit seinem Hund in den Wald. Es war ein schöner Tag, und die Sonne schien durch die Bäume.\n"
)

// A model knows its training truth's language: a page of another is of
// another language, its own is not, whichever language the model's is;
// a few words of another (a heading, a name) are no text of it.
func TestOtherLanguage(t *testing.T) {
	lmOf := func(src string) *Model {
		lm := features.NewLM()
		for range 3 {
			lm.Add(strings.Fields(strings.ToLower(src)))
		}
		return &Model{LM: lm}
	}
	english := lmOf(strings.Repeat(englishPage, 2) + "the of and to a in that it is was for with as his he be by on not this but at from which have or are")
	french := lmOf(frenchPage + "de la le et les des du une que qui dans pour pas sur au avec ce il elle est à")
	for _, c := range []struct {
		m    *Model
		name string
		page string
		want bool
	}{
		{english, "English model, English page", englishPage, false},
		{english, "English model, French page", frenchPage, true},
		{english, "English model, German page", germanPage, true},
		{english, "English model, a French name", "The house of Messrs. De la Rue and Co. was sold.\n", false},
		{english, "English model, a French heading", "LE FIGARO\n", false},
		{english, "English model, a law report's citations", "Gordon v. Harper, 7 T. R. 9; Lord v. Price, L. IL 9 Ex. 54;\nMuggridge v. Eveleth, 9 Met. 233. Cf. Clayton, 135, pl. 243.\n", false},
		{english, "English model, French before long words", "Notes sur les sépultures indiennes du département de Chiriqui, et des tombeaux.\n", true},
		{french, "French model, French page", frenchPage, false},
		{french, "French model, English page", englishPage, true},
		{&Model{}, "a model without a bigram model", frenchPage, false},
	} {
		if got := c.m.OtherLanguage(mustText(t, c.page)); got != c.want {
			t.Errorf("%s: OtherLanguage %v, want %v", c.name, got, c.want)
		}
	}
}
