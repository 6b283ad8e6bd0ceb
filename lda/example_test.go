package lda_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"ocrfix/lda"
)

// Train a two-topic model, fold in a new document, and score candidate
// words by p(w|d).
func Example() {
	texts := []string{
		"The ship sailed from the harbour; the captain and the crew watched the sea.",
		"Sea, wind and waves: the crew trimmed the sails and the ship left the harbour.",
		"The captain of the ship spoke to the crew about the sea and the harbour.",
		"The farmer ploughed the field and the harvest of wheat filled the barn.",
		"Wheat and barley: the harvest came in, the farmer's barn and field were full.",
		"In the field the farmer cut the wheat; the barn held the harvest.",
	}
	var docs [][]string
	for _, t := range texts {
		docs = append(docs, strings.Fields(t))
	}
	opt := lda.DefaultOptions()
	opt.K, opt.MinCount, opt.Alpha = 2, 2, 0.5
	m, err := lda.Train(docs, opt, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	// An OCR'd page about the sea: "shlp" and "s3a" are unknown words and
	// are ignored by the fold-in.
	theta := m.Infer(strings.Fields("the shlp and its crew put to s3a from the harbour"), 50,
		rand.New(rand.NewPCG(3, 4)))
	for _, cand := range []string{"ship", "wheat", "shlp"} {
		fmt.Printf("%-6s %.1f\n", cand, m.LogProb(cand, theta))
	}
	// Output:
	// ship   -1.7
	// wheat  -3.0
	// shlp   -7.3
}
