package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/model"
)

func init() {
	register(command{name: "confusion", summary: "learn the character confusion model and print the most frequent confusions",
		run: runConfusion})
}

func runConfusion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("confusion", "confusion [-corpus DIR] [-n 40] [-o FILE]", stderr)
	corpus := fs.String("corpus", "", "corpus directory (default: the embedded corpus)")
	n := fs.Int("n", 40, "how many confusions to print")
	out := fs.String("o", "", "also save the model (TSV) to this file")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments: %v", fs.Args())
	}
	if *n < 0 {
		return usagef("-n must not be negative")
	}
	if err := checkOutFlags([]string{*corpus}, nil, outFlag{"-o", *out}); err != nil {
		return err
	}
	c, err := loadCorpus(*corpus, defaultLang, false, stderr)
	if err != nil {
		return err
	}
	var pairs []candgen.TrainPair
	for _, d := range c.Docs {
		if d.GT != nil && d.OCR != nil {
			pairs = append(pairs, candgen.TrainPair{GT: d.GT.Words(), OCR: model.ReadWords(d.OCR)})
		}
	}
	conf := candgen.LearnConfusion(pairs, candgen.ConfusionOptions{})
	fmt.Fprintf(stdout, "corpus %s: %d training pairs; the %d most frequent confusions (true -> OCR)\n\n", c.Name, len(pairs), *n)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "truth\tocr\tcount\tP(ocr|truth)\n")
	for _, x := range conf.Top(*n) {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.4f\n", show(x.Truth), show(x.OCR), x.Count, x.Prob)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if *out != "" {
		return data.WriteFileAtomic(*out, func(w *bufio.Writer) error {
			_, err := conf.WriteTo(w)
			return err
		})
	}
	return nil
}

// show quotes a confusion side so spaces and empty strings are visible.
func show(s string) string {
	if s == "" {
		return "ε"
	}
	return strconv.Quote(s)
}
