package data

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
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
//     "Unicode" by Windows tools), but JSON Lines, which are UTF-8 by
//     definition (ReadHIPE refuses them with a word on converting).
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

// utf8Label reports whether label names UTF-8, which needs no decoding.
func utf8Label(label string) bool {
	switch strings.ToLower(strings.ReplaceAll(label, "_", "-")) {
	case "utf-8", "utf8":
		return true
	}
	return false
}

// lookupEncoding returns the encoding label names: by the IANA registry,
// else by the names browsers accept (WHATWG: `cp1252`); nil when neither
// knows it.
func lookupEncoding(label string) encoding.Encoding {
	switch strings.ToLower(label) {
	case "ascii", "us":
		label = "US-ASCII" // IANA's aliases say so; browsers read windows-1252 for it
	}
	if enc, err := ianaindex.IANA.Encoding(label); err == nil && enc != nil {
		return enc
	}
	if enc, err := htmlindex.Get(label); err == nil && enc != nil {
		if name, _ := htmlindex.Name(enc); name != "x-user-defined" && !strings.HasPrefix(name, "utf-16") {
			return enc
		}
	}
	return nil
}

// latin1As1252 reports whether enc, the encoding src declares, is
// ISO-8859-1 and src holds bytes of 0x80-0x9f (C1 control characters in
// ISO-8859-1, which no text holds) that windows-1252 reads as the
// punctuation they were written for (0x92 the apostrophe ’, 0x93 and 0x94
// quotation marks, 0x96 the en dash), and none it does not define: the
// file was written in windows-1252 under the name of its subset, as
// browsers take such a label to mean.
func latin1As1252(enc encoding.Encoding, src []byte) bool {
	if enc != charmap.ISO8859_1 {
		return false
	}
	c1 := false
	for _, b := range src {
		switch {
		case b == 0x81 || b == 0x8d || b == 0x8f || b == 0x90 || b == 0x9d:
			return false // undefined in windows-1252
		case b >= 0x80 && b <= 0x9f:
			c1 = true
		}
	}
	return c1
}

// utf16 returns the UTF-16 encoding, and its name, whose byte order mark
// src starts with; nil when it starts with none.
func utf16(src []byte) (encoding.Encoding, string) {
	switch {
	case bytes.HasPrefix(src, utf16Mark("UTF-16LE")):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), "UTF-16LE"
	case bytes.HasPrefix(src, utf16Mark("UTF-16BE")):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), "UTF-16BE"
	}
	return nil, ""
}

// utf16Head returns the head of src (its first 128 KiB, cut at a whole
// code unit) decoded to UTF-8 when src is UTF-16 by its byte order mark,
// for a guess at its format; src itself otherwise (or when the head does
// not decode).
func utf16Head(src []byte) []byte {
	if enc, _ := utf16(src); enc != nil {
		if d, err := decodeWith(enc, src[:min(len(src), 128<<10)&^1]); err == nil {
			return d
		}
	}
	return src
}

// utf16Mark returns the byte order mark of the encoding named name when
// it is UTF-16 (Text.Encoding), nil otherwise.
func utf16Mark(name string) []byte {
	switch name {
	case "UTF-16LE":
		return []byte{0xFF, 0xFE}
	case "UTF-16BE":
		return []byte{0xFE, 0xFF}
	}
	return nil
}

// decodeSource returns src, the content of the file named path in format
// f, as UTF-8, and the name of the encoding it was decoded from ("" when
// it was UTF-8 already): UTF-16 by its byte order mark, in any format;
// the encoding an XML declaration names, in the XML formats (windows-1252
// for ISO-8859-1 where latin1As1252). A declared encoding this build does
// not know, one the file is not in, and a byte it does not define are
// errors naming the file.
func decodeSource(path string, f Format, src []byte) ([]byte, string, error) {
	if enc, name := utf16(src); enc != nil {
		out, err := decodeWith(enc, src)
		if err != nil || !roundTrips(enc, out, src) {
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
	if label == "" {
		if rest, ok := bytes.CutPrefix(src, []byte(bom)); ok {
			if l := declaredEncoding(rest); l != "" && !utf8Label(l) {
				return nil, "", fmt.Errorf("%s:1: the file starts with a UTF-8 byte order mark, but its XML declaration names the encoding %q: convert the file to UTF-8", path, l)
			}
		}
		return src, "", nil
	}
	if utf8Label(label) {
		return src, "", nil
	}
	enc := lookupEncoding(label)
	if enc == nil {
		return nil, "", fmt.Errorf("%s:1: the XML declaration names the encoding %q, which ocrfix cannot read: convert the file to UTF-8", path, label)
	}
	name := label
	if latin1As1252(enc, src) {
		enc, name = charmap.Windows1252, "windows-1252"
	}
	out, err := decodeWith(enc, src)
	if err != nil {
		return nil, "", fmt.Errorf("%s: not valid %s: %v", path, label, err)
	}
	if declaredEncoding(out) != label {
		// the declaration, read as ASCII, is not itself read in the
		// encoding it names (UTF-16 without its byte order mark, EBCDIC):
		// the file is not in that encoding
		return nil, "", fmt.Errorf("%s:1: the XML declaration names the encoding %q, but the file is not in it (UTF-16 is read with a byte order mark)", path, label)
	}
	if i := bytes.IndexRune(out, utf8.RuneError); i >= 0 {
		// U+FFFD is no character of these encodings: the decoder wrote
		// it for a byte (or sequence) the encoding does not define,
		// which a rewrite could not give back
		return nil, "", fmt.Errorf("%s:%d: a byte that %s does not define: the file is not in the encoding its XML declaration names", path, lineAt(out, i), label)
	}
	if !roundTrips(enc, out, src) {
		return nil, "", fmt.Errorf("%s: the file does not read back byte for byte in %s, the encoding its XML declaration names: convert it to UTF-8", path, label)
	}
	return out, name, nil
}

// roundTrips reports whether out, src decoded from enc, encodes back to
// src: the promise of Rewrite that a file comes back as read where nothing
// changed.
func roundTrips(enc encoding.Encoding, out, src []byte) bool {
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
	enc := lookupEncoding(name)
	if enc == nil {
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
