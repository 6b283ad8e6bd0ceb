// Package builtin carries ocrfix's default model: the model `ocrfix
// correct` uses when no -model is given, trained on licence-clean
// collections of several genres and periods (the embedded Austen corpus
// and the collections under data/collections, all public-domain text
// rendered to page images and read by Tesseract), with collection-level
// cross-fitting so that its ranker and its margins per kind of change are
// learned on collections the components had not seen.
//
// The model file data/default.model is made by scripts/buildmodel.sh
// (ocrfix train over those collections), deterministically (same inputs,
// same seed, same Go version: same bytes):
//
//	bash scripts/buildmodel.sh
//
// It is read once, on first use. A build without the file (while it is
// being made again) still compiles; Model then says the file is missing.
package builtin

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"ocrfix/model"
)

//go:embed data
var files embed.FS

// Name is the name the built-in model goes by in messages and errors.
const Name = "built-in:default.model"

var (
	once   sync.Once
	loaded *model.Model
	err    error
)

// Model returns the built-in model, read on the first call; the model is
// shared and safe for concurrent use.
func Model() (*model.Model, error) {
	once.Do(func() {
		var b []byte
		b, err = files.ReadFile("data/default.model")
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("%s: this ocrfix was built without its default model (make it with bash scripts/buildmodel.sh, or give -model)", Name)
			return
		}
		if err == nil {
			loaded, err = model.Read(bytes.NewReader(b), Name)
		}
	})
	return loaded, err
}

// Describe says in one line what a model was trained on: its documents
// and collections.
func Describe(m *model.Model) string {
	names := make([]string, len(m.Stats.Collections))
	for i, c := range m.Stats.Collections {
		names[i] = filepath.Base(c)
	}
	return fmt.Sprintf("trained on %d documents of %d collections: %s", m.Stats.Docs, len(names), strings.Join(names, ", "))
}
