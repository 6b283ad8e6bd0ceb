package data

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// formatReaders holds the readers of the structured formats (Tesseract
// TSV, hOCR, ALTO), registered from init functions in their own files.
// ReadText has already checked that src holds no NUL byte and is valid
// UTF-8 when it calls one; the reader fills Text.Path, Format, Source and
// Tokens. FormatText is read by ReadText itself and is never looked up here.
var formatReaders = map[Format]func(path string, src []byte) (*Text, error){}

// extFormats maps a lower-case file extension to its format.
var extFormats = map[string]Format{
	".txt":  FormatText,
	".tsv":  FormatTSV,
	".hocr": FormatHOCR,
	".html": FormatHOCR,
	".htm":  FormatHOCR,
	".xml":  FormatALTO,
}

// FormatOf returns the format of a file from its extension, compared
// without regard to case: .txt plain text, .tsv Tesseract TSV, .hocr,
// .html or .htm hOCR, .xml ALTO. Any other extension (or none) is an
// error naming the file.
func FormatOf(path string) (Format, error) {
	ext := strings.ToLower(filepath.Ext(path))
	if f, ok := extFormats[ext]; ok {
		return f, nil
	}
	if ext == "" {
		return "", fmt.Errorf("%s: no file extension: want .txt, .tsv, .hocr, .html or .xml", path)
	}
	return "", fmt.Errorf("%s: unknown file extension %q: want .txt, .tsv, .hocr, .html or .xml", path, ext)
}

// Stem returns the base name of path without its last extension:
// "dir/a.b.txt" gives "a.b". It is the key that pairs a document's files.
func Stem(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// ReadText reads src, the contents of the file at path, choosing the
// format by the extension of path (see FormatOf). It refuses binary
// content (a NUL byte: "path:line: binary file (NUL byte)") and invalid
// UTF-8 ("path:line: invalid UTF-8"), whatever the format. Plain text is
// tokenized with Tokenize; a UTF-8 byte order mark at its start is kept in
// Source but not in the tokens (the first token then starts at byte 3). An
// empty file is a valid text with no tokens. Structured formats are read by
// the reader registered for them; ReadText returns an error naming the
// file and format when none is.
func ReadText(path string, src []byte) (*Text, error) {
	f, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	if err := CheckText(path, src); err != nil {
		return nil, err
	}
	if f != FormatText {
		read := formatReaders[f]
		if read == nil {
			return nil, fmt.Errorf("%s: no reader for the %s format in this build", path, f)
		}
		return read(path, src)
	}
	toks := Tokenize(src)
	if len(toks) > 0 && toks[0].Start == 0 && strings.HasPrefix(toks[0].Text, bom) {
		if toks[0].Text == bom {
			toks = toks[1:]
			if len(toks) == 0 {
				toks = nil
			}
		} else {
			toks[0].Text = toks[0].Text[len(bom):]
			toks[0].Start = len(bom)
		}
	}
	return &Text{Path: path, Format: FormatText, Source: src, Tokens: toks}, nil
}

// bom is the UTF-8 encoding of the byte order mark U+FEFF.
const bom = "\uFEFF"

// CheckText returns an error naming path and the 1-based line when src
// holds a NUL byte (a binary file) or is not valid UTF-8, and nil
// otherwise.
func CheckText(path string, src []byte) error {
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return fmt.Errorf("%s:%d: binary file (NUL byte at offset %d), not UTF-8 text", path, lineAt(src, i), i)
	}
	if utf8.Valid(src) {
		return nil
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return fmt.Errorf("%s:%d: invalid UTF-8 (byte 0x%02x at offset %d)", path, lineAt(src, i), src[i], i)
		}
		i += size
	}
	return nil
}

// lineAt returns the 1-based line of byte offset i in src.
func lineAt(src []byte, i int) int {
	return 1 + bytes.Count(src[:i], []byte{'\n'})
}

// ReadFile reads and parses the file at path with ReadText. It is how a
// single input without ground truth (for example a page to correct) is
// read.
func ReadFile(path string) (*Text, error) {
	if _, err := FormatOf(path); err != nil {
		return nil, err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ReadText(path, src)
}
