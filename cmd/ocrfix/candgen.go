package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/data/wordlist"
	"ocrfix/experiment"
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

// studyFlags are the flags of the commands that study candidate
// generation by folds (candgen, detect).
type studyFlags struct {
	corpus   *string
	folds    *int
	seed     *uint64
	lexicons *wordLists
}

// addStudyFlags registers -corpus, -folds, -seed, -lexicon and -nodict on
// fs; foldsHelp says what the folds are for.
func addStudyFlags(fs *flag.FlagSet, foldsHelp string) *studyFlags {
	return &studyFlags{
		corpus:   fs.String("corpus", "", "corpus directory (default: the embedded corpus)"),
		folds:    fs.Int("folds", 5, "folds by whole document: "+foldsHelp),
		seed:     fs.Uint64("seed", 1, "seed of the fold split"),
		lexicons: addWordListFlags(fs, ""),
	}
}

// load checks the flags and loads the corpus and the words of the word
// lists into the options of a study.
func (sf *studyFlags) load(fs *flag.FlagSet, stderr io.Writer) (*data.Corpus, experiment.StudyOptions, error) {
	var opt experiment.StudyOptions
	if fs.NArg() > 0 {
		return nil, opt, usagef("unexpected arguments: %v", fs.Args())
	}
	if *sf.folds < 2 {
		return nil, opt, usagef("-folds must be at least 2")
	}
	c, err := loadCorpus(*sf.corpus, defaultLang, false, stderr)
	if err != nil {
		return nil, opt, err
	}
	words, err := readWordLists(sf.lexicons)
	if err != nil {
		return nil, opt, err
	}
	return c, experiment.StudyOptions{Folds: *sf.folds, Seed: *sf.seed, WordList: words}, nil
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
	sf := addStudyFlags(fs, "each document's candidates come from a model of the other folds")
	out := fs.String("o", "", "write the Candidate relation (TSV) to this file (default: stdout)")
	oracle := fs.Bool("oracle", false, "print the oracle bound, candidate recall and failure attribution instead")
	asJSON := fs.Bool("json", false, "with -oracle: print JSON")
	k := fs.Int("k", 0, "hard cap of candidates per position (0: the default)")
	mass := fs.Float64("mass", 0, "posterior mass kept per position (0: the default)")
	maxEdits := fs.Int("maxedits", 0, "cap of the edit bound (0: the default)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *asJSON && !*oracle {
		return usagef("-json needs -oracle")
	}
	if *oracle && *out != "" {
		return usagef("-oracle prints the oracle bound; -o writes the Candidate relation: choose one")
	}
	if *k < 0 || *maxEdits < 0 || !(*mass >= 0 && *mass <= 1) {
		return usagef("-k %d and -maxedits %d must be 0 (the default) or more, -mass %v in [0, 1] (0: the default)", *k, *maxEdits, *mass)
	}
	if err := checkOutFlags([]string{*sf.corpus}, nil, outFlag{"-o", *out}); err != nil {
		return err
	}
	c, opt, err := sf.load(fs, stderr)
	if err != nil {
		return err
	}
	opt.Gen = candgen.Options{K: *k, Mass: *mass, MaxEdits: *maxEdits}
	if *oracle {
		rep, err := experiment.Oracle(c, opt)
		if err != nil {
			return err
		}
		if *asJSON {
			return writeJSON(stdout, rep)
		}
		return rep.WriteTable(stdout, c.Name)
	}
	var rows []data.CandidateRow
	err = experiment.GenerateFolds(c, opt, func(d *data.Doc, cands [][]candgen.Candidate) {
		rows = append(rows, candgen.Rows(d.Stem, cands)...)
	})
	if err != nil {
		return err
	}
	return writeRelation(*out, stdout, func(w io.Writer) error { return data.WriteCandidate(w, rows) })
}

// writeRelation writes a relation with write to the file path (atomically)
// or, when path is "", to stdout.
func writeRelation(path string, stdout io.Writer, write func(w io.Writer) error) error {
	if path == "" {
		bw := bufio.NewWriter(stdout)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	return data.WriteFileAtomic(path, func(w *bufio.Writer) error { return write(w) })
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
