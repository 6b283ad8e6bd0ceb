package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"ocrfix/data"
	"ocrfix/profile"
)

func init() {
	register(command{name: "profile", summary: "the profile of a collection's OCR (word and document frequencies, spellings, punctuation), for correct -profile", run: runProfile})
}

// profileExt is the extension of profile files; profile merges inputs
// with it instead of reading them as OCR.
const profileExt = ".prof"

func runProfile(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("profile", "profile -o FILE.prof INPUT... (OCR files or directories, and .prof files to merge)", stderr)
	out := fs.String("o", "", "where to write the profile (required)")
	lang := fs.String("lang", "en", "HIPE-OCRepair JSONL input: profile the records of this language (document_metadata.language), or all, as correct -lang corrects them")
	recursive := fs.Bool("r", false, "read the subdirectories of the directories named too, at any depth (a collection kept as a tree)")
	maxForms := fs.Int("max-forms", profile.DefaultMaxForms, "distinct forms kept of each kind; the rarest are dropped past it")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o FILE is required")
	}
	if !strings.HasSuffix(*out, profileExt) {
		// an OCR file's name (`-o scans/*.txt` with the output forgotten)
		// would be overwritten by the profile
		return usagef("-o %s: a profile's name ends with %s", *out, profileExt)
	}
	if fs.NArg() == 0 {
		return usagef("no input: name OCR files or directories, or profiles to merge")
	}
	if *maxForms < 1 {
		return usagef("-max-forms must be at least 1")
	}
	if slices.Contains(fs.Args(), "-") {
		return usagef("profile reads OCR files and directories, not standard input (-): correct - makes a page's own profile")
	}
	var profs []string
	for _, a := range fs.Args() {
		if strings.HasSuffix(a, profileExt) {
			profs = append(profs, a)
		}
	}
	if err := checkOutFlags(nil, profs, outFlag{"-o", *out}); err != nil {
		return err
	}
	p, n, err := buildProfile(fs.Args(), *recursive, profile.Options{MaxForms: *maxForms}, *lang, stderr)
	if err != nil {
		return err
	}
	if err := data.WriteFileAtomic(*out, func(w *bufio.Writer) error { return p.Write(w) }); err != nil {
		return err
	}
	words, exact := p.Forms()
	fmt.Fprintf(stdout, "profile of %d documents (%d inputs): %d tokens, %d word forms, %d spellings, %d word pairs; written to %s\n", p.Docs(), n, p.Tokens(), words, exact, p.Pairs(), *out)
	return nil
}

// buildProfile reads the OCR files and profiles named by args (files or
// directories, with recursive their subdirectories too; see expandInputs)
// into one profile, one document at a time:
// each record of language lang of a HIPE-OCRepair JSONL file is a
// document. A file named twice, or a directory without OCR files, is an
// error.
func buildProfile(args []string, recursive bool, opt profile.Options, lang string, stderr io.Writer) (*profile.Profile, int, error) {
	p := profile.New(opt)
	var ocr, profs []string
	for _, a := range args {
		if strings.HasSuffix(a, profileExt) {
			profs = append(profs, a)
		} else {
			ocr = append(ocr, a)
		}
	}
	if err := distinctFiles(profs); err != nil {
		return nil, 0, err
	}
	n := 0
	for _, a := range profs {
		q, err := readProfile(a)
		if err != nil {
			return nil, 0, err
		}
		p.Merge(q)
		n++
	}
	if len(ocr) > 0 {
		files, err := expandInputs(ocr, recursive, stderr)
		if err != nil {
			return nil, 0, err
		}
		inputs := inputPaths(files)
		if len(inputs) == 0 {
			return nil, 0, fmt.Errorf("no OCR files (.txt, .tsv, .hocr, .html, .xml, .jsonl) in %s", strings.Join(ocr, " "))
		}
		for _, in := range inputs {
			if data.IsHIPEFile(in) {
				recs, err := data.ReadHIPEFile(in)
				if err != nil {
					return nil, 0, err
				}
				docs, err := hipeDocs(&hipeFile{path: in, recs: recs}, lang)
				if err != nil {
					return nil, 0, err
				}
				for _, d := range docs {
					p.Add(d.t.Words())
				}
				n++
				continue
			}
			t, err := readOCRFile(in)
			if err != nil {
				return nil, 0, err
			}
			p.Add(t.Words())
			n++
		}
	}
	return p, n, nil
}

// gzipMagic starts a model file (a gzip stream), for the error that says
// a model given as a profile is one.
const gzipMagic = "\x1f\x8b"

// readProfile loads a profile file.
func readProfile(path string) (*profile.Profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	if head, _ := br.Peek(len(gzipMagic)); string(head) == gzipMagic {
		return nil, fmt.Errorf("%s: compressed, not a profile (a model file? give it with -model)", path)
	}
	return profile.Read(br, path)
}
