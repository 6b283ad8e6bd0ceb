// Command gencorpus makes ocrfix's corpora of rendered and re-read
// public-domain text: the embedded corpus (data/corpus) and, with
// -collection NAME, the benchmark collections (data/collections/NAME).
//
// The embedded corpus is made from Jane Austen's six novels: it picks about 60 documents (chapters or runs of
// consecutive chapters) with a seed, renders each to page images with
// text2image under per-document settings drawn from the seed (font, point
// size, resolution, exposure, distortion, rotation), reads the pages back
// with Tesseract (-l eng: ocr/ and tsv/; -l Latin on the same images:
// ocr.latin/), and writes gt/, ocr/, ocr.latin/, tsv/, manifest.tsv and
// README.md with the raw recall of each reading. Page images live in a
// temporary directory and are removed.
//
//	go run ./scripts/gencorpus -texts ../shared/texts/austen -out data/corpus -seed 1 -jobs 2
//
// With -testdata DIR it also writes small real Tesseract samples (txt, tsv,
// hOCR, ALTO of one two-page run, with their gt) for the format tests.
// With -only STEM,STEM it makes only those documents (same settings as in
// the full run), for checking that a rebuild gives the same bytes; use
// another -out then.
//
// It needs the Debian packages tesseract-ocr, tesseract-ocr-eng,
// tesseract-ocr-script-latn, fonts-dejavu-core, fonts-liberation,
// fonts-freefont-ttf and fonts-noto-core, and says so when one is missing.
// Same seed and same installed versions give the same corpus.
//
// With -collection NAME (early, periodicals or science-law; see
// collections.go) it makes a benchmark collection instead, from three books
// of ../shared/texts/gutenberg: -per-book runs of whole paragraphs per book
// chosen with the seed, rendered under the collection's own regime (so each
// collection is noisy in its own way) and read by Tesseract -l eng only
// (ocr/ and tsv/, no second reading):
//
//	go run ./scripts/gencorpus -collection periodicals -texts ../shared/texts/gutenberg -out data/collections/periodicals -seed 1 -jobs 2
//
// With -long-s as well, every s inside a word is set as the long s (ſ) on
// the page images, as 17th- and 18th-century type did, and the truth keeps
// s: the same documents and settings as the collection without it, so the
// two differ by the long s alone. data/habits/long-s-early is early so made,
// a real test of model.Habits (Tesseract's eng model reads ſ as f nearly
// everywhere, and as l now and then):
//
//	go run ./scripts/gencorpus -collection early -long-s -texts ../shared/texts/gutenberg -out data/habits/long-s-early -seed 1 -jobs 2
//
// With -hyphenate, each paragraph is set in lines as narrow as its page
// allows (0.6 em per character) and a word that does not fit is broken at
// the line end with a hyphen, as a compositor of narrow columns did
// (hyphenate); the truth is the text as printed, broken words and all.
// data/habits/hyphen-periodicals is periodicals so made, a real test of
// how ocrfix corrects words broken across lines:
//
//	go run ./scripts/gencorpus -collection periodicals -hyphenate -texts ../shared/texts/gutenberg -out data/habits/hyphen-periodicals -seed 1 -jobs 2
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"ocrfix/align"
	"ocrfix/data"
)

const altName = "latin" // the second reading: ocr.latin/

type config struct {
	texts, out, testdata string
	seed                 uint64
	jobs                 int
	perNovel             int
	perBook              int
	minWords, maxWords   int
	collection           *collection // nil: the Austen corpus
	regime               regime      // austenRegime or the collection's
	only                 map[string]bool
	gzipTSV              bool
	keep                 bool
	resume               bool
	list                 bool
	longS                bool // print the long s on the page images (longS)
	hyphenate            bool // set the text in narrow lines with words broken at their ends (hyphenate)
}

func main() {
	var c config
	var only string
	var coll string
	flag.StringVar(&coll, "collection", "", "make this benchmark collection ("+collectionNames()+") instead of the Austen corpus")
	flag.StringVar(&c.texts, "texts", "", "directory of the source texts (default ../shared/texts/austen, or ../shared/texts/gutenberg with -collection)")
	flag.StringVar(&c.out, "out", "data/corpus", "corpus directory to write (\"\" for none)")
	flag.StringVar(&c.testdata, "testdata", "", "also write Tesseract format samples to this directory")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the document choice and of every document's settings")
	flag.IntVar(&c.jobs, "jobs", 2, "documents processed in parallel (each tool runs single-threaded)")
	flag.IntVar(&c.perNovel, "per-novel", 10, "documents per novel (the Austen corpus)")
	flag.IntVar(&c.perBook, "per-book", 8, "documents per book (-collection)")
	flag.IntVar(&c.minWords, "min-words", 1500, "fewest words in a document")
	flag.IntVar(&c.maxWords, "max-words", 0, "most words in a document (default 4000, or 3000 with -collection)")
	flag.StringVar(&only, "only", "", "comma-separated stems: make only these documents")
	flag.BoolVar(&c.gzipTSV, "gzip-tsv", true, "gzip the Tesseract TSV files (tsv/<doc>.tsv.gz)")
	flag.BoolVar(&c.keep, "keep", false, "keep the temporary directory with the page images")
	flag.BoolVar(&c.resume, "resume", false, "read back documents whose files -out already holds (an interrupted run) instead of making them again")
	flag.BoolVar(&c.longS, "long-s", false, "set every s inside a word as the long s (ſ) on the page images, as 17th- and 18th-century type did; the truth keeps s (-collection only)")
	flag.BoolVar(&c.hyphenate, "hyphenate", false, "set the text in narrow lines as a compositor did, breaking words at line ends with a hyphen; the truth keeps the broken words as printed (-collection only)")
	flag.BoolVar(&c.list, "list", false, "print the documents and their settings, make nothing")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "gencorpus: unexpected arguments:", flag.Args())
		os.Exit(2)
	}
	c.regime = austenRegime
	if coll != "" {
		col := findCollection(coll)
		if col == nil {
			fmt.Fprintf(os.Stderr, "gencorpus: -collection %q: no such collection (have %s)\n", coll, collectionNames())
			os.Exit(2)
		}
		if c.testdata != "" {
			fmt.Fprintln(os.Stderr, "gencorpus: -testdata is for the Austen corpus only")
			os.Exit(2)
		}
		c.collection, c.regime = col, col.Regime
		c.texts = cmp.Or(c.texts, "../shared/texts/gutenberg")
		c.maxWords = cmp.Or(c.maxWords, 3000)
	} else if c.longS || c.hyphenate {
		fmt.Fprintln(os.Stderr, "gencorpus: -long-s and -hyphenate are for -collection only")
		os.Exit(2)
	}
	c.texts = cmp.Or(c.texts, "../shared/texts/austen")
	c.maxWords = cmp.Or(c.maxWords, 4000)
	if only != "" {
		c.only = map[string]bool{}
		for _, s := range strings.Split(only, ",") {
			c.only[strings.TrimSpace(s)] = true
		}
	}
	if err := generate(c); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}

// result is one generated document.
type result struct {
	doc   *document
	set   settings
	pages int
	ocr   []byte // Tesseract -l eng text, pages concatenated
	tsv   []byte // Tesseract -l eng TSV
	alt   []byte // Tesseract -l Latin text (the Austen corpus only)
	took  time.Duration
	gtW   int
	ocrM  int
	altM  int
}

// generate runs gencorpus with c: lists the documents (-list), or makes
// them and writes the corpus, its manifest and README.
func generate(c config) error {
	start := time.Now()
	if err := checkTools(c.regime.fonts(), c.alt()); err != nil {
		return fmt.Errorf("%v\nneeds the Debian packages: %s", err, strings.Join(requiredPackages, ", "))
	}
	docs, all, err := chooseDocs(c)
	if err != nil {
		return err
	}
	if c.list {
		for _, d := range docs {
			s := drawSettings(docRand(c.seed, d.Stem), c.regime)
			fmt.Printf("%s\t%d\t%s\t%d\t%d\t%.1f\t%v\t%d\t%v\n", d.Stem, d.Words, s.Font, s.PtSize, s.Resolution, s.Em(), s.Distort, s.Exposure, s.Rotate)
		}
		return nil
	}
	tmp, err := os.MkdirTemp("", "gencorpus-")
	if err != nil {
		return err
	}
	if c.keep {
		fmt.Fprintln(os.Stderr, "gencorpus: page images kept in", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	tess, pkgs := toolVersions()
	fmt.Fprintf(os.Stderr, "gencorpus: %s; %d documents, %d jobs\n", tess, len(docs), c.jobs)

	if c.testdata != "" {
		if err := writeTestdata(c, tmp, all); err != nil {
			return err
		}
	}
	if c.out == "" {
		return nil
	}
	for _, sub := range c.subdirs() {
		if err := os.MkdirAll(filepath.Join(c.out, sub), 0o755); err != nil {
			return err
		}
	}

	results, err := makeDocs(c, tmp, docs)
	if err != nil {
		return err
	}
	if c.only == nil {
		if err := removeStale(c, docs); err != nil {
			return err
		}
	}
	if c.collection != nil {
		if err := writeCollectionManifest(c, results, tess); err != nil {
			return err
		}
		if err := writeCollectionReadme(c, results, tess, pkgs); err != nil {
			return err
		}
	} else {
		if err := writeManifest(c, results, tess); err != nil {
			return err
		}
		if err := writeReadme(c, results, tess, pkgs); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "gencorpus: done in %s (%d CPUs)\n", time.Since(start).Round(time.Second), runtime.NumCPU())
	return nil
}

// chooseDocs returns the documents of the run (of those chosen for the
// seed, the ones -only names when it is set) and all the chosen ones.
func chooseDocs(c config) (docs, all []*document, err error) {
	if c.collection != nil {
		docs, err = chooseCollection(c.texts, *c.collection, c.seed, c.perBook, c.minWords, c.maxWords)
	} else {
		docs, err = chooseDocuments(c.texts, c.seed, c.perNovel, c.minWords, c.maxWords)
	}
	if err != nil {
		return nil, nil, err
	}
	all = docs
	if c.only != nil {
		var sel []*document
		for _, d := range docs {
			if c.only[d.Stem] {
				sel = append(sel, d)
				delete(c.only, d.Stem)
			}
		}
		if len(c.only) > 0 {
			var miss []string
			for s := range c.only {
				miss = append(miss, s)
			}
			sort.Strings(miss)
			return nil, nil, fmt.Errorf("-only: no such document for seed %d: %s", c.seed, strings.Join(miss, ", "))
		}
		docs = sel
	}
	return docs, all, nil
}

// makeDocs makes the documents with c.jobs workers, in tmp, reporting
// each on stderr as it is done, and returns their results in the order
// of docs, or the errors of those that failed.
func makeDocs(c config, tmp string, docs []*document) ([]*result, error) {
	results := make([]*result, len(docs))
	errs := make([]error, len(docs))
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	next := make(chan int)
	for w := 0; w < max(1, c.jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := makeDoc(c, tmp, docs[i])
				results[i], errs[i] = r, err
				mu.Lock()
				done++
				if err != nil {
					fmt.Fprintf(os.Stderr, "gencorpus: %d/%d %s: %v\n", done, len(docs), docs[i].Stem, err)
				} else {
					alt := ""
					if c.alt() {
						alt = fmt.Sprintf(" %s %.4f", altName, frac(r.altM, r.gtW))
					}
					fmt.Fprintf(os.Stderr, "gencorpus: %d/%d %s: %d words, %d pages, %s %dpt %ddpi distort=%v exposure=%d: recall %s %.4f%s (%.0fs)\n",
						done, len(docs), r.doc.Stem, r.gtW, r.pages, r.set.Font, r.set.PtSize, r.set.Resolution, r.set.Distort, r.set.Exposure,
						"eng", frac(r.ocrM, r.gtW), alt, r.took.Seconds())
				}
				mu.Unlock()
			}
		}()
	}
	for i := range docs {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return results, nil
}

// alt reports whether the run makes the second reading (ocr.latin/): the
// Austen corpus does, the collections do not.
func (c config) alt() bool { return c.collection == nil }

// subdirs returns the directories of the documents' files.
func (c config) subdirs() []string {
	if c.alt() {
		return []string{"gt", "ocr", "ocr." + altName, "tsv"}
	}
	return []string{"gt", "ocr", "tsv"}
}

// printed returns the text of document d as its pages print it (before
// the long s): RenderText, set in narrow lines by hyphenate with
// -hyphenate.
func (c config) printed(d *document, s settings) []byte {
	if c.hyphenate {
		return hyphenate(d.RenderText(), lineWidth(s))
	}
	return d.RenderText()
}

// truth returns the gt of document d: its lines, or with -hyphenate the
// lines as printed, broken words and all.
func (c config) truth(d *document, s settings) []byte {
	if c.hyphenate {
		return c.printed(d, s)
	}
	return d.GT()
}

func frac(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// makeDoc renders, reads and writes one document.
func makeDoc(c config, tmp string, d *document) (*result, error) {
	t0 := time.Now()
	dir := filepath.Join(tmp, d.Stem)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	r := &result{doc: d, set: drawSettings(docRand(c.seed, d.Stem), c.regime)}
	if c.resume {
		if ok, err := reuse(c, r); ok || err != nil {
			return r, err
		}
	}
	var err error
	text := c.printed(d, r.set)
	if c.longS {
		text = longS(text)
	}
	if r.pages, err = render(dir, "page", text, r.set); err != nil {
		return nil, fmt.Errorf("%s: %w", d.Stem, err)
	}
	if err := run(dir, "tesseract", "page.tif", "eng", "-l", "eng", "txt", "tsv"); err != nil {
		return nil, fmt.Errorf("%s: %w", d.Stem, err)
	}
	if c.alt() {
		if err := run(dir, "tesseract", "page.tif", "lat", "-l", "Latin", "txt"); err != nil {
			return nil, fmt.Errorf("%s: %w", d.Stem, err)
		}
	}
	for _, f := range []struct {
		dst  *[]byte
		name string
		want bool
	}{{&r.ocr, "eng.txt", true}, {&r.tsv, "eng.tsv", true}, {&r.alt, "lat.txt", c.alt()}} {
		if !f.want {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Stem, err)
		}
		*f.dst = b
	}
	// The pages Tesseract read (text2image may add a blank last page).
	r.pages = tsvPages(r.tsv)
	// Tesseract ends every page's text with a form feed; the pages are
	// joined without it (each page's text already ends with a newline).
	r.ocr = bytes.ReplaceAll(r.ocr, []byte("\f"), nil)
	r.alt = bytes.ReplaceAll(r.alt, []byte("\f"), nil)
	if !c.keep {
		os.RemoveAll(dir)
	}
	gt := c.truth(d, r.set)
	r.gtW, r.ocrM = recall(gt, r.ocr)
	if c.alt() {
		_, r.altM = recall(gt, r.alt)
	}
	tsv := r.tsv
	tsvName := d.Stem + ".tsv"
	if c.gzipTSV {
		if tsv, err = gzipBytes(tsv); err != nil {
			return nil, err
		}
		tsvName += ".gz"
	}
	for _, f := range []struct {
		sub, name string
		b         []byte
		want      bool
	}{
		{"gt", d.Stem + ".txt", gt, true},
		{"ocr", d.Stem + ".txt", r.ocr, true},
		{"ocr." + altName, d.Stem + ".txt", r.alt, c.alt()},
		{"tsv", tsvName, tsv, true},
	} {
		if !f.want {
			continue
		}
		if err := writeFile(filepath.Join(c.out, f.sub, f.name), f.b); err != nil {
			return nil, err
		}
	}
	r.took = time.Since(t0)
	return r, nil
}

// recall returns the number of gt words and how many of them the
// order-preserving alignment with pred matches (exact whitespace tokens).
func recall(gt, pred []byte) (gtWords, matched int) {
	v := align.NewVocab()
	a := v.IDs(strings.Fields(string(gt)))
	b := v.IDs(strings.Fields(string(pred)))
	return len(a), align.LCSLength(a, b)
}

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	// The zero header (no name, no time) keeps the bytes reproducible.
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeFile(path string, b []byte) error {
	return data.WriteFileAtomic(path, func(w *bufio.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// removeStale deletes generated files of documents that are no longer in
// the corpus (a full run with other options).
func removeStale(c config, docs []*document) error {
	keep := map[string]bool{}
	for _, d := range docs {
		keep[d.Stem] = true
	}
	for _, sub := range c.subdirs() {
		ents, err := os.ReadDir(filepath.Join(c.out, sub))
		if err != nil {
			return err
		}
		for _, e := range ents {
			stem, _, _ := strings.Cut(e.Name(), ".")
			if !keep[stem] {
				if err := os.Remove(filepath.Join(c.out, sub, e.Name())); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
