// Package english carries the default model of English: the word trigram
// model and the word-shape model of package lm, built by scripts/buildlm
// from 36 public-domain books (1653-1917) and compiled into the binary.
// Importing lm alone does not carry these files; importing english does
// (about 6.7 MB).
//
// Regenerate the files, byte for byte, with
//
//	go run ./scripts/buildlm
package english

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"ocrfix/lm"
)

//go:embed english.lm
var modelFile []byte

//go:embed english.shape
var shapeFile []byte

var (
	once  sync.Once
	model *lm.Model
	shape *lm.Shape
	err   error
)

// Model returns the embedded language model and shape model, loading them
// on the first call (a fraction of a second); later calls return the same
// values, which are read-only and safe for concurrent use.
func Model() (*lm.Model, *lm.Shape, error) {
	once.Do(func() {
		model, err = lm.Load(modelFile)
		if err != nil {
			err = fmt.Errorf("embedded english.lm: %w", err)
			return
		}
		shape, err = lm.ReadShape(bytes.NewReader(shapeFile))
		if err != nil {
			model, err = nil, fmt.Errorf("embedded english.shape: %w", err)
		}
	})
	return model, shape, err
}
