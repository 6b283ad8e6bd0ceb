package main

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// book is one source text of a collection: <Stem>.txt in the texts
// directory, and where its body lies. The body starts at the paragraph
// holding the FromNth line (1-based; 0 means 1) equal to From (after
// trailing spaces are trimmed) and ends before the first line equal to
// Until after it ("" for the end of the file). This skips title pages,
// tables of contents, modern prefaces, collected footnotes and publishers'
// advertisements.
type book struct {
	Stem    string
	From    string
	FromNth int
	Until   string
}

// collection is a benchmark collection: its books and its rendering regime.
type collection struct {
	Name   string
	Title  string // a line for the README's title
	Books  []book
	Regime regime
}

// The fonts of the collections (all from the Debian packages of
// requiredPackages; text2image names them so).
var (
	plainSerif = []string{"DejaVu Serif", "Liberation Serif", "FreeSerif", "Noto Serif"}
	plainSans  = []string{"DejaVu Sans", "Liberation Sans", "FreeSans", "Noto Sans"}
	// Narrow type of periodicals: condensed faces beside ordinary ones.
	pressSerif = []string{"DejaVu Serif Semi-Condensed", "Liberation Serif", "FreeSerif", "Noto Serif"}
	pressSans  = []string{"DejaVu Sans Semi-Condensed", "Liberation Sans Narrow Condensed", "FreeSans"}
)

// collections are the benchmark collections of the transfer benchmark
// (leave one collection out: train on others, correct this one without its
// labels). The books are fixed: they are kept out of the language model's
// training text. Each collection has its own regime so its noise differs
// from the others' and from the Austen corpus's:
//
//   - early: 17th-18th century spelling and style; moderate noise: serif
//     type only, 150-200 dpi, em 17-24 px, half the documents distorted,
//     lighter exposure for half.
//
// Exposure +1 together with distortion loses most words at these sizes
// (recall 0.21-0.59 on the five such documents of a calibration run of
// early, 0.13 on one of periodicals), so no regime draws exposure +1.
//   - periodicals: 19th-century magazines and newspaper sketches; noisy:
//     small and condensed type on narrow pages, 120-150 dpi, em 17-21 px,
//     half the larger type distorted, lighter exposure for half, always
//     rotated (exposure +1 at these sizes loses most words: calibration
//     gave recall 0.35-0.63 on such documents, so it is left out).
//   - science-law: lectures, a legal treatise, a military manual with
//     numbered paragraphs and tables; fairly clean: 200-300 dpi, small
//     type (em 18-26 px, down to 5 pt), distortion for under a third.
//     (Type of em 24-34 px gave recall 0.95-1.00, 0.985 overall, in a
//     calibration run: too clean to test anything.)
//
// Changing a regime or a book changes its collection: regenerate it.
var collections = []collection{
	{
		Name:  "early",
		Title: "17th-18th century books (angling dialogue, letters, natural history)",
		Books: []book{
			{Stem: "complete-angler", From: "To the Right Worshipful JOHN OFFLEY Of MADELY Manor in the County of", Until: "FINIS."},
			{Stem: "letters-american-farmer", From: "LETTER I", Until: "The End"},
			{Stem: "natural-history-of-selborne", From: "LETTERS to THOMAS PENNANT, ESQ."},
		},
		Regime: regime{
			Name:         "early",
			Classes:      []fontClass{{"serif", plainSerif}},
			Resolutions:  []int{150, 180, 200},
			EmMin:        17,
			EmMax:        24,
			PtMin:        6,
			PtMax:        13,
			DistortMinEm: 0,
			DistortP:     0.5,
			Exposures:    []int{-1, 0},
			RotateP:      0.7,
			DegradeP:     1,
			PageWidthIn:  6.5,
			PageHeightIn: 9,
			MarginIn:     0.6,
		},
	},
	{
		Name:  "periodicals",
		Title: "19th-century magazines and newspaper sketches",
		Books: []book{
			{Stem: "atlantic-monthly-1864-01", From: "GOVERNOR JOHN WINTHROP IN OLD ENGLAND.", Until: "FOOTNOTES:"},
			{Stem: "girls-own-paper-1886-10-02", From: "MERLE'S CRUSADE."},
			{Stem: "sketches-new-and-old", From: "PREFACE"},
		},
		Regime: regime{
			Name:         "periodicals",
			Classes:      []fontClass{{"serif", pressSerif}, {"sans", pressSans}},
			Resolutions:  []int{120, 150},
			EmMin:        17,
			EmMax:        21,
			PtMin:        6,
			PtMax:        12,
			DistortMinEm: 18.5,
			DistortP:     0.5,
			Exposures:    []int{-1, 0},
			RotateP:      1,
			DegradeP:     1,
			PageWidthIn:  5,
			PageHeightIn: 8,
			MarginIn:     0.4,
		},
	},
	{
		Name:  "science-law",
		Title: "lectures, a legal treatise and a military manual",
		Books: []book{
			{Stem: "chemical-history-of-a-candle", From: "LECTURE I.", FromNth: 2, Until: "NOTES."},
			{Stem: "common-law", From: "LECTURE I. -- EARLY FORMS OF LIABILITY.", Until: "FOOTNOTES"},
			{Stem: "infantry-drill-regulations", From: "PART I.--DRILL.", Until: "Official:"},
		},
		Regime: regime{
			Name:         "science-law",
			Classes:      []fontClass{{"serif", plainSerif}, {"sans", plainSans}},
			Resolutions:  []int{200, 240, 300},
			EmMin:        18,
			EmMax:        26,
			PtMin:        5,
			PtMax:        12,
			DistortMinEm: 0,
			DistortP:     0.3,
			Exposures:    []int{-1, 0},
			RotateP:      0.5,
			DegradeP:     1,
			PageWidthIn:  6.5,
			PageHeightIn: 9,
			MarginIn:     0.6,
		},
	},
}

func collectionNames() string {
	var ns []string
	for _, c := range collections {
		ns = append(ns, c.Name)
	}
	return strings.Join(ns, ", ")
}

func findCollection(name string) *collection {
	for i := range collections {
		if collections[i].Name == name {
			return &collections[i]
		}
	}
	return nil
}

// paragraph is a block of non-blank lines of a book.
type paragraph struct {
	index int // 0-based, counted over the whole file
	line  int // 1-based line number of its first line
	lines []string
	words int
}

// skipPara reports whether a paragraph is a producer's insertion rather
// than text of the book (an illustration marker, a transcriber's note).
func skipPara(p paragraph) bool {
	f := strings.TrimSpace(p.lines[0])
	return strings.HasPrefix(f, "[Illustration") || strings.HasPrefix(f, "[Transcriber")
}

// readBody returns the body paragraphs of a book (see book).
func readBody(dir string, b book) ([]paragraph, error) {
	path := filepath.Join(dir, b.Stem+".txt")
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var paras []paragraph
	var cur *paragraph
	from, until, seen := 0, 0, 0
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		if from == 0 && line == b.From {
			if seen++; seen == max(1, b.FromNth) {
				from = n
			}
		} else if from > 0 && until == 0 && b.Until != "" && line == b.Until {
			until = n
		}
		if strings.TrimSpace(line) == "" {
			cur = nil
			continue
		}
		if cur == nil {
			paras = append(paras, paragraph{index: len(paras), line: n})
			cur = &paras[len(paras)-1]
		}
		cur.lines = append(cur.lines, line)
		cur.words += len(strings.Fields(line))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", path, n, err)
	}
	if from == 0 {
		return nil, fmt.Errorf("%s: no line %q (occurrence %d) to start the body at", path, b.From, max(1, b.FromNth))
	}
	if b.Until != "" && until == 0 {
		return nil, fmt.Errorf("%s: no line %q after line %d to end the body at", path, b.Until, from)
	}
	var body []paragraph
	for _, p := range paras {
		// The paragraph holding the From line starts the body.
		last := p.line + len(p.lines) - 1
		if last < from || (until > 0 && p.line >= until) || skipPara(p) {
			continue
		}
		body = append(body, p)
	}
	return body, nil
}

// chooseCollection picks perBook documents from each book of a collection:
// the body is cut into perBook strata of about equal words (at paragraph
// boundaries) and from each stratum one run of whole consecutive
// paragraphs is drawn with the seed: a length is drawn uniformly from
// minWords to maxWords (to three quarters of the stratum's words where that
// is less), and the run is drawn among the shortest runs from a paragraph
// that reach that length, have at most maxWords and end inside the stratum
// (if there are none, runs that reach minWords). So documents never
// overlap and spread over the whole book.
func chooseCollection(dir string, col collection, seed uint64, perBook, minWords, maxWords int) ([]*document, error) {
	var docs []*document
	for _, b := range col.Books {
		body, err := readBody(dir, b)
		if err != nil {
			return nil, err
		}
		total := 0
		for _, p := range body {
			total += p.words
		}
		// stratum[i] is the stratum of body[i].
		stratum := make([]int, len(body))
		cum := 0
		for i, p := range body {
			stratum[i] = cum * perBook / max(1, total)
			cum += p.words
		}
		h := fnv.New64a()
		h.Write([]byte(b.Stem))
		rng := rand.New(rand.NewPCG(seed, h.Sum64()))
		for s := 0; s < perBook; s++ {
			sw := 0 // the stratum's words
			for i := range body {
				if stratum[i] == s {
					sw += body[i].words
				}
			}
			// The length aimed at: uniform from minWords to maxWords, or
			// to three quarters of the stratum where that is less (so
			// that runs may start at several places).
			hi := max(minWords, min(maxWords, sw*3/4))
			target := minWords + rng.IntN(hi-minWords+1)
			type run struct{ s, e, words int }
			var cands []run
			for _, want := range []int{target, minWords} {
				for i := range body {
					if stratum[i] != s {
						continue
					}
					w := 0
					for e := i; e < len(body) && stratum[e] == s; e++ {
						w += body[e].words
						if w >= want {
							if w <= maxWords {
								cands = append(cands, run{i, e, w})
							}
							break
						}
					}
				}
				if len(cands) > 0 {
					break
				}
			}
			if len(cands) == 0 {
				return nil, fmt.Errorf("%s: stratum %d of %d holds no run of %d-%d words (the body has %d words)", b.Stem, s+1, perBook, minWords, maxWords, total)
			}
			r := cands[rng.IntN(len(cands))]
			d := &document{Source: b.Stem, First: body[r.s].index, Last: body[r.e].index, Words: r.words, KeepLayout: true}
			d.Stem = fmt.Sprintf("%s_p%04d", b.Stem, d.First)
			for i := r.s; i <= r.e; i++ {
				if i > r.s {
					d.Lines = append(d.Lines, "")
				}
				d.Lines = append(d.Lines, body[i].lines...)
			}
			docs = append(docs, d)
		}
	}
	return docs, nil
}
