package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// reuse fills r from the files a previous run with the same seed wrote to
// c.out, when all of them exist and the gt is the document's; it reports
// whether it did. Generation is deterministic, so this gives the same
// corpus as making the document again.
func reuse(c config, r *result) (bool, error) {
	d := r.doc
	tsvName := d.Stem + ".tsv"
	if c.gzipTSV {
		tsvName += ".gz"
	}
	paths := []string{
		filepath.Join(c.out, "gt", d.Stem+".txt"),
		filepath.Join(c.out, "ocr", d.Stem+".txt"),
		filepath.Join(c.out, "tsv", tsvName),
	}
	if c.alt() {
		paths = append(paths, filepath.Join(c.out, "ocr."+altName, d.Stem+".txt"))
	}
	files := make([][]byte, 4)
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return false, nil
		}
		files[i] = b
	}
	gt := c.truth(d, r.set)
	if !bytes.Equal(files[0], gt) {
		return false, nil
	}
	r.ocr, r.tsv, r.alt = files[1], files[2], files[3]
	if c.gzipTSV {
		zr, err := gzip.NewReader(bytes.NewReader(r.tsv))
		if err != nil {
			return false, nil
		}
		if r.tsv, err = io.ReadAll(zr); err != nil {
			return false, nil
		}
	}
	r.pages = tsvPages(r.tsv)
	r.gtW, r.ocrM = recall(gt, r.ocr)
	if c.alt() {
		_, r.altM = recall(gt, r.alt)
	}
	return true, nil
}

// tsvPages counts the pages of a Tesseract TSV (its level-1 rows): the
// pages of the TIFF, which may end with a page text2image left blank.
func tsvPages(tsv []byte) int {
	n := 0
	for _, l := range strings.Split(string(tsv), "\n") {
		if strings.HasPrefix(l, "1\t") {
			n++
		}
	}
	return n
}
