package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"ocrfix/data"
)

// loadCorpus loads the corpus in dir, or the embedded corpus when dir is
// "", or the records of language lang (or all) of a HIPE-OCRepair JSONL
// file that have a truth when dir names one (data.LoadHIPE; records
// without a truth are an error, or left out with allowUnpaired). Warnings
// go to stderr.
func loadCorpus(dir, lang string, allowUnpaired bool, stderr io.Writer) (*data.Corpus, error) {
	if dir == "" {
		return data.Embedded()
	}
	load := data.LoadDir
	if data.IsHIPEFile(dir) {
		load = func(path string, opt data.LoadOptions) (*data.Corpus, []string, error) {
			return data.LoadHIPE(path, lang, opt)
		}
	}
	c, warns, err := load(dir, data.LoadOptions{AllowUnpaired: allowUnpaired})
	for _, w := range warns {
		fmt.Fprintln(stderr, "warning:", w)
	}
	if err == nil {
		for _, d := range c.Docs {
			if d.GT != nil && len(d.GT.Tokens) == 0 {
				fmt.Fprintf(stderr, "warning: %s: the ground truth has no words: the document teaches and scores nothing\n", d.GT.Path)
			}
		}
	}
	return c, err
}

// distinctCorpora returns an error naming a corpus given twice in dirs
// (the same directory or file by any path, or the embedded corpus as
// "embedded" or ""), whose documents would count twice; call it once the
// corpora have loaded, so a missing one is reported as such first.
func distinctCorpora(dirs []string) error {
	var paths []string
	embedded := false
	for _, d := range dirs {
		if d == "" || d == "embedded" {
			if embedded {
				return errors.New("the embedded corpus is named twice: each corpus counts once")
			}
			embedded = true
			continue
		}
		paths = append(paths, d)
	}
	if err := distinctFiles(paths); err != nil {
		return fmt.Errorf("corpus %w", err)
	}
	return nil
}

// defaultLang is the language whose records of a HIPE-OCRepair JSONL
// file a command takes by default (-lang).
const defaultLang = "en"

// langUsage is the -lang flag's usage for a command that loads corpora.
const langUsage = "a HIPE-OCRepair JSONL corpus (a .jsonl file given for a corpus directory): use the records of this language (document_metadata.language) that have a ground_truth, or all"

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progress shows progress bars on stderr when it is a terminal, and
// nothing otherwise (pipes, CI logs).
type progress struct {
	w     io.Writer
	on    bool
	bar   *progressbar.ProgressBar
	stage string
}

func newProgress(stderr io.Writer) *progress {
	return &progress{w: stderr, on: isTerminal(stderr)}
}

// update is a model.Options.Progress callback.
func (p *progress) update(stage string, done, total int) {
	if !p.on {
		return
	}
	if p.bar == nil || p.stage != stage {
		if p.bar != nil {
			p.bar.Finish()
		}
		p.stage = stage
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(stage),
			progressbar.OptionShowCount(),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100_000_000),
		)
	}
	p.bar.Set(done)
}

// done clears any bar.
func (p *progress) done() {
	if p.bar != nil {
		p.bar.Finish()
		p.bar = nil
	}
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// outFlag is an output a command writes: the flag that names it and its
// path ("" when not asked for).
type outFlag struct{ flag, path string }

// checkOutFlags refuses, before any work, outputs that would fail at the
// end or destroy input: an output in a directory that does not exist or
// that this user cannot write in, an output that is a directory, in the
// gt/, ocr*/ or tsv/ directory of one of the corpora ("" and "embedded"
// are none), the same file as one of inputs (a model, a word list), or
// the same file as another output.
func checkOutFlags(corpora, inputs []string, outs ...outFlag) error {
	seen := map[string]string{}
	for _, o := range outs {
		if o.path == "" || o.path == "-" {
			continue
		}
		abs, err := filepath.Abs(o.path)
		if err != nil {
			return err
		}
		if prev, dup := seen[abs]; dup {
			return usagef("%s and %s name the same file %s: give each output its own", prev, o.flag, o.path)
		}
		seen[abs] = o.flag
		if fi, err := os.Stat(filepath.Dir(abs)); err != nil {
			return fmt.Errorf("%s %s: the directory %s does not exist", o.flag, o.path, filepath.Dir(o.path))
		} else if !fi.IsDir() {
			return fmt.Errorf("%s %s: %s is a file, not a directory", o.flag, o.path, filepath.Dir(o.path))
		}
		if err := data.CheckWritable(filepath.Dir(o.path)); err != nil {
			return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
		}
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			return fmt.Errorf("%s %s: is a directory", o.flag, o.path)
		}
		for _, c := range corpora {
			if c == "" || c == "embedded" {
				continue
			}
			ca, err := filepath.Abs(c)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(ca, abs)
			if err != nil {
				continue
			}
			top, _, nested := strings.Cut(filepath.ToSlash(rel), "/")
			if nested && (top == "gt" || top == "tsv" || strings.HasPrefix(top, "ocr")) {
				return fmt.Errorf("%s %s: is in the corpus's %s/, whose files it could replace: write it elsewhere", o.flag, o.path, top)
			}
		}
		for _, in := range inputs {
			if in != "" && sameFile(abs, in) {
				return fmt.Errorf("%s %s: is the input %s: write it elsewhere", o.flag, o.path, in)
			}
		}
	}
	return nil
}

// dirRole is a directory a command reads or writes documents in, and what
// it is to the command (for checkReportDir's error).
type dirRole struct{ role, dir string }

// checkReportDir refuses a -report directory that is one of dirs (an
// input's directory, the output directory, a truth or prediction
// directory): a report's files (index.html, Summary.txt, documents.csv,
// ...) would replace documents of the same name there, or be read as
// documents by the next run. It returns nil when report is "".
func checkReportDir(report string, dirs ...dirRole) error {
	if report == "" {
		return nil
	}
	for _, d := range dirs {
		if d.dir != "" && (sameFile(report, d.dir) || samePath(report, d.dir)) {
			return fmt.Errorf("-report %s: is %s, whose files the report's could replace: write the report elsewhere", report, d.role)
		}
	}
	return nil
}

// corpusDirs returns the directories of a corpus directory's documents
// (gt/, ocr/, ocr.<engine>/, tsv/) for checkReportDir; none for the
// embedded corpus or a JSONL file.
func corpusDirs(corpus string) []dirRole {
	if corpus == "" || corpus == "embedded" {
		return nil
	}
	ents, err := os.ReadDir(corpus)
	if err != nil {
		return nil // not a directory: loading it says what is wrong
	}
	var dirs []dirRole
	for _, e := range ents {
		if n := e.Name(); e.IsDir() && (n == "gt" || n == "tsv" || strings.HasPrefix(n, "ocr")) {
			dirs = append(dirs, dirRole{"the corpus's " + n + "/", filepath.Join(corpus, n)})
		}
	}
	return dirs
}

// samePath reports whether a and b name the same path once made absolute
// and clean (for paths that may not exist yet, which sameFile cannot
// compare).
func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	ba, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == ba
}

// readOCRFile reads an OCR file named among a command's inputs
// (data.ReadFile); an extension of no OCR format is an error that names
// .jsonl too, which correct and profile take beside them.
func readOCRFile(path string) (*data.Text, error) {
	if _, err := data.FormatOf(path); err != nil {
		return nil, fmt.Errorf("%w, or .jsonl (HIPE-OCRepair records)", err)
	}
	return data.ReadFile(path)
}
