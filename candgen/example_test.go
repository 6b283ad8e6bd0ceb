package candgen_test

import (
	"fmt"
	"strings"

	"ocrfix/candgen"
)

// The garbage rules flag tokens that look like OCR noise: Commlttee has
// five consonants in a row once OCR read its i as l.
func ExampleGarbage() {
	for _, tok := range []string{"the", "tbe", "Commlttee", "xqzzvk", "a.,;:", "wOrd"} {
		bits := candgen.Garbage(tok)
		var fired []string
		for i, name := range candgen.RuleNames {
			if bits&(1<<i) != 0 {
				fired = append(fired, name)
			}
		}
		fmt.Printf("%-10s %v\n", tok, fired)
	}
	// Output:
	// the        []
	// tbe        []
	// Commlttee  [runs]
	// xqzzvk     [vowels runs]
	// a.,;:      [punct inner_punct]
	// wOrd       [inner_case]
}

// SplitAffix separates a token's punctuation from its core.
func ExampleSplitAffix() {
	pre, core, suf := candgen.SplitAffix("(Committee's),")
	fmt.Printf("%q %q %q\n", pre, core, suf)
	// Output: "(" "Committee's" "),"
}

// Learn a confusion model from training pairs, build a generator over a
// lexicon, and ask for the candidates of an OCR line.
func ExampleGenerator_Generate() {
	gt := strings.Fields("The committee will meet in the main hall to discuss the bill")
	ocr := strings.Fields("Tbe commlttee wlll meet ln tbe maln hall to dlscuss tbe blll")
	var pairs []candgen.TrainPair
	for i := 0; i < 20; i++ {
		pairs = append(pairs, candgen.TrainPair{GT: gt, OCR: ocr})
	}
	conf := candgen.LearnConfusion(pairs, candgen.ConfusionOptions{})
	lex := candgen.NewLexicon()
	for _, p := range pairs {
		lex.AddText(p.GT)
	}
	g := candgen.NewGenerator(conf, lex, candgen.Options{})
	line := strings.Fields("Tbe commlttee wlll dlscuss tbe blll")
	for i, cands := range g.Generate(line, nil) {
		fmt.Printf("%s -> %s\n", line[i], cands[0].Text)
	}
	// Output:
	// Tbe -> The
	// commlttee -> committee
	// wlll -> will
	// dlscuss -> discuss
	// tbe -> the
	// blll -> bill
}
