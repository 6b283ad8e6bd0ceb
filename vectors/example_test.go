package vectors_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"

	"ocrfix/vectors"
)

// Example trains vectors on a toy corpus, saves them in word2vec binary
// format, loads them back and asks which of two words fits a context.
func Example() {
	var docs [][]string
	for i := 0; i < 50; i++ {
		docs = append(docs,
			strings.Fields("The horse eats the grass. The cow eats the hay. The sheep eats the grass."),
			strings.Fields("A train leaves the station. A coach leaves the station. A tram leaves the depot."))
	}
	opt := vectors.DefaultOptions()
	opt.Dim, opt.Epochs = 16, 20
	v, err := vectors.Train(docs, opt, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		fmt.Println(err)
		return
	}
	var file bytes.Buffer
	if err := v.WriteBinary(&file); err != nil {
		fmt.Println(err)
		return
	}
	loaded, err := vectors.Load(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(loaded.Len(), "words of", loaded.Dim, "dimensions; most frequent:", loaded.Words[0])

	// Raw tokens are fine: "Horse," is looked up as "horse".
	ctx := []string{"The", "eats", "the", "grass."}
	fmt.Println("horse fits better than train:", loaded.ContextSim("Horse,", ctx) > loaded.ContextSim("train", ctx))
	fmt.Println("unknown word:", loaded.ContextSim("zebra", ctx))
	// Output:
	// 14 words of 16 dimensions; most frequent: the
	// horse fits better than train: true
	// unknown word: 0
}
