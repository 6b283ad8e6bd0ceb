package main

import (
	"fmt"
	"io"

	"ocrfix/model"
	"ocrfix/model/builtin"
)

// loadModel reads the model file at path, or the built-in model when path
// is "", says on stderr which model corrects, and returns that line's
// description of it.
func loadModel(path string, stderr io.Writer) (*model.Model, string, error) {
	if path != "" {
		m, err := readModel(path)
		if err != nil {
			return nil, "", err
		}
		fmt.Fprintf(stderr, "model: %s\n", path)
		return m, path, nil
	}
	m, err := builtin.Model()
	if err != nil {
		return nil, "", err
	}
	desc := "the built-in model, " + builtin.Describe(m)
	fmt.Fprintf(stderr, "model: %s\n", desc)
	return m, desc, nil
}
