package data

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Character encodings. Every reader of this package works on UTF-8, and
// most OCR is written in it, but two other kinds of file are valid input
// that a digital library holds:
//   - XML (ALTO, PAGE, hOCR written as XHTML) in the encoding its
//     declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`),
//     as older digitisation pipelines wrote it;
//   - any format in UTF-16 with a byte order mark (a text saved as
//     "Unicode" by Windows tools).
//
// decodeSource turns such a file into UTF-8 before it is read, and the
// Text records the encoding (Text.Encoding) so that Rewrite writes the
// corrected file back in it: the same bytes where nothing changed, and
// in XML a character the encoding lacks (an em dash in ISO-8859-1) as a
// numeric character reference (`&#8212;`), which XML reads as the
// character. Plain text and TSV in an 8-bit encoding carry no
// declaration to tell it from UTF-8 by; they stay an error ("invalid
// UTF-8"), which says how to convert them.

// xmlDecl matches an XML declaration at the start of a file (after white
// space) and captures the encoding it names.
var xmlDecl = regexp.MustCompile(`^[ \t\r\n]*<\?xml[ \t\r\n][^>]*?encoding[ \t\r\n]*=[ \t\r\n]*["']([A-Za-z][A-Za-z0-9._:-]*)["']`)

// declaredEncoding returns the encoding the XML declaration at the start
// of src names, "" when it has none.
func declaredEncoding(src []byte) string {
	m := xmlDecl.FindSubmatch(src[:min(len(src), 1024)])
	if m == nil {
		return ""
	}
	return string(m[1])
}

// utf8Label reports whether label names UTF-8, or US-ASCII, a subset of
// it whose files need no decoding.
func utf8Label(label string) bool {
	switch strings.ToLower(strings.ReplaceAll(label, "_", "-")) {
	case "utf-8", "utf8", "us-ascii", "ascii", "ansi-x3.4-1968":
		return true
	}
	return false
}

// utf16 returns the UTF-16 encoding, and its name, whose byte order mark
// src starts with; nil when it starts with none.
func utf16(src []byte) (encoding.Encoding, string) {
	switch {
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), "UTF-16LE"
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), "UTF-16BE"
	}
	return nil, ""
}

// decodeSource returns src, the content of the file named path in format
// f, as UTF-8, and the name of the encoding it was decoded from ("" when
// it was UTF-8 already, or US-ASCII): UTF-16 by its byte order mark, in
// any format; the encoding an XML declaration names, in the XML formats.
// A declared encoding this build does not know is an error naming the
// file.
func decodeSource(path string, f Format, src []byte) ([]byte, string, error) {
	if enc, name := utf16(src); enc != nil {
		out, err := decodeWith(enc, src)
		if err != nil || !roundTrips(name, out, src) {
			// an odd number of bytes, or half a surrogate pair: no
			// character a rewrite could give back
			return nil, "", fmt.Errorf("%s: invalid UTF-16 (an odd number of bytes or an unpaired surrogate); convert the file to UTF-8", path)
		}
		return out, name, nil
	}
	if f != FormatALTO && f != FormatPAGE && f != FormatHOCR {
		return src, "", nil
	}
	label := declaredEncoding(src)
	if label == "" || utf8Label(label) {
		return src, "", nil
	}
	enc, err := ianaindex.IANA.Encoding(label)
	if err != nil || enc == nil {
		return nil, "", fmt.Errorf("%s:1: the XML declaration names the encoding %q, which ocrfix cannot read: convert the file to UTF-8", path, label)
	}
	if strings.HasPrefix(strings.ToLower(label), "utf-16") {
		// UTF-16 without a byte order mark would not have matched the
		// declaration as ASCII: the file says one thing and is another
		return nil, "", fmt.Errorf("%s:1: the XML declaration names the encoding %q, but the file has no UTF-16 byte order mark", path, label)
	}
	out, err := decodeWith(enc, src)
	if err != nil {
		return nil, "", fmt.Errorf("%s: not valid %s: %v", path, label, err)
	}
	if i := bytes.IndexRune(out, utf8.RuneError); i >= 0 {
		// U+FFFD is no character of these encodings: the decoder wrote
		// it for a byte (or sequence) the encoding does not define,
		// which a rewrite could not give back
		return nil, "", fmt.Errorf("%s:%d: a byte that %s does not define: the file is not in the encoding its XML declaration names", path, lineAt(out, i), label)
	}
	if !roundTrips(label, out, src) {
		return nil, "", fmt.Errorf("%s: the file does not read back byte for byte in %s, the encoding its XML declaration names: convert it to UTF-8", path, label)
	}
	return out, label, nil
}

// roundTrips reports whether out, src decoded from the encoding named
// name, encodes back to src: the promise of Rewrite that a file comes
// back as read where nothing changed.
func roundTrips(name string, out, src []byte) bool {
	enc, err := encodingOf(name)
	if err != nil || enc == nil {
		return false
	}
	back, _, err := transform.Bytes(enc.NewEncoder(), out)
	return err == nil && bytes.Equal(back, src)
}

// decodeWith returns src decoded from enc to UTF-8.
func decodeWith(enc encoding.Encoding, src []byte) ([]byte, error) {
	out, _, err := transform.Bytes(enc.NewDecoder(), src)
	return out, err
}

// encodingOf returns the encoding Text.Encoding names (see decodeSource),
// nil for UTF-8.
func encodingOf(name string) (encoding.Encoding, error) {
	switch name {
	case "":
		return nil, nil
	case "UTF-16LE":
		return unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), nil
	case "UTF-16BE":
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM), nil
	}
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unknown encoding %q", name)
	}
	return enc, nil
}

// encodingWriter returns a writer that writes what it is given, UTF-8, to
// w in the encoding named name (Text.Encoding), and a function that
// flushes it; w itself for UTF-8. A character the encoding lacks is
// written as an XML numeric character reference (only XML is read in
// such an encoding; UTF-16 has every character).
func encodingWriter(w io.Writer, name string) (io.Writer, func() error, error) {
	enc, err := encodingOf(name)
	if err != nil || enc == nil {
		return w, func() error { return nil }, err
	}
	tw := transform.NewWriter(w, encoding.HTMLEscapeUnsupported(enc.NewEncoder()))
	return tw, tw.Close, nil
}
