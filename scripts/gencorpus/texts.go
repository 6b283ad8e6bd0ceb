package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// novels lists the source files (without .txt) in a fixed order; the stem of
// a document starts with the novel's name.
var novels = []string{
	"emma", "mansfield_park", "northanger_abbey",
	"persuasion", "pride_prejudice", "sense_sensibility",
}

var (
	chapterRE = regexp.MustCompile(`^(CHAPTER|Chapter) [0-9IVXLC]+$`)
	// Lines that close a novel; everything from them on is dropped.
	endRE = regexp.MustCompile(`^(FINIS|Finis|THE END|A NOTE ON THE TEXT)$`)
	// Lines between chapters that belong to no chapter.
	volumeRE = regexp.MustCompile(`^(VOLUME|Volume) [IVX]+$`)
)

// chapter is one chapter of a novel: its 1-based index in the novel (volumes
// that restart their numbering, as in Emma, are counted through) and its
// lines, heading included.
type chapter struct {
	index int
	lines []string
	words int
}

// readChapters splits a novel into chapters.
func readChapters(path string) ([]chapter, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var chs []chapter
	sc := bufio.NewScanner(bytes.NewReader(src))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		if endRE.MatchString(line) {
			break
		}
		if chapterRE.MatchString(line) {
			chs = append(chs, chapter{index: len(chs) + 1})
		}
		if len(chs) == 0 || volumeRE.MatchString(line) {
			continue
		}
		c := &chs[len(chs)-1]
		c.lines = append(c.lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", path, n, err)
	}
	if len(chs) == 0 {
		return nil, fmt.Errorf("%s: no chapter headings found", path)
	}
	for i := range chs {
		c := &chs[i]
		// Trim blank lines at the end (and a footnote marker line of
		// Northanger Abbey's last chapter is kept: it is text).
		for len(c.lines) > 0 && c.lines[len(c.lines)-1] == "" {
			c.lines = c.lines[:len(c.lines)-1]
		}
		for _, l := range c.lines {
			c.words += len(strings.Fields(l))
		}
	}
	return chs, nil
}

// document is one document of a corpus: a run of consecutive chapters of
// a novel, or of consecutive paragraphs of a book (a collection).
type document struct {
	Stem   string
	Source string // the novel or book, its file name without .txt
	First  int    // first chapter or paragraph index
	Last   int    // last chapter or paragraph index
	Words  int
	Lines  []string // the gt lines
	// KeepLayout renders a paragraph with a line that starts with a space
	// or holds a run of three spaces (verse, tables, lists) line by line
	// as in the source; other paragraphs become one line.
	KeepLayout bool
}

// GT returns the ground-truth file contents.
func (d *document) GT() []byte {
	var b bytes.Buffer
	for _, l := range d.Lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// RenderText returns the text given to text2image: the gt with one paragraph
// per line (the lines of a paragraph joined by single spaces), paragraphs
// separated by a blank line. Its whitespace tokens are exactly the gt's.
func (d *document) RenderText() []byte {
	var b bytes.Buffer
	var para, raw []string
	flush := func() {
		if len(para) > 0 {
			if d.KeepLayout && laidOut(raw) {
				b.WriteString(strings.Join(dedent(raw), "\n"))
			} else {
				b.WriteString(strings.Join(para, " "))
			}
			b.WriteString("\n\n")
			para, raw = para[:0], raw[:0]
		}
	}
	for _, l := range d.Lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			flush()
			continue
		}
		para = append(para, strings.Join(f, " "))
		raw = append(raw, l)
	}
	flush()
	if d.KeepLayout {
		// text2image fails ("Null box at index 0") on text that starts
		// with a space.
		return bytes.TrimLeft(b.Bytes(), " ")
	}
	return b.Bytes()
}

// dedent removes the indentation of spaces common to all lines, keeping
// their relative indentation.
func dedent(lines []string) []string {
	cut := -1
	for _, l := range lines {
		n := len(l) - len(strings.TrimLeft(l, " "))
		if cut < 0 || n < cut {
			cut = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l[cut:]
	}
	return out
}

// laidOut reports whether a paragraph's lines carry layout: a line starts
// with a space or holds a tab or three spaces in a row.
func laidOut(lines []string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, " ") || strings.Contains(l, "\t") || strings.Contains(l, "   ") {
			return true
		}
	}
	return false
}

// chooseDocuments picks perNovel documents from each novel: runs of
// consecutive chapters, the shortest run from a chapter that reaches
// minWords, kept when it does not pass maxWords, chosen without overlap in a
// seeded random order.
func chooseDocuments(dir string, seed uint64, perNovel, minWords, maxWords int) ([]*document, error) {
	var docs []*document
	for ni, novel := range novels {
		chs, err := readChapters(filepath.Join(dir, novel+".txt"))
		if err != nil {
			return nil, err
		}
		type run struct{ s, e, words int }
		var cands []run
		for s := range chs {
			w := 0
			for e := s; e < len(chs); e++ {
				w += chs[e].words
				if w >= minWords {
					if w <= maxWords {
						cands = append(cands, run{s, e, w})
					}
					break
				}
			}
		}
		rng := rand.New(rand.NewPCG(seed, uint64(ni)+1))
		rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		used := make([]bool, len(chs))
		var chosen []run
	next:
		for _, c := range cands {
			if len(chosen) == perNovel {
				break
			}
			for i := c.s; i <= c.e; i++ {
				if used[i] {
					continue next
				}
			}
			for i := c.s; i <= c.e; i++ {
				used[i] = true
			}
			chosen = append(chosen, c)
		}
		if len(chosen) < perNovel {
			return nil, fmt.Errorf("%s: only %d runs of %d-%d words, want %d", novel, len(chosen), minWords, maxWords, perNovel)
		}
		sort.Slice(chosen, func(i, j int) bool { return chosen[i].s < chosen[j].s })
		for _, c := range chosen {
			d := &document{Source: novel, First: chs[c.s].index, Last: chs[c.e].index, Words: c.words}
			d.Stem = fmt.Sprintf("%s_ch%02d", novel, d.First)
			if d.Last != d.First {
				d.Stem += fmt.Sprintf("-%02d", d.Last)
			}
			for i := c.s; i <= c.e; i++ {
				if i > c.s {
					d.Lines = append(d.Lines, "", "")
				}
				d.Lines = append(d.Lines, chs[i].lines...)
			}
			docs = append(docs, d)
		}
	}
	return docs, nil
}
