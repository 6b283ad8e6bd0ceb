package data

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// formatReaders holds the readers of the structured formats (Tesseract
// TSV, hOCR, ALTO, PAGE), registered by the init function in tesstsv.go; a new
// format adds its reader there.
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
// .html or .htm hOCR, .xml ALTO (ReadText and ReadTextFormat read an .xml
// file whose root element is PcGts as PAGE XML). Any other extension (or
// none) is an error naming the file.
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
// UTF-8 ("path:line: invalid UTF-8"), whatever the format, and a file
// named .txt whose content SniffFormat takes for a structured format
// ("path:1: the content is ALTO XML, not plain text"). Plain text is
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
	src, enc, err := decodeSource(path, f, src)
	if err != nil {
		return nil, err
	}
	if f == FormatText {
		// A structured file named .txt would be read as words of markup
		// or of TSV fields, and its rewrite would correct them.
		if sf := SniffFormat(src); sf != FormatText {
			return nil, fmt.Errorf("%s:1: the content is %s, not plain text: name the file with the extension of its format (%s)", path, formatNames[sf], formatExts[sf])
		}
	}
	return readDecoded(path, f, src, enc)
}

// formatNames and formatExts describe the structured formats in errors.
var (
	formatNames = map[Format]string{FormatTSV: "Tesseract TSV", FormatHOCR: "hOCR", FormatALTO: "ALTO XML", FormatPAGE: "PAGE XML"}
	formatExts  = map[Format]string{FormatTSV: ".tsv", FormatHOCR: ".hocr or .html", FormatALTO: ".xml", FormatPAGE: ".xml"}
)

// ReadTextFormat is ReadText with the format given rather than taken from
// the extension of path, for input without a file name (standard input);
// path only names the input in errors. ALTO given, a file whose root
// element is PcGts is read as PAGE XML (both are .xml files).
func ReadTextFormat(path string, f Format, src []byte) (*Text, error) {
	src, enc, err := decodeSource(path, f, src)
	if err != nil {
		return nil, err
	}
	return readDecoded(path, f, src, enc)
}

// readDecoded is ReadTextFormat of src decoded from the encoding enc
// (decodeSource; "" for UTF-8).
func readDecoded(path string, f Format, src []byte, enc string) (*Text, error) {
	if i := bytes.IndexByte(src, 0); i >= 0 && enc != "" {
		// decoded from another encoding: the NUL is a character of the
		// file, which is no text (the offsets of the UTF-8 error would be
		// the decoded text's)
		return nil, fmt.Errorf("%s:%d: a NUL character (U+0000) in %s: a binary file, not text", path, lineAt(src, i), enc)
	}
	t, err := readUTF8(path, f, src)
	if t != nil {
		t.Encoding = enc
	}
	return t, err
}

// readUTF8 is ReadTextFormat of src in UTF-8.
func readUTF8(path string, f Format, src []byte) (*Text, error) {
	if err := CheckText(path, src); err != nil {
		return nil, err
	}
	if f == FormatALTO && pageRoot(src) {
		f = FormatPAGE
	}
	if len(src) == 0 {
		// an empty file of any format (a page the engine found nothing
		// on, a file the run before could not fill) is a document
		// without words, written back as read, not a malformed one
		return &Text{Path: path, Format: f, Source: src}, nil
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

// ParseFormat returns the format named by s, as a user names it: "txt"
// (or "text"), "tsv", "hocr" (or "html"), "alto" (or "xml": ALTO or PAGE
// XML, told apart by ReadTextFormat), "page", compared without regard to
// case.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "txt", "text":
		return FormatText, nil
	case "tsv":
		return FormatTSV, nil
	case "hocr", "html":
		return FormatHOCR, nil
	case "alto", "xml":
		return FormatALTO, nil
	case "page":
		return FormatPAGE, nil
	}
	return "", fmt.Errorf("unknown format %q: want txt, tsv, hocr, alto or page", s)
}

// SniffFormat guesses the format of src from its content, for input
// without a file name: Tesseract TSV when its first line is Tesseract's
// TSV header; else, when it starts with markup (after an optional byte
// order mark and white space), PAGE XML when its first element is PcGts
// (pageRoot), ALTO when its first 64 KiB hold an <alto element, hOCR when
// they hold <html or an ocr_ class; plain text otherwise (so plain text
// that happens to start with "<" stays text unless it looks like one of
// them).
func SniffFormat(src []byte) Format {
	src = utf16Head(src)
	head := src[:min(len(src), 64<<10)]
	head = bytes.TrimPrefix(head, []byte(bom))
	line := head
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if string(bytes.TrimSuffix(line, []byte("\r"))) == tesseractTSVHeader {
		return FormatTSV
	}
	lead := bytes.TrimLeft(head, " \t\r\n")
	if !bytes.HasPrefix(lead, []byte("<")) {
		return FormatText
	}
	switch {
	case pageRoot(head):
		return FormatPAGE
	case bytes.Contains(head, []byte("<alto")):
		return FormatALTO
	case bytes.Contains(bytes.ToLower(head), []byte("<html")), bytes.Contains(head, []byte("'ocr_")),
		bytes.Contains(head, []byte(`"ocr_`)), bytes.Contains(head, []byte("ocrx_word")):
		return FormatHOCR
	}
	return FormatText
}

// pageRoot reports whether the first element of src (after the XML
// declaration, comments and processing instructions, within its first 64
// KiB) is PcGts, with or without a namespace prefix: a PAGE XML file.
func pageRoot(src []byte) bool {
	head := src[:min(len(src), 64<<10)]
	for {
		i := bytes.IndexByte(head, '<')
		if i < 0 || i+1 >= len(head) {
			return false
		}
		head = head[i+1:]
		if head[0] == '?' || head[0] == '!' {
			continue
		}
		end := bytes.IndexAny(head, " \t\r\n/>")
		if end < 0 {
			return false
		}
		name := head[:end]
		if k := bytes.IndexByte(name, ':'); k >= 0 {
			name = name[k+1:]
		}
		return string(name) == "PcGts"
	}
}

// bom is the UTF-8 encoding of the byte order mark U+FEFF.
const bom = "\uFEFF"

// convertHint ends the error for a document that is not UTF-8 (nor one
// of the encodings decodeSource reads): how to convert a file in an 8-bit
// encoding. jsonlHint is the same for JSON Lines, which are UTF-8 only.
const (
	convertHint = "; ocrfix reads UTF-8, UTF-16 with a byte order mark, and XML in the encoding its declaration names: convert the file to UTF-8 (for Latin-1 or Windows-1252, iconv -f cp1252 -t utf-8)"
	jsonlHint   = "; JSON Lines are UTF-8: convert the file (for Latin-1 or Windows-1252, iconv -f cp1252 -t utf-8)"
)

// CheckText returns an error naming path and the 1-based line when src
// holds a NUL byte (a binary file) or is not valid UTF-8, and nil
// otherwise.
func CheckText(path string, src []byte) error { return checkUTF8(path, src, convertHint) }

// noMarkUTF16 reports whether src looks like UTF-16 of mostly Latin text
// without a byte order mark: among its first 64 pairs of bytes, most have
// a NUL on the same side, and few on the other.
func noMarkUTF16(src []byte) bool {
	var even, odd, pairs int
	for i := 0; i+1 < len(src) && pairs < 64; i += 2 {
		pairs++
		if src[i] == 0 && src[i+1] != 0 {
			even++
		}
		if src[i+1] == 0 && src[i] != 0 {
			odd++
		}
	}
	return pairs >= 2 && (2*even > pairs && even > 3*odd || 2*odd > pairs && odd > 3*even)
}

// checkUTF8 is CheckText with hint ending the error for invalid UTF-8.
func checkUTF8(path string, src []byte, hint string) error {
	if i := bytes.IndexByte(src, 0); i >= 0 {
		if noMarkUTF16(src) {
			return fmt.Errorf("%s:%d: NUL bytes at every other offset: UTF-16 without a byte order mark, which ocrfix does not read; save it as UTF-8 (or UTF-16 with the mark)", path, lineAt(src, i))
		}
		return fmt.Errorf("%s:%d: binary file (NUL byte at offset %d), not UTF-8 text", path, lineAt(src, i), i)
	}
	if utf8.Valid(src) {
		return nil
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return fmt.Errorf("%s:%d: invalid UTF-8 (byte 0x%02x at offset %d)%s", path, lineAt(src, i), src[i], i, hint)
		}
		i += size
	}
	return nil
}

// lineAt returns the 1-based line of byte offset i in src, as Tokenize
// counts lines (a line feed, or a carriage return alone, ends one).
func lineAt(src []byte, i int) int {
	b := src[:i]
	return 1 + bytes.Count(b, []byte{'\n'}) + bytes.Count(b, []byte{'\r'}) - bytes.Count(b, []byte("\r\n"))
}

// ReadFile reads and parses the file at path with ReadText. It is how a
// single input without ground truth (for example a page to correct) is
// read. A file larger than MaxDocBytes is an error (see ReadLimited).
func ReadFile(path string) (*Text, error) {
	if _, err := FormatOf(path); err != nil {
		return nil, err
	}
	src, err := readPath(path)
	if err != nil {
		return nil, err
	}
	return ReadText(path, src)
}

// readPath reads the file at path with ReadLimited.
func readPath(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLimited(f, path)
}

// MaxDocBytes is the largest document (one file, or standard input) that
// ReadFile, ReadLimited and the corpus loaders accept: 256 MiB, some 40
// million words, far beyond any book. Larger input (or an endless stream
// such as /dev/zero) is an error, not an out-of-memory crash. Within it,
// memory grows with the document: model.Correct scores a long text in
// windows, but the text, its profile and the correction of every token
// stay (ocrfix correct on a 2.2 MB file of 393,000 words peaks at 0.7 GB
// with the built-in model, 0.24 GB of which for a page).
const MaxDocBytes = 256 << 20

// ReadLimited reads all of r, the content of the document named name, and
// returns an error naming it when it holds more than MaxDocBytes. It never
// holds more than MaxDocBytes+1 bytes.
func ReadLimited(r io.Reader, name string) ([]byte, error) {
	return readLimited(r, name, MaxDocBytes)
}

func readLimited(r io.Reader, name string, limit int64) ([]byte, error) {
	src, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, pathError(name, err)
	}
	if int64(len(src)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes (%d MiB), the limit for one document (data.MaxDocBytes): split it", name, limit, limit>>20)
	}
	return src, nil
}
