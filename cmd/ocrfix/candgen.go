package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"text/tabwriter"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/data/wordlist"
)

func init() {
	register(command{name: "candgen", summary: "generate correction candidates (Candidate relation) or measure their oracle bound",
		run: runCandgen})
}

// wordLists holds the -lexicon and -nodict flags of a command.
type wordLists struct {
	files  stringList
	noDict bool
}

// addWordListFlags registers -lexicon and -nodict on fs; prefix starts
// their help text (for commands that use them only in some cases).
func addWordListFlags(fs *flag.FlagSet, prefix string) *wordLists {
	wl := &wordLists{}
	fs.Var(&wl.files, "lexicon", prefix+"word list `FILE`, one word per line, used instead of the built-in list (repeatable; default: the built-in "+wordlist.Name+")")
	fs.BoolVar(&wl.noDict, "nodict", false, prefix+"do not use the built-in word list ("+wordlist.Name+")")
	return wl
}

// namedList is one word list: its name in reports and its bytes.
type namedList struct {
	name string
	data []byte
}

// load returns the word lists to use: the -lexicon files, or the built-in
// list when none is given and -nodict is off.
func (wl *wordLists) load() ([]namedList, error) {
	if len(wl.files) == 0 {
		if wl.noDict {
			return nil, nil
		}
		b, err := wordlist.Bytes()
		if err != nil {
			return nil, err
		}
		return []namedList{{wordlist.Name, b}}, nil
	}
	var out []namedList
	for _, p := range wl.files {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, namedList{p, b})
	}
	return out, nil
}

// loadWithWordLists loads the corpus (the embedded one for "") and the
// words of the word lists wl names: the inputs of the commands that
// evaluate candidate generation by folds.
func loadWithWordLists(dir string, wl *wordLists, stderr io.Writer) (*data.Corpus, []string, error) {
	c, err := loadCorpus(dir, false, stderr)
	if err != nil {
		return nil, nil, err
	}
	words, err := readWordLists(wl)
	if err != nil {
		return nil, nil, err
	}
	return c, words, nil
}

// readWordLists reads the words of the word lists wl names.
func readWordLists(wl *wordLists) ([]string, error) {
	lists, err := wl.load()
	if err != nil {
		return nil, err
	}
	var words []string
	for _, l := range lists {
		lex := candgen.NewLexicon()
		if err := lex.ReadWordList(bytes.NewReader(l.data), l.name); err != nil {
			return nil, err
		}
		words = append(words, lex.Words()...)
	}
	return words, nil
}

func runCandgen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("candgen", "candgen [-corpus DIR] [-folds 5] [-seed 1] [-lexicon FILE]... [-o FILE.tsv | -oracle [-json]]", stderr)
	corpus := fs.String("corpus", "", "corpus directory (default: the embedded corpus)")
	folds := fs.Int("folds", 5, "folds by whole document: each document's candidates come from a model of the other folds")
	seed := fs.Uint64("seed", 1, "seed of the fold shuffle")
	out := fs.String("o", "", "write the Candidate relation (TSV) to this file (default: stdout)")
	oracle := fs.Bool("oracle", false, "print the oracle bound, candidate recall and failure attribution instead")
	asJSON := fs.Bool("json", false, "with -oracle: print JSON")
	lexicons := addWordListFlags(fs, "")
	k := fs.Int("k", 0, "hard cap of candidates per position (0: the default)")
	mass := fs.Float64("mass", 0, "posterior mass kept per position (0: the default)")
	maxEdits := fs.Int("maxedits", 0, "cap of the edit bound (0: the default)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments: %v", fs.Args())
	}
	if *folds < 2 {
		return usagef("-folds must be at least 2")
	}
	if *asJSON && !*oracle {
		return usagef("-json needs -oracle")
	}
	c, words, err := loadWithWordLists(*corpus, lexicons, stderr)
	if err != nil {
		return err
	}
	opt := candgen.EvalOptions{Folds: *folds, WordList: words,
		Gen: candgen.Options{K: *k, Mass: *mass, MaxEdits: *maxEdits}}
	rng := rand.New(rand.NewPCG(*seed, 0))
	if *oracle {
		rep, err := candgen.EvaluateOracle(c, opt, rng)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(rep)
		}
		printOracle(stdout, c.Name, rep)
		return nil
	}
	var rows []data.CandidateRow
	err = candgen.GenerateFolds(c, opt, rng, func(d *data.Doc, cands [][]candgen.Candidate) {
		for i, cs := range cands {
			for j, x := range cs {
				rows = append(rows, data.CandidateRow{DocID: d.Stem, WordID: i, CandID: j, Word: x.Text, Span: max(x.Span, 1)})
			}
		}
	})
	if err != nil {
		return err
	}
	if *out == "" {
		bw := bufio.NewWriter(stdout)
		if err := data.WriteCandidate(bw, rows); err != nil {
			return err
		}
		return bw.Flush()
	}
	return data.WriteFileAtomic(*out, func(w *bufio.Writer) error { return data.WriteCandidate(w, rows) })
}

func printOracle(w io.Writer, name string, r *candgen.OracleReport) {
	fmt.Fprintf(w, "corpus %s: %d documents, %d gt words, %d OCR tokens (folds by whole document)\n\n", name, r.Docs, r.GTWords, r.OCRTokens)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "raw recall\t%.4f\t(%d gt words matched by the OCR)\n", r.RawRecall, r.RawMatched)
	fmt.Fprintf(tw, "oracle recall\t%.4f\t(%d by the best path through the candidates)\n", r.OracleRecall, r.OracleMatched)
	fmt.Fprintf(tw, "gap closed\t%.4f\t(oracle - raw) / (1 - raw)\n", r.GapClosed)
	fmt.Fprintf(tw, "candidate recall\t%.4f\t(%d of %d wrong tokens have their right word among the candidates)\n", r.CandidateRecall, r.WrongCovered, r.WrongTokens)
	fmt.Fprintf(tw, "candidates/token\t%.2f\t\n", r.CandidatesPerToken)
	fmt.Fprintf(tw, "generation\t%.0f tokens/s\t(%.1f s wall, model building excluded)\n", r.TokensPerSecond, r.GenSeconds)
	tw.Flush()
	fmt.Fprintf(w, "\ngt words the oracle misses: %d\n", r.Missed)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "class\tcount\tshare\t\n")
	sum := 0
	for _, a := range r.Attribution {
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t\n", a.Class, a.Count, a.Share)
		sum += a.Count
	}
	fmt.Fprintf(tw, "total\t%d\t%.3f\t\n", sum, 1.0)
	tw.Flush()
}
