package align_test

import (
	"fmt"
	"strings"

	"ocrfix/align"
)

// Align maps the ground truth to the OCR output word by word; the matched
// pairs give the word recall of the evaluation protocol.
func Example() {
	gt := strings.Fields("It is a truth universally acknowledged")
	ocr := strings.Fields("lt is a trutb univer sally acknowledged")
	v := align.NewVocab()
	g, o := v.IDs(gt), v.IDs(ocr)
	pairs := align.Align(g, o)
	for _, p := range pairs {
		fmt.Println(gt[p.A], "->", ocr[p.B])
	}
	fmt.Printf("recall %d/%d\n", len(pairs), len(gt))
	fmt.Println("WER edits:", align.WordLevenshtein(g, o))
	// Output:
	// is -> is
	// a -> a
	// acknowledged -> acknowledged
	// recall 3/6
	// WER edits: 4
}

// EditOps lists the character operations that turn an OCR word into the
// true one, the raw material of a confusion model.
func ExampleEditOps() {
	cost, ops := align.EditOps([]rune("rnodern"), []rune("modern"), nil)
	fmt.Println("cost", cost)
	for _, op := range ops {
		if op.Kind != align.Match {
			fmt.Printf("%v %q %q\n", op.Kind, op.A, op.B)
		}
	}
	// Output:
	// cost 2
	// del 'r' '\x00'
	// sub 'n' 'm'
}

// AnchoredLevenshtein gives the word edit distance (for WER) of a whole
// document, guided by the equal words of the alignment.
func ExampleAnchoredLevenshtein() {
	gt := strings.Fields("It is a truth universally acknowledged , that a single man")
	ocr := strings.Fields("lt is a trutb univer sally acknowledged that a singlc man")
	v := align.NewVocab()
	g, o := v.IDs(gt), v.IDs(ocr)
	var runs []align.Run
	for _, p := range align.Align(g, o) {
		runs = append(runs, align.Run{A: p.A, B: p.B, Len: 1})
	}
	fmt.Println(align.AnchoredLevenshtein(g, o, runs, -1, 2))
	// Output: 6
}

// Walk visits the matched pairs of an alignment and the gaps between them
// in order: here the OCR errors of a line, each with the true words it
// stands for.
func ExampleWalk() {
	gt := strings.Fields("It is a truth universally acknowledged")
	ocr := strings.Fields("lt is a trutb univer sally acknowledged")
	v := align.NewVocab()
	pairs := align.Align(v.IDs(gt), v.IDs(ocr))
	align.Walk(pairs, len(gt), len(ocr), func(g0, g1, o0, o1 int) {
		fmt.Printf("gap %q -> %q\n", gt[g0:g1], ocr[o0:o1])
	}, func(p align.Pair) {
		fmt.Println("match", gt[p.A])
	})
	// Output:
	// gap ["It"] -> ["lt"]
	// match is
	// match a
	// gap ["truth" "universally"] -> ["trutb" "univer" "sally"]
	// match acknowledged
}
