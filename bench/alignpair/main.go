// Command alignpair aligns two text files word by word with align.Align and
// prints the number of matched words. bench/eval_vs_diff.sh times it when
// `ocrfix eval` cannot be built, and it shows the cost of the alignment
// alone.
//
//	go run ./bench/alignpair GTFILE PREDFILE
package main

import (
	"bytes"
	"fmt"
	"os"

	"ocrfix/align"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: alignpair GTFILE PREDFILE")
		os.Exit(2)
	}
	var ids [2][]int32
	v := align.NewVocab()
	for k, p := range os.Args[1:] {
		src, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "alignpair:", err)
			os.Exit(1)
		}
		for _, w := range bytes.Fields(src) {
			ids[k] = append(ids[k], v.ID(string(w)))
		}
	}
	pairs := align.Align(ids[0], ids[1])
	fmt.Printf("matched %d of %d gt words\n", len(pairs), len(ids[0]))
}
