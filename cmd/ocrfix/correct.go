package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/internal/par"
	"ocrfix/model"
	"ocrfix/profile"
)

func init() {
	register(command{name: "correct", summary: "correct OCR files with the built-in model or a trained one, keeping their layout and format", run: runCorrect})
}

func runCorrect(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("correct", "correct [-model MODEL] [-profile FILE] -o OUTDIR INPUT... (files or directories; - reads stdin, writes stdout in the same format)", stderr)
	modelPath := fs.String("model", "", "the model written by ocrfix train (default: the built-in model)")
	profPath := fs.String("profile", "", "the profile of the collection the inputs belong to, written by ocrfix profile (default: the inputs' own)")
	outDir := fs.String("o", "", "output directory (required unless the input is -)")
	var alts stringList
	reportDir := fs.String("report", "", "also write DIR/index.html: every change with its context, kind and score, and the changes per document; the same as DIR/changes.csv and DIR/documents.csv")
	fs.Var(&alts, "alt", "directory of another OCR reading of the same documents, files named by the same stems (repeatable)")
	format := fs.String("format", "", "format of standard input: txt, tsv, hocr, alto, page or jsonl (default: from its content)")
	lineBreaks := fs.String("line-breaks", "model", "the hyphen of a word broken at a line end: keep (as read), mark (written ¬, as OCR-D's and the HIPE-OCRepair sets' transcriptions write it; also where a mark or nothing was read for it, and for a compound's hyphen at a line end), or model: mark where the truth the model was trained on writes most broken words with ¬, keep otherwise (the built-in model keeps)")
	lang := fs.String("lang", "en", "HIPE-OCRepair JSONL input: correct the records of this language (document_metadata.language), or all; the others are written as read")
	noHabits := fs.Bool("no-habits", false, "do not adapt the model to the habits of the collection's OCR (a letter it systematically reads as another, like long s as f), found in its profile")
	recursive := fs.Bool("r", false, "read the subdirectories of the directories named too, at any depth, and write each file's correction at its path below the directory named (the tree of a collection kept as a tree: 1850/03/page-001.txt)")
	changeKinds := fs.String("changes", "all", "the kinds of change to make, comma-separated: word, punctuation, case, digits, split, merge, deletion (as eval and -report name them: a change of a word's letters that also changes its marks or case is a word change), or all; the others are left as read (-line-breaks decides the marks of words broken at a line end)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	undo, err := eval.Refused(*changeKinds)
	if err != nil {
		return usagef("-changes: %v", err)
	}
	if fs.NArg() == 0 {
		return usagef("no input: name OCR files or directories, or - for stdin")
	}
	stdin := len(fs.Args()) == 1 && fs.Arg(0) == "-"
	if !stdin && slices.Contains(fs.Args(), "-") {
		return usagef("- (standard input) is corrected alone: name no other input with it")
	}
	if *recursive && stdin {
		return usagef("-r reads directories: name them, not - (standard input)")
	}
	if !stdin && *outDir == "" {
		return usagef("-o OUTDIR is required")
	}
	if *format != "" && !stdin {
		return usagef("-format is for standard input (-); files take their format from their extension")
	}
	if *lineBreaks != "keep" && *lineBreaks != "mark" && *lineBreaks != "model" {
		return usagef("-line-breaks: %q: want keep, mark or model", *lineBreaks)
	}
	if *format != "" && *format != "jsonl" {
		if _, err := data.ParseFormat(*format); err != nil {
			return usagef("-format: %v, or jsonl (HIPE-OCRepair records)", err)
		}
	}
	m, modelDesc, err := loadModel(*modelPath, stderr)
	if err != nil {
		return err
	}
	mark := *lineBreaks == "mark"
	if *lineBreaks == "model" && m.MarksLineBreaks() {
		mark = true
		fmt.Fprintf(stderr, "words broken at a line end are written with %s, as the model's training truth writes them (-line-breaks keep keeps them as read)\n", model.LineBreakMark)
	}
	var given *profile.Profile
	if *profPath != "" {
		if given, err = readProfile(*profPath); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "profile: %s (%s, %d tokens)\n", *profPath, plural(given.Docs(), "document"), given.Tokens())
		if given.Tokens() == 0 {
			fmt.Fprintf(stderr, "warning: the profile %s counts no tokens: the decisions know nothing of the collection (without -profile the inputs' own OCR is their profile)\n", *profPath)
		}
	}
	if stdin {
		var rep *correctReport // the report of the changes, with -report
		if *reportDir != "" {
			if err := data.CheckWritable(*reportDir); err != nil {
				return fmt.Errorf("-report %w", err)
			}
			rep = &correctReport{}
		}
		src, err := data.ReadLimited(stdinFile, "stdin")
		if err != nil {
			return err
		}
		if *format == "jsonl" || *format == "" && data.SniffHIPE(src) {
			if *lineBreaks == "model" && !mark {
				fmt.Fprintf(stderr, hipeMarkNote, model.LineBreakMark)
			}
			if err := correctHIPEStdin(m, given, src, *lang, *lineBreaks == "keep", *noHabits, undo, rep, stdout, stderr); err != nil {
				return err
			}
		} else {
			t, err := readStdin(src, *format)
			if err != nil {
				return err
			}
			am, _ := adapt(m, given, *noHabits, stderr)
			c := correctOne(am, t, nil, given, undo, mark)
			if given == nil {
				noiseNote(stderr, "page", c.Noise) // the page alone was its collection
			}
			var langs languageNotes
			langs.add("stdin", c)
			langs.write(stderr)
			var buf bytes.Buffer
			if err := t.Rewrite(&buf, c.Out); err != nil {
				return err
			}
			if _, err := stdout.Write(buf.Bytes()); err != nil {
				return err
			}
			if rep != nil {
				rep.add("stdin", t.Words(), c)
			}
		}
		if rep == nil {
			return nil
		}
		return rep.write(*reportDir, modelDesc, modelWordLists)
	}
	inputs, err := expandInputs(fs.Args(), *recursive, stderr)
	if err != nil {
		return err
	}
	if len(inputs) == 0 {
		return fmt.Errorf("no OCR files (.txt, .tsv, .hocr, .html, .xml, .jsonl) in %s", strings.Join(fs.Args(), " "))
	}
	if *recursive {
		for _, o := range []outFlag{{"-o", *outDir}, {"-report", *reportDir}} {
			if o.path == "" {
				continue
			}
			if err := outsideInputs(o, fs.Args()); err != nil {
				return err
			}
		}
	}
	if err := checkOutputs(*outDir, inputs, alts); err != nil {
		return err
	}
	dirs := []dirRole{{"the output directory -o", *outDir}}
	inDirs := map[string]bool{}
	for _, in := range inputs {
		if d := filepath.Dir(in.path); !inDirs[d] {
			inDirs[d] = true
			dirs = append(dirs, dirRole{"the directory of the input " + in.path, d})
		}
	}
	for _, a := range alts {
		dirs = append(dirs, dirRole{"the directory of the other reading -alt", a})
	}
	if err := checkReportDir(*reportDir, dirs...); err != nil {
		return err
	}
	for _, o := range []outFlag{{"-o", *outDir}, {"-report", *reportDir}} {
		if o.path == "" {
			continue
		}
		if err := data.CheckWritable(o.path); err != nil {
			return fmt.Errorf("%s %w", o.flag, err)
		}
	}
	// Read everything first so bad input fails before any output (or the
	// output directory) is made, counting the collection's profile on the
	// way; files are read again one batch at a time as they are corrected,
	// so memory holds the model, the profile and a batch, not the
	// collection.
	var own *profile.Profile
	if given == nil {
		own = profile.New(profile.Options{})
	}
	pb := newProgress(stderr) // on a terminal only
	defer pb.done()
	read := 0
	docs, files, err := readCorrectInputs(inputs, alts, *outDir, *lang, func(d correctDoc) {
		if d.rec == nil {
			read++
			pb.update("reading files", read, len(inputs))
		}
		if len(d.t.Tokens) == 0 {
			fmt.Fprintf(stderr, "warning: %s holds no words: written as read\n", d.name)
		}
		if own != nil {
			own.Add(d.t.Words())
		}
	})
	if err != nil {
		return err
	}
	for _, f := range files {
		if len(f.recs) == 0 {
			fmt.Fprintf(stderr, "warning: %s holds no records: written as read\n", f.path)
		}
	}
	if _, err := os.Stat(*outDir); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "making the output directory %s\n", *outDir) // a mistyped -o shows
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return err
	}
	// The files of one run are one collection: their OCR is its profile
	// unless -profile gives the profile of a larger whole.
	prof := given
	if prof == nil {
		prof = own
	}
	m, habits := adapt(m, prof, *noHabits, stderr)
	if len(habits) > 0 {
		modelDesc += ", adapted to the habits of these files' OCR: " + strings.Join(habits, "; ")
	}
	if *lineBreaks == "model" && !mark && slices.ContainsFunc(docs, func(d correctDoc) bool { return d.rec != nil }) {
		fmt.Fprintf(stderr, hipeMarkNote, model.LineBreakMark)
	}
	system := versionString()
	changed, changes, words := 0, 0, 0
	var rep correctReport
	var langs languageNotes
	marks := func(d correctDoc) bool { return mark || *lineBreaks == "model" && d.rec != nil }
	totalWords, doneWords := 0, 0
	for _, d := range docs {
		totalWords += d.words
	}
	err = correctDocs(m, docs, prof, undo, marks, func(d correctDoc, c *model.Correction) error {
		toks := d.t.Words()
		doneWords += d.words
		pb.update("correcting (words)", doneWords, totalWords)
		if *reportDir != "" {
			rep.add(d.name, toks, c)
		}
		changed += c.Changed
		changes += len(eval.Changes(toks, c.Out))
		words += len(toks)
		langs.add(d.name, c)
		if d.rec != nil {
			return d.setOutput(c.Out, system)
		}
		return writeOutput(*outDir, d.rel, func(w *bufio.Writer) error { return d.t.Rewrite(w, c.Out) })
	})
	pb.done()
	if err != nil {
		return err
	}
	kept := 0
	for _, f := range files {
		kept += fillOthers(f, system)
		if err := writeOutput(*outDir, f.rel, func(w *bufio.Writer) error { return data.WriteHIPE(w, f.recs) }); err != nil {
			return err
		}
	}
	if *reportDir != "" {
		if err := rep.write(*reportDir, modelDesc, modelWordLists); err != nil {
			return err
		}
	}
	if kept > 0 {
		fmt.Fprintf(stderr, "%s in another language than -lang %s written as read\n", plural(kept, "HIPE-OCRepair record"), *lang)
	}
	langs.write(stderr)
	fmt.Fprintf(stderr, "corrected %s: %d of %d tokens changed (%s: a merge or a split is one); written to %s\n", countDocs(len(inputs)-len(files), len(files), len(docs)), changed, words, plural(changes, "change"), *outDir)
	return nil
}

// writeOutput writes the file rel below the output directory outDir with
// write, atomically, making the subdirectories rel names (-r).
func writeOutput(outDir, rel string, write func(*bufio.Writer) error) error {
	out := filepath.Join(outDir, rel)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return data.WriteFileAtomic(out, write)
}

// languageNotes collects the documents of a run that the model left as
// read, wholly or in passages, for being of another language than its
// training truth (model.Correction.OtherLanguage), to say so on stderr.
type languageNotes struct {
	whole, partial []string // the documents' names
	passages       int      // of the partial ones
}

// add notes the document name, corrected as c.
func (l *languageNotes) add(name string, c *model.Correction) {
	switch {
	case c.WhollyOtherLanguage():
		l.whole = append(l.whole, name)
	case len(c.OtherLanguage) > 0:
		l.partial = append(l.partial, name)
		l.passages += len(c.OtherLanguage)
	}
}

// write says on w what was noted, naming three documents of each kind at
// most.
func (l *languageNotes) write(w io.Writer) {
	const why = "more of their words are another language's function words than the commonest words of the model's training truth"
	names := func(ns []string) string {
		more := ""
		if len(ns) > 3 {
			more = fmt.Sprintf(" and %d more", len(ns)-3)
		}
		return strings.Join(ns[:min(3, len(ns))], ", ") + more
	}
	if len(l.whole) > 0 {
		fmt.Fprintf(w, "%s of another language than the model's written as read (%s): %s\n", plural(len(l.whole), "document"), why, names(l.whole))
	}
	if len(l.partial) > 0 {
		fmt.Fprintf(w, "%s of another language than the model's left as read in %s (%s): %s\n", plural(l.passages, "paragraph"), plural(len(l.partial), "document"), why, names(l.partial))
	}
}

// hipeMarkNote says why correct marks the line breaks of HIPE-OCRepair
// records by default (-line-breaks model): the truth of every English set
// of the competition seen (BL newspaper snippets: 72 of 74 such words;
// Trove: 273 of 273) writes them ¬, and its scorer removes ¬ with the line
// break. Its argument is model.LineBreakMark.
const hipeMarkNote = "words broken at a line end in HIPE-OCRepair records are written with %s, as the competition's curated truth writes them (-line-breaks keep keeps them as read)\n"

// correctDoc is one document of a correct run: a file, or a record of a
// HIPE-OCRepair JSONL file.
type correctDoc struct {
	t        *data.Text       // nil for a file between its two readings (see load)
	alts     []*data.Text     // the other readings (-alt) of a file, when t is read
	altPaths []string         // their files
	path     string           // the file; for a record, its JSONL file
	rel      string           // where a file is written below the output directory (inputFile.rel)
	name     string           // what the report calls it
	rec      *data.HIPERecord // the record, nil for a file
	sum      uint64           // a file's checksum (fileSum) when first read
	words    int              // its OCR tokens, counted when first read
}

// load returns d with its texts read again when d is a file put down after
// its first reading (readCorrectInputs), an error when a file no longer
// reads, or no longer holds what it held then (the profile counted that).
func (d correctDoc) load() (correctDoc, error) {
	if d.t != nil {
		return d, nil
	}
	t, err := data.ReadFile(d.path)
	if err != nil {
		return d, err
	}
	if fileSum(t.Source) != d.sum {
		return d, fmt.Errorf("%s changed while ocrfix was correcting it: run again", d.path)
	}
	d.t = t
	for _, p := range d.altPaths {
		a, err := data.ReadFile(p)
		if err != nil {
			return d, err
		}
		d.alts = append(d.alts, a)
	}
	return d, nil
}

// fileSum is the checksum by which load knows a file it reads again.
func fileSum(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// correctHeld is how many documents correctDocs holds at once per worker
// (being corrected, or corrected and waiting for those before them):
// enough that a slow document seldom leaves the other workers idle, few
// enough that the corrections held stay small; and correctHeldWords the
// most OCR tokens they hold together per worker, a longer document being
// corrected alone. In batches of four documents per worker, whole books
// (the 45 of ../shared/texts/gutenberg, 5.5 million words, read as OCR)
// were held eight at once: 92 s and 2.54 GB at the peak on 2 cores, 89 s
// and 2.25 GB so, the same bytes; at 100,000 words, 2.03 GB but 109 s (a
// book longer than the bound is corrected alone, a core idle beside it).
// A collection of pages is held four documents per worker, as before.
const (
	correctHeld      = 4
	correctHeldWords = 250_000
)

// correctDocs corrects docs against the collection's profile prof, on one
// goroutine per core (GOMAXPROCS), a bounded number at once (correctHeld,
// correctHeldWords; the files of each read again, correctDoc.load, and let
// go once written), marking the line breaks of those for which mark says
// so (Model.MarkLineBreaks, its changes counted), and calls each with
// every document and its correction in the order of docs, stopping at its
// first error. Each document's correction depends on nothing but itself,
// the model and the profile, so the results are those of correcting one
// after another.
func correctDocs(m *model.Model, docs []correctDoc, prof *profile.Profile, undo func(eval.Change) bool, mark func(correctDoc) bool, each func(correctDoc, *model.Correction) error) error {
	workers := runtime.GOMAXPROCS(0)
	type done struct {
		d   correctDoc // with its texts read (load)
		c   *model.Correction
		err error
	}
	return par.Ordered(len(docs), workers, correctHeldWords*workers, correctHeld*workers,
		func(k int) int { return docs[k].words },
		func(k int) done {
			d, err := docs[k].load()
			if err != nil {
				return done{err: err}
			}
			return done{d: d, c: correctOne(m, d.t, d.alts, prof, undo, mark(d))}
		},
		func(_ int, r done) error {
			if r.err != nil {
				return r.err
			}
			return each(r.d, r.c)
		})
}

// setOutput writes the corrected words out into the record d is, as its
// output made by system.
func (d correctDoc) setOutput(out []string, system string) error {
	var b strings.Builder
	if err := d.t.Rewrite(&b, out); err != nil {
		return err
	}
	d.rec.SetOutput(b.String(), system)
	return nil
}

// docsProfile returns the profile of the collection docs are: their OCR.
func docsProfile(docs []correctDoc) *profile.Profile {
	p := profile.New(profile.Options{})
	for _, d := range docs {
		p.Add(d.t.Words())
	}
	return p
}

// hipeFile is a HIPE-OCRepair JSONL input with its records, written to
// the output directory once all are corrected.
type hipeFile struct {
	path string
	rel  string // where it is written below the output directory (inputFile.rel)
	recs []*data.HIPERecord
}

// readCorrectInputs reads the inputs of correct, each file with its other
// readings from the -alt directories, and each record of a JSONL file of
// language lang (document_metadata.language; every record when lang is
// "all" or the record has none) as a document, and calls visit with each
// document read. A JSONL file read, its records of other languages are
// left without an output. The documents of files are returned without
// their texts (correctDoc.load reads them again); those of records keep
// theirs, the records being held until their file is written.
func readCorrectInputs(ins []inputFile, alts []string, outDir, lang string, visit func(correctDoc)) ([]correctDoc, []*hipeFile, error) {
	var docs []correctDoc
	var files []*hipeFile
	seen := map[string]string{}
	stems := map[string]map[string]string{} // the files of each -alt directory by stem
	for _, file := range ins {
		in := file.path
		if prev, dup := seen[file.rel]; dup {
			return nil, nil, fmt.Errorf("%s and %s would both be written to %s", prev, in, filepath.Join(outDir, file.rel))
		}
		seen[file.rel] = in
		if data.IsHIPEFile(in) {
			if len(alts) > 0 {
				return nil, nil, usagef("-alt: %s: the records of a JSONL file have no other readings by file name", in)
			}
			recs, err := data.ReadHIPEFile(in)
			if err != nil {
				return nil, nil, err
			}
			f := &hipeFile{path: in, rel: file.rel, recs: recs}
			files = append(files, f)
			rd, err := hipeDocs(f, lang)
			if err != nil {
				return nil, nil, err
			}
			for _, d := range rd {
				visit(d)
			}
			docs = append(docs, rd...)
			continue
		}
		t, err := readOCRFile(in)
		if err != nil {
			return nil, nil, err
		}
		d := correctDoc{t: t, path: in, rel: file.rel, name: in, sum: fileSum(t.Source), words: len(t.Tokens)}
		for _, dir := range alts {
			// the other readings of a file found below a subdirectory (-r)
			// lie below the same subdirectory of each -alt directory
			p, err := findStem(stems, filepath.Join(dir, filepath.Dir(file.rel)), data.Stem(in))
			if err != nil {
				return nil, nil, err
			}
			a, err := data.ReadFile(p)
			if err != nil {
				return nil, nil, err
			}
			d.alts = append(d.alts, a)
			d.altPaths = append(d.altPaths, p)
		}
		visit(d)
		d.t, d.alts = nil, nil
		docs = append(docs, d)
	}
	return docs, files, nil
}

// hipeDocs returns the records of f of language lang
// (document_metadata.language; every record when lang is "all" or the
// record names none) as documents to correct.
func hipeDocs(f *hipeFile, lang string) ([]correctDoc, error) {
	var docs []correctDoc
	for _, r := range f.recs {
		if !r.InLanguage(lang) {
			continue
		}
		t, err := r.OCRText(f.path)
		if err != nil {
			return nil, err
		}
		docs = append(docs, correctDoc{t: t, path: f.path, name: filepath.Base(f.path) + "#" + r.ID, rec: r, words: len(t.Tokens)})
	}
	return docs, nil
}

// fillOthers gives the records of f that this run did not correct (those
// of another language) their OCR as output, unless they hold one, and
// returns how many it filled.
func fillOthers(f *hipeFile, system string) int {
	n := 0
	for _, r := range f.recs {
		if !r.HasOutput {
			r.SetOutput(r.OCR, system)
			n++
		}
	}
	return n
}

// countDocs says how many files and records a run corrected.
func countDocs(files, jsonl, docs int) string {
	if jsonl == 0 {
		return plural(files, "file")
	}
	return fmt.Sprintf("%s (%s of %s, %s)", plural(docs, "document"), plural(docs-files, "record"), plural(jsonl, "JSONL file"), plural(files, "other file"))
}

// correctOne corrects t (with the other readings alts) against the
// profile prof, leaves as read the changes undo refuses (nil: none), and
// writes the marks of words broken at a line end where mark says so (a
// mark is a change of its token, as the report shows it).
func correctOne(m *model.Model, t *data.Text, alts []*data.Text, prof *profile.Profile, undo func(eval.Change) bool, mark bool) *model.Correction {
	c := m.Correct(t, alts, prof)
	if undo != nil {
		c.Undo(t, undo)
	}
	if mark {
		m.MarkCorrection(t, c)
	}
	return c
}

// adapt returns m adapted to the habits of the collection whose profile is
// prof (model.Model.Habits), saying so on stderr, and the habits
// described; m itself and none when it has none, when prof is nil or
// under -no-habits. It also says when the collection's OCR reads cleaner
// than the model's training OCR, which raises the margins of its
// corrections (model.Model.NoiseShift, under -no-habits too).
func adapt(m *model.Model, prof *profile.Profile, off bool, stderr io.Writer) (*model.Model, []string) {
	if prof == nil {
		return m, nil
	}
	noiseNote(stderr, "collection", m.NoiseShift(prof))
	if off {
		return m, nil
	}
	hs := m.Habits(prof)
	desc := candgen.Describe(hs)
	for _, d := range desc {
		fmt.Fprintln(stderr, model.HabitNote(d))
	}
	return m.Adapted(hs), desc
}

// noiseNote says on w, when n raised the margins, that the OCR of what
// was corrected (what: "collection" or "page") reads cleaner than the
// model's training OCR (model.Model.NoiseShift).
func noiseNote(w io.Writer, what string, n model.Noise) {
	if note := n.Note(what); note != "" {
		fmt.Fprintln(w, note)
	}
}

// stdinFile is what correct - reads (a variable for the tests).
var stdinFile io.Reader = os.Stdin

// readStdin reads src, one document from standard input, in the format
// named by format ("" to take it from the content, see
// data.SniffFormat); errors name it "stdin".
func readStdin(src []byte, format string) (*data.Text, error) {
	var f data.Format
	if format != "" {
		var err error
		if f, err = data.ParseFormat(format); err != nil {
			return nil, usagef("-format: %v", err)
		}
	}
	if f == "" {
		f = data.SniffFormat(src)
	}
	return data.ReadTextFormat("stdin", f, src)
}

// modelWordLists is what a correct report says of the word lists used:
// the model's own.
var modelWordLists = []string{"those the model was trained with"}

// correctHIPEStdin corrects src, HIPE-OCRepair JSONL read from standard
// input, as one collection (its records of language lang), its profile
// given or made of its records, and writes the JSONL with the outputs
// filled to stdout; line breaks are marked unless keep. The changes go
// into rep too, unless it is nil.
func correctHIPEStdin(m *model.Model, given *profile.Profile, src []byte, lang string, keep, noHabits bool, undo func(eval.Change) bool, rep *correctReport, stdout, stderr io.Writer) error {
	recs, err := data.ReadHIPE("stdin", src)
	if err != nil {
		return err
	}
	f := &hipeFile{path: "stdin", recs: recs}
	var docs []correctDoc
	if docs, err = hipeDocs(f, lang); err != nil {
		return err
	}
	prof := given
	if prof == nil {
		prof = docsProfile(docs)
	}
	am, _ := adapt(m, prof, noHabits, stderr)
	system := versionString()
	marks := func(correctDoc) bool { return !keep }
	var langs languageNotes
	err = correctDocs(am, docs, prof, undo, marks, func(d correctDoc, c *model.Correction) error {
		langs.add(d.name, c)
		if rep != nil {
			rep.add(d.name, d.t.Words(), c)
		}
		return d.setOutput(c.Out, system)
	})
	if err != nil {
		return err
	}
	langs.write(stderr)
	fillOthers(f, system)
	var buf bytes.Buffer
	if err := data.WriteHIPE(&buf, recs); err != nil {
		return err
	}
	_, err = stdout.Write(buf.Bytes())
	return err
}

// checkOutputs refuses an output directory that is a file, an output
// file that is a directory, and an output directory whose files would
// replace an input: the directory of an input (the output of a file is
// named like it), an output file that is an input file under another
// name (a link), or a directory of another reading (-alt). Existing files are compared
// with os.SameFile, so links and different spellings of a path are seen.
func checkOutputs(outDir string, ins []inputFile, alts []string) error {
	if fi, err := os.Stat(outDir); err == nil && !fi.IsDir() {
		return fmt.Errorf("-o %s: is a file, not a directory", outDir)
	}
	for _, file := range ins {
		in, out := file.path, filepath.Join(outDir, file.rel)
		if sameFile(out, in) || sameFile(outDir, filepath.Dir(in)) {
			return fmt.Errorf("-o %s: the output %s would overwrite the input %s: choose another output directory", outDir, out, in)
		}
		if fi, err := os.Stat(out); err == nil && fi.IsDir() {
			return fmt.Errorf("-o %s: the output %s of %s is a directory", outDir, out, in)
		}
	}
	for _, dir := range alts {
		if sameFile(outDir, dir) {
			return fmt.Errorf("-o %s: is the directory of the other reading -alt %s: choose another output directory", outDir, dir)
		}
	}
	return nil
}

// outsideInputs refuses an output directory (-o, -report) inside one of
// the directories args names (or that directory itself), which -r reads
// at any depth: a second run would read the first one's output as input.
func outsideInputs(o outFlag, args []string) error {
	out, err := filepath.Abs(o.path)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(out); err == nil {
		out = real
	}
	for _, a := range args {
		if fi, err := os.Stat(a); err != nil || !fi.IsDir() {
			continue
		}
		in, err := filepath.Abs(a)
		if err != nil {
			return err
		}
		if real, err := filepath.EvalSymlinks(in); err == nil {
			in = real
		}
		if r, err := filepath.Rel(in, out); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return fmt.Errorf("%s %s: lies inside the input directory %s, which -r reads at any depth (a later run would read this one's output): choose a directory outside it", o.flag, o.path, a)
		}
	}
	return nil
}

// sameFile reports whether the paths a and b both exist and are the same
// file or directory.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// readModel loads a model file.
func readModel(path string) (*model.Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	if head, _ := br.Peek(len(profile.Magic)); string(head) == profile.Magic {
		return nil, fmt.Errorf("%s: a profile (written by ocrfix profile), not a model: give it with -profile", path)
	}
	return model.Read(br, path)
}

// inputFile is an OCR file of a run: path, and rel, where it is written
// below the output directory: its name, or with -r its path below the
// directory named that holds it (1850/03/page-001.txt).
type inputFile struct {
	path, rel string
}

// inputPaths returns the paths of ins.
func inputPaths(ins []inputFile) []string {
	out := make([]string, len(ins))
	for i, in := range ins {
		out[i] = in.path
	}
	return out
}

// expandInputs lists the OCR files named by args: files as they are,
// directories by their files with an OCR extension, sorted by their paths
// below the directory. Without recursive a subdirectory is not descended
// into: each one skipped is said on stderr. With it, subdirectories are
// read at any depth, hidden ones (a name starting with a dot) skipped and
// links to directories not followed (each said), so that no loop is
// walked. A directory without OCR files named beside other inputs is said
// on stderr. A file named twice (a directory and a file in it, or two
// spellings of one path) is an error, so that no document counts twice in
// a profile.
func expandInputs(args []string, recursive bool, stderr io.Writer) ([]inputFile, error) {
	var out []inputFile
	var from []string // the directory each file was found in, "" for a file named
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out, from = append(out, inputFile{a, filepath.Base(a)}), append(from, "")
			continue
		}
		var names []inputFile
		var others []string
		if err := listInputDir(a, "", recursive, &names, &others, stderr); err != nil {
			return nil, err
		}
		if len(others) > 0 {
			more := ""
			if len(others) > 3 {
				more = fmt.Sprintf(" and %d more", len(others)-3)
			}
			fmt.Fprintf(stderr, "skipping %s in %s, not OCR files by their extension: %s%s\n", plural(len(others), "file"), a, strings.Join(others[:min(3, len(others))], ", "), more)
		}
		if len(names) == 0 && len(args) > 1 {
			fmt.Fprintf(stderr, "warning: %s holds no OCR files (.txt, .tsv, .hocr, .html, .xml, .jsonl)\n", a)
		}
		sort.Slice(names, func(i, j int) bool { return names[i].rel < names[j].rel })
		out = append(out, names...)
		for range names {
			from = append(from, a)
		}
	}
	return out, distinctFilesFrom(inputPaths(out), from)
}

// listInputDir appends to names the OCR files of the directory dir, which
// lies at rel below the directory named (rel "" for that one), and
// with recursive those of its subdirectories; the names of the other
// files, as paths below the directory named, go to others.
func listInputDir(dir, rel string, recursive bool, names *[]inputFile, others *[]string, stderr io.Writer) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p, r := filepath.Join(dir, e.Name()), filepath.Join(rel, e.Name())
		isDir, link := e.IsDir(), e.Type()&fs.ModeSymlink != 0
		if link {
			// a link: what it leads to decides (a loop or a link to
			// nothing is an error that names the link)
			fi, err := os.Stat(p)
			if err != nil {
				return fmt.Errorf("%s: a link that leads to no file: %w", p, cause(err))
			}
			isDir = fi.IsDir()
		}
		switch {
		case isDir && !recursive:
			fmt.Fprintf(stderr, "skipping %s: ocrfix does not descend into subdirectories (name it to read it, or give -r)\n", p)
		case isDir && link:
			fmt.Fprintf(stderr, "skipping %s: -r does not follow a link to a directory (name it to read it)\n", p)
		case isDir:
			if err := listInputDir(p, r, recursive, names, others, stderr); err != nil {
				return err
			}
		default:
			if _, err := data.FormatOf(e.Name()); err == nil || data.IsHIPEFile(e.Name()) {
				*names = append(*names, inputFile{p, r})
			} else {
				*others = append(*others, r)
			}
		}
	}
	return nil
}

// distinctFiles returns an error when two of paths are the same file:
// the same absolute path once symbolic links are resolved (two spellings
// of one path, a link).
func distinctFiles(paths []string) error { return distinctFilesFrom(paths, nil) }

// distinctFilesFrom is distinctFiles for paths found in the directories
// from (one per path, "" for a path named itself; nil: all named), which
// its error names: a directory and a file in it named both.
func distinctFilesFrom(paths, from []string) error {
	seen := make(map[string]int, len(paths))
	how := func(i int) string {
		if from == nil || from[i] == "" {
			return "as " + paths[i]
		}
		return "in the directory " + from[i]
	}
	for i, p := range paths {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, cause(err))
		}
		if real, err = filepath.Abs(real); err != nil {
			return err
		}
		if j, dup := seen[real]; dup {
			switch {
			case how(i) != how(j):
				return fmt.Errorf("%s is named twice, %s and %s: each input counts once", p, how(j), how(i))
			case from == nil || from[i] == "":
				return fmt.Errorf("%s is named twice: each input counts once", p)
			default:
				return fmt.Errorf("%s is found twice: the directory %s is named twice: each input counts once", p, from[i])
			}
		}
		seen[real] = i
	}
	return nil
}

// findStem returns the file of dir whose stem is stem (the first by name),
// listing each directory once into stems.
func findStem(stems map[string]map[string]string, dir, stem string) (string, error) {
	byStem, ok := stems[dir]
	if !ok {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return "", fmt.Errorf("-alt %s: %w", dir, cause(err))
		}
		byStem = map[string]string{}
		for _, e := range ents {
			if s := data.Stem(e.Name()); !e.IsDir() && byStem[s] == "" {
				byStem[s] = filepath.Join(dir, e.Name())
			}
		}
		stems[dir] = byStem
	}
	if p := byStem[stem]; p != "" {
		return p, nil
	}
	return "", fmt.Errorf("%s: no reading of %s", dir, stem)
}

// plural returns n and the noun, with an s unless n is 1 (1 file, 2 files).
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// cause returns a file-system error without the path it names (the
// link's target, a resolved path), for a message that names the file as
// given; "too many links" for a link loop.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	if strings.Contains(err.Error(), "too many links") {
		return errors.New("too many links (a loop of links)")
	}
	return err
}
