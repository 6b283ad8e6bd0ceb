package data

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
)

// hocrLineClasses are the hOCR classes of line-like elements: a word's
// Line is the index of the innermost one that holds it.
var hocrLineClasses = map[string]bool{
	"ocr_line": true, "ocrx_line": true, "ocr_caption": true, "ocr_textfloat": true,
	"ocr_header": true, "ocr_footer": true,
}

// ReadHOCR reads src, an hOCR file (the XHTML that `tesseract IMG OUT
// hocr` writes), named path in errors. The file must be well-formed XML
// (HTML's named entities such as &nbsp; are accepted); it is read as a
// stream of tokens (encoding/xml), never as a whole tree.
//
// Every element whose class includes ocrx_word is a word; its text is the
// text content of the element, nested markup (<strong><em>word</em>
// </strong>, the ocrx_cinfo spans of hocr_char_boxes) included but text
// nodes of white space alone left out (they lay out child elements),
// split at white space into tokens (one for a
// Tesseract word; none for an empty element, which is skipped). Token.Text
// is the unescaped text; Start/End are the bytes of the escaped text in
// src (from the first to the last byte of text when it lies in several
// pieces of nested markup; the trimmed whole text for each token when a
// piece holding several words contains an entity reference). Conf is the
// x_wconf of the word's title (-1 when absent) and Line the 1-based index,
// among the lines holding a token, of the line element holding the word
// (class ocr_line, ocrx_line, ocr_caption, ocr_textfloat, ocr_header or
// ocr_footer); words outside any line form a line of their own between
// lines. The bbox of the title is returned by Text.Boxes.
//
// Errors name path and line: a file with no element of an hOCR class
// (ocr_page, ocr_line, ocrx_word, any ocr_ or ocrx_ class: an HTML page
// that is not OCR output), a file with text in its lines and no
// ocrx_word (line-level hOCR, whose text would go uncorrected), malformed
// XML, a bbox that is not four
// finite numbers, an x_wconf that is not a finite number (NaN and the
// infinities are refused), invalid UTF-8.
func ReadHOCR(path string, src []byte) (*Text, error) {
	t, _, err := parseHOCR(path, src, false)
	return t, err
}

// hocrReader reads an hOCR file: xmlText and the state of its line and
// word elements.
type hocrReader struct {
	xmlText
	lineStack []int // depth of each open line element
	parStack  []int // depth of each open ocr_par (a block, Text.Blocks)
	wordDepth int   // depth of the open ocrx_word, -1 when none
	sawOCR    bool  // an element of an hOCR class (ocr_* or ocrx_*) was read
	// lineText says text outside any ocrx_word was read inside a line
	// element (first at byte lineTextAt)
	lineText   bool
	lineTextAt int
	cur        ocrSlot
	text       strings.Builder
	pieces     [][2]int
	conf       float32
}

// parseHOCR reads an hOCR file into a Text and its slots (one per
// ocrx_word with tokens).
func parseHOCR(path string, src []byte, withSlots bool) (*Text, []ocrSlot, error) {
	t, slots, d, err := startXMLText(path, src, FormatHOCR, "ocrx_word", withSlots)
	if err != nil {
		return nil, nil, err
	}
	d.Entity = xml.HTMLEntity
	r := &hocrReader{xmlText: newXMLText(path, src, withSlots, t, slots), wordDepth: -1}
	sawRoot := false
	for {
		tok, off0, off1, err := r.nextToken(d)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			sawRoot = true
			if err := r.startElement(tk, off0, off1); err != nil {
				return nil, nil, err
			}
		case xml.EndElement:
			r.endElement()
		case xml.CharData:
			if r.wordDepth < 0 && len(r.lineStack) > 0 && !r.lineText && len(bytes.TrimSpace(tk)) > 0 {
				r.lineText, r.lineTextAt = true, off0
			}
			if r.wordDepth >= 0 {
				// White space alone between child elements is layout (the
				// ocrx_cinfo spans of hocr_char_boxes are one per line).
				if len(bytes.TrimSpace(tk)) > 0 {
					r.text.Write(tk)
					r.pieces = append(r.pieces, [2]int{off0, off1})
				}
			}
		}
	}
	if !sawRoot {
		return nil, nil, posError(path, src, len(src), "not hOCR: no element")
	}
	if !r.sawOCR {
		// an HTML page, or XML of another kind, named like hOCR: read as
		// hOCR it would have no words, and correcting it would change
		// nothing and say nothing
		return nil, nil, posError(path, src, 0, "not hOCR: no element of an hOCR class (ocr_page, ocr_line, ocrx_word, ...)")
	}
	if len(r.t.Tokens) == 0 && r.lineText {
		// line-level hOCR (ocropy's): its text would be read as no word
		// and left uncorrected without a word said
		return nil, nil, posError(path, src, r.lineTextAt, "hOCR with text in lines but no ocrx_word element: ocrfix reads word-level hOCR (tesseract IMG OUT hocr writes it)")
	}
	return r.t, r.slots, nil
}

// startElement reads the start tag tk, src[off0:off1]: a line element
// opens a line, an ocrx_word a word (outside any word).
func (r *hocrReader) startElement(tk xml.StartElement, off0, off1 int) error {
	r.depth++
	if r.wordDepth >= 0 {
		return nil
	}
	classes := strings.Fields(attrValue(tk.Attr, "class"))
	isWord, isLine := false, false
	for _, c := range classes {
		if strings.HasPrefix(c, "ocr_") || strings.HasPrefix(c, "ocrx_") {
			r.sawOCR = true
		}
		if c == "ocrx_word" {
			isWord = true
		}
		if c == "ocr_par" {
			r.blockKey++
			r.parStack = append(r.parStack, r.depth)
		}
		if hocrLineClasses[c] {
			isLine = true
		}
	}
	if isLine && !isWord {
		r.lineStack = append(r.lineStack, r.depth)
		r.lineKey++
	}
	if !isWord {
		return nil
	}
	r.wordDepth = r.depth
	r.cur = ocrSlot{titleEnd: -1, selfClose: -1}
	r.conf = -1
	r.text.Reset()
	r.pieces = r.pieces[:0]
	tag := r.src[off0:off1]
	if ts, te, ok := tagAttr(tag, "title"); ok {
		r.cur.titleEnd = off0 + te
		r.cur.titleSep = hocrTitleSep(tag[ts:te])
		return r.wordTitle(tk, off0)
	}
	return nil
}

// hocrTitleSep returns the separator before a property added at the end
// of the title value: none after an empty title or after a trailing
// "; ", a space after a trailing ';'.
func hocrTitleSep(value []byte) string {
	v := bytes.TrimRight(value, " \t\r\n")
	switch {
	case len(v) == 0:
		return ""
	case v[len(v)-1] == ';' && len(v) < len(value):
		return ""
	case v[len(v)-1] == ';':
		return " "
	default:
		return "; "
	}
}

// wordTitle reads the properties of the title of the ocrx_word tk (at
// off0 in src) that matter: bbox, x_wconf and x_ocr_orig.
func (r *hocrReader) wordTitle(tk xml.StartElement, off0 int) error {
	title := attrValue(tk.Attr, "title")
	for _, p := range splitHOCRTitle(title) {
		name, args := p[0], p[1:]
		switch name {
		case "bbox":
			var v [4]float64
			if len(args) != 4 {
				return posError(r.path, r.src, off0, "<%s class=ocrx_word>: bbox %q is not four numbers", tk.Name.Local, strings.Join(args, " "))
			}
			for k, a := range args {
				f, err := parseFinite(a, 64)
				if err != nil {
					return posError(r.path, r.src, off0, "<%s class=ocrx_word>: bbox %q is not four numbers", tk.Name.Local, strings.Join(args, " "))
				}
				v[k] = f
			}
			r.cur.box, r.cur.hasBox = Box{v[0], v[1], v[2], v[3]}, true
		case "x_wconf":
			if len(args) != 1 {
				return posError(r.path, r.src, off0, "<%s class=ocrx_word>: x_wconf %q is not one number", tk.Name.Local, strings.Join(args, " "))
			}
			f, err := parseFinite(args[0], 32)
			if err != nil {
				return posError(r.path, r.src, off0, "<%s class=ocrx_word>: x_wconf %q is not a finite number", tk.Name.Local, args[0])
			}
			r.conf = float32(f)
		case "x_ocr_orig":
			r.cur.hasOrig = true
		}
	}
	return nil
}

// endElement reads an end tag: it closes the open word or line element
// at the current depth.
func (r *hocrReader) endElement() {
	if r.depth == r.wordDepth {
		r.wordDepth = -1
		r.endWord()
	}
	if n := len(r.lineStack); n > 0 && r.lineStack[n-1] == r.depth {
		r.lineStack = r.lineStack[:n-1]
		r.lineKey++
	}
	if n := len(r.parStack); n > 0 && r.parStack[n-1] == r.depth {
		r.parStack = r.parStack[:n-1]
		r.blockKey++ // words after it, outside any paragraph, are none of its
	}
	r.depth--
}

// endWord adds the tokens of the word just closed, and its slot.
func (r *hocrReader) endWord() {
	if len(r.pieces) == 0 {
		return
	}
	s := r.text.String()
	first, last := r.pieces[0], r.pieces[len(r.pieces)-1]
	exact := len(r.pieces) == 1 && exactRaw(r.src[first[0]:first[1]])
	if exact {
		s = string(r.src[first[0]:first[1]])
	}
	tok0, ok := r.addWord(s, first[0], last[1], exact, r.conf)
	if !ok {
		return
	}
	r.cur.tok0, r.cur.tok1 = tok0, len(r.t.Tokens)
	r.cur.start, r.cur.end = first[0], first[1]
	r.cur.more = append([][2]int(nil), r.pieces[1:]...)
	r.cur.orig = s
	if r.withSlots {
		r.slots = append(r.slots, r.cur)
	}
}

// attrValue returns the value of the attribute with local name name, or "".
func attrValue(attrs []xml.Attr, name string) string {
	for _, a := range attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// splitHOCRTitle splits an hOCR title into properties at ';' (outside
// double-quoted strings, in which \ escapes the next byte); each property
// is returned as its fields: name first, then arguments (a quoted string
// is one argument, quotes kept).
func splitHOCRTitle(title string) [][]string {
	var props [][]string
	var fields []string
	var cur strings.Builder
	inField, inQuote := false, false
	flushField := func() {
		if inField {
			fields = append(fields, cur.String())
			cur.Reset()
			inField = false
		}
	}
	flushProp := func() {
		flushField()
		if len(fields) > 0 {
			props = append(props, fields)
			fields = nil
		}
	}
	for i := 0; i < len(title); i++ {
		c := title[i]
		switch {
		case inQuote:
			cur.WriteByte(c)
			if c == '\\' && i+1 < len(title) {
				i++
				cur.WriteByte(title[i])
			} else if c == '"' {
				inQuote = false
			}
		case c == '"':
			inField, inQuote = true, true
			cur.WriteByte(c)
		case c == ';':
			flushProp()
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flushField()
		default:
			inField = true
			cur.WriteByte(c)
		}
	}
	flushProp()
	return props
}
