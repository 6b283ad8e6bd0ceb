package data

import (
	"embed"
	"fmt"
	"io/fs"
)

// corpusFiles is the directory data/corpus, compiled into the binary.
//
//go:embed all:corpus
var corpusFiles embed.FS

// EmbeddedName is the Corpus.Name of the embedded corpus; its files are
// named "embedded/gt/<stem>.txt" and so on in Text.Path and in errors.
const EmbeddedName = "embedded"

// Embedded loads the default corpus compiled into ocrfix from data/corpus
// (made from public-domain text by scripts/gencorpus). It is what commands
// use when no -corpus is given. Loading is strict (LoadOptions{}); anything
// at the corpus root besides gt/, ocr/ and ocr.<engine>/ (README.md,
// manifest.tsv, other directories) is ignored, and so are LoadFS's
// warnings, which the package's tests check there are none of. Each call
// returns a fresh Corpus the caller may change.
func Embedded() (*Corpus, error) {
	sub, err := fs.Sub(corpusFiles, "corpus")
	if err != nil {
		return nil, fmt.Errorf("embedded corpus: %w", err)
	}
	if _, err := fs.Stat(sub, "gt"); err != nil {
		return nil, fmt.Errorf("embedded corpus: holds no documents yet (data/corpus/gt is missing: generate it with scripts/gencorpus and rebuild); use -corpus DIR")
	}
	c, _, err := LoadFS(sub, EmbeddedName, LoadOptions{})
	if err != nil {
		return nil, fmt.Errorf("embedded corpus: %w", err)
	}
	return c, nil
}
