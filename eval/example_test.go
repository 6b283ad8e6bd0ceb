package eval_test

import (
	"fmt"
	"os"
	"strings"

	"ocrfix/eval"
)

func ExampleEvaluateDoc() {
	gt := strings.Fields("The committee met on Tuesday, March 7.")
	ocr := strings.Fields("Tbe committee met on Tues day, March 7 .")
	r := eval.EvaluateDoc("page1", gt, ocr, eval.Options{})
	fmt.Printf("matched %d of %d gt words: recall %.3f, precision %.3f\n", r.Matched, r.GTWords, r.Recall, r.Precision)
	fmt.Printf("WER %.3f, CER %.3f\n", r.WER, r.CER)

	norm := eval.Options{Lower: true, StripPunct: true}
	r = eval.EvaluateDoc("page1", gt, ocr, norm)
	fmt.Printf("%s: matched %d of %d\n", norm, r.Matched, r.GTWords)
	// Output:
	// matched 4 of 7 gt words: recall 0.571, precision 0.444
	// WER 0.714, CER 0.079
	// lowercased, leading/trailing punctuation stripped (empty tokens dropped), no NFKC, exact match: matched 5 of 7
}

func ExampleOracle() {
	gt := strings.Fields("the modern world")
	// Position 0 reads "tbe" with candidate "the"; positions 1-2 read
	// "mo dern", which only a merge (Span 2) repairs.
	lat := eval.Lattice{
		{{Words: []string{"tbe"}, Span: 1}, {Words: []string{"the"}, Span: 1}},
		{{Words: []string{"mo"}, Span: 1}, {Words: []string{"modern"}, Span: 2}},
		{{Words: []string{"dern"}, Span: 1}},
		{{Words: []string{"wor1d"}, Span: 1}},
	}
	n, choice := eval.OracleChoice(lat, gt, eval.Options{})
	fmt.Println(n, choice)
	// Output:
	// 2 [1 1 -1 0]
}

func ExampleWriteDiff() {
	r := eval.EvaluateDoc("d", strings.Fields("a quick brown fox"), strings.Fields("a qu1ck brown f ox"), eval.Options{})
	eval.WriteDiff(os.Stdout, &r)
	// Output:
	// # d: 2 of 4 gt words matched (recall 50.00%), 5 pred words
	// # [-gt-] words missing from the prediction, {+pred+} words the prediction has instead
	// a [-quick-]{+qu1ck+} brown [-fox-]{+f ox+}
}

func ExampleChangeKind() {
	for _, p := range [][2]string{{"tbe", "the"}, {"The", "the"}, {"word,", "word"}, {"l0ve", "love"}, {"tothe", "to the"}, {"to day", "today"}, {"~", ""}} {
		fmt.Printf("%s -> %s: %v\n", p[0], p[1], eval.ChangeKind(p[0], p[1]))
	}
	// Output:
	// tbe -> the: word
	// The -> the: case
	// word, -> word: punctuation
	// l0ve -> love: digits
	// tothe -> to the: split
	// to day -> today: merge
	// ~ -> : deletion
}

// OutOf gives each OCR token its correction from a corrected text alone,
// so that the changes of any tool can be listed and classified.
func ExampleOutOf() {
	raw := strings.Fields("Tbe c at sat on tbe mat")
	corrected := strings.Fields("The cat sat on the mat")
	for _, c := range eval.Changes(raw, eval.OutOf(raw, corrected)) {
		fmt.Printf("%q -> %q: %s\n", c.Orig, c.New, c.Kind)
	}
	// Output:
	// "Tbe" -> "The": word
	// "c at" -> "cat": merge
	// "tbe" -> "the": word
}

// FileNames names the pages or diffs of a report's documents: a
// collection kept as a tree (`1850/p1`) beside a document whose own name
// reads the same once separators are replaced gets one file each.
func ExampleFileNames() {
	safe := func(doc string) string { return strings.ReplaceAll(doc, "/", "_") }
	fmt.Println(eval.FileNames([]string{"1850/p1", "1850_p1", "1851/p1", "1850_P1"}, safe))
	// Output:
	// [1850_p1 1850_p1~2 1851_p1 1850_P1~3]
}
