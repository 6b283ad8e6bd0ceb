// Command mkpair makes a synthetic ground-truth / OCR document pair for the
// speed benchmark of bench/eval_vs_diff.sh. It reads text files, takes their
// first -words whitespace tokens (cycling through the files again when they
// hold fewer), corrupts about -rate of them the way OCR does (character
// confusions, dropped and split words, merged words, inserted garbage) with a
// seeded random generator, and writes both sides one word per line, so that
// `diff` and `ocrfix eval` see the same tokens.
//
//	go run ./bench/mkpair -words 100000 -rate 0.1 -seed 1 -gt gt.txt -ocr ocr.txt FILE...
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"
)

func main() {
	words := flag.Int("words", 100000, "number of ground-truth words")
	rate := flag.Float64("rate", 0.1, "fraction of words corrupted")
	seed := flag.Int64("seed", 1, "random seed")
	gtPath := flag.String("gt", "gt.txt", "output ground truth, one word per line")
	ocrPath := flag.String("ocr", "ocr.txt", "output corrupted text, one word per line")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: mkpair [flags] FILE...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *words <= 0 || *rate < 0 || *rate > 1 {
		flag.Usage()
		os.Exit(2)
	}
	var src []string
	for _, p := range flag.Args() {
		b, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "mkpair:", err)
			os.Exit(1)
		}
		for _, f := range bytes.Fields(b) {
			src = append(src, string(f))
		}
	}
	if len(src) == 0 {
		fmt.Fprintln(os.Stderr, "mkpair: the input files hold no words")
		os.Exit(1)
	}
	gt := make([]string, *words)
	for i := range gt {
		gt[i] = src[i%len(src)]
	}
	ocr := corrupt(gt, *rate, rand.New(rand.NewSource(*seed)))
	if err := write(*gtPath, gt); err != nil {
		fmt.Fprintln(os.Stderr, "mkpair:", err)
		os.Exit(1)
	}
	if err := write(*ocrPath, ocr); err != nil {
		fmt.Fprintln(os.Stderr, "mkpair:", err)
		os.Exit(1)
	}
}

// confusions are OCR-like character substitutions, applied in either
// direction.
var confusions = [][2]string{
	{"m", "rn"}, {"e", "c"}, {"l", "1"}, {"i", "l"}, {"o", "0"}, {"h", "b"},
	{"u", "n"}, {"cl", "d"}, {"a", "o"}, {"t", "f"}, {"s", "5"}, {"I", "l"},
}

func corrupt(gt []string, rate float64, rng *rand.Rand) []string {
	out := make([]string, 0, len(gt)+len(gt)/20)
	for i := 0; i < len(gt); i++ {
		w := gt[i]
		if rng.Float64() >= rate {
			out = append(out, w)
			continue
		}
		switch r := rng.Intn(20); {
		case r < 13: // character confusion
			out = append(out, confuse(w, rng))
		case r < 15: // word dropped
		case r < 17: // word split in two
			if len(w) > 1 {
				k := 1 + rng.Intn(len(w)-1)
				out = append(out, w[:k], w[k:])
			} else {
				out = append(out, confuse(w, rng))
			}
		case r < 19: // merged with the next word
			if i+1 < len(gt) {
				out = append(out, w+gt[i+1])
				i++
			} else {
				out = append(out, w)
			}
		default: // garbage inserted before the word
			out = append(out, garbage[rng.Intn(len(garbage))], w)
		}
	}
	return out
}

var garbage = []string{".", "-", "'", ",", "~", "|", "»", "i", "l"}

func confuse(w string, rng *rand.Rand) string {
	for try := 0; try < 4; try++ {
		c := confusions[rng.Intn(len(confusions))]
		from, to := c[0], c[1]
		if rng.Intn(2) == 0 {
			from, to = to, from
		}
		if k := strings.Index(w, from); k >= 0 {
			return w[:k] + to + w[k+len(from):]
		}
	}
	// no confusion applies: drop or double a character
	if len(w) > 1 {
		k := rng.Intn(len(w))
		return w[:k] + w[k+1:]
	}
	return w + w
}

func write(path string, ws []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	for _, w := range ws {
		bw.WriteString(w)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
