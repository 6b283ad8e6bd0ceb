package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"text/tabwriter"

	"ocrfix/candgen"
)

func init() {
	register(command{name: "detect", summary: "measure how well the garbage rules and the lexicon flag wrong OCR tokens",
		run: runDetect})
}

func runDetect(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("detect", "detect [-corpus DIR] [-folds 5] [-seed 1] [-lexicon FILE]... [-json]", stderr)
	corpus := fs.String("corpus", "", "corpus directory (default: the embedded corpus)")
	folds := fs.Int("folds", 5, "folds by whole document: the lexicon of a document comes from the other folds")
	seed := fs.Uint64("seed", 1, "seed of the fold shuffle")
	asJSON := fs.Bool("json", false, "print JSON")
	lexicons := addWordListFlags(fs, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments: %v", fs.Args())
	}
	if *folds < 2 {
		return usagef("-folds must be at least 2")
	}
	c, words, err := loadWithWordLists(*corpus, lexicons, stderr)
	if err != nil {
		return err
	}
	rep, err := candgen.EvaluateDetection(c, candgen.EvalOptions{Folds: *folds, WordList: words}, rand.New(rand.NewPCG(*seed, 0)))
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(stdout, "corpus %s: %d OCR tokens, %d wrong (not matched by the alignment with the truth)\n\n", c.Name, rep.Tokens, rep.Wrong)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rule\tfired\tright\tprecision\trecall\tF1\t\n")
	for _, r := range rep.Rules {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t\n", r.Rule, r.Fired, r.TruePos, r.Precision, r.Recall, r.F1)
	}
	return tw.Flush()
}
