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
// Errors name path and line: malformed XML, a bbox that is not four
// finite numbers, an x_wconf that is not a finite number (NaN and the
// infinities are refused), invalid UTF-8.
func ReadHOCR(path string, src []byte) (*Text, error) {
	t, _, err := parseHOCR(path, src, false)
	return t, err
}

// parseHOCR reads an hOCR file into a Text and its slots (one per
// ocrx_word with tokens).
func parseHOCR(path string, src []byte, withSlots bool) (*Text, []ocrSlot, error) {
	t, slots, d, err := startXMLText(path, src, FormatHOCR, "ocrx_word", withSlots)
	if err != nil {
		return nil, nil, err
	}
	d.Entity = xml.HTMLEntity
	var (
		depth     int
		lineStack []int // depth of each open line element
		lineKey   int   // changes whenever a line opens or closes
		lastKey   = -1
		ocrLine   int
		wordDepth = -1 // depth of the open ocrx_word, -1 when none
		cur       ocrSlot
		text      strings.Builder
		pieces    [][2]int
		conf      float32
		sawRoot   bool
	)
	for {
		off0 := int(d.InputOffset())
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, xmlError(path, src, d, err)
		}
		off1 := int(d.InputOffset())
		switch tk := tok.(type) {
		case xml.StartElement:
			sawRoot = true
			depth++
			if wordDepth >= 0 {
				break
			}
			classes := strings.Fields(attrValue(tk.Attr, "class"))
			isWord, isLine := false, false
			for _, c := range classes {
				if c == "ocrx_word" {
					isWord = true
				}
				if hocrLineClasses[c] {
					isLine = true
				}
			}
			if isLine && !isWord {
				lineStack = append(lineStack, depth)
				lineKey++
			}
			if !isWord {
				break
			}
			wordDepth = depth
			cur = ocrSlot{titleEnd: -1, selfClose: -1}
			conf = -1
			text.Reset()
			pieces = pieces[:0]
			tag := src[off0:off1]
			if ts, te, ok := tagAttr(tag, "title"); ok {
				cur.titleEnd = off0 + te
				// The separator before an added property: none after an
				// empty title or after a trailing "; ", a space after a trailing ';'.
				v := bytes.TrimRight(tag[ts:te], " \t\r\n")
				switch {
				case len(v) == 0:
					cur.titleSep = ""
				case v[len(v)-1] == ';' && len(v) < te-ts:
					cur.titleSep = ""
				case v[len(v)-1] == ';':
					cur.titleSep = " "
				default:
					cur.titleSep = "; "
				}
				title := attrValue(tk.Attr, "title")
				for _, p := range splitHOCRTitle(title) {
					name, args := p[0], p[1:]
					switch name {
					case "bbox":
						var v [4]float64
						if len(args) != 4 {
							return nil, nil, posError(path, src, off0, "<%s class=ocrx_word>: bbox %q is not four numbers", tk.Name.Local, strings.Join(args, " "))
						}
						for k, a := range args {
							f, err := parseFinite(a, 64)
							if err != nil {
								return nil, nil, posError(path, src, off0, "<%s class=ocrx_word>: bbox %q is not four numbers", tk.Name.Local, strings.Join(args, " "))
							}
							v[k] = f
						}
						cur.box, cur.hasBox = Box{v[0], v[1], v[2], v[3]}, true
					case "x_wconf":
						if len(args) != 1 {
							return nil, nil, posError(path, src, off0, "<%s class=ocrx_word>: x_wconf %q is not one number", tk.Name.Local, strings.Join(args, " "))
						}
						f, err := parseFinite(args[0], 32)
						if err != nil {
							return nil, nil, posError(path, src, off0, "<%s class=ocrx_word>: x_wconf %q is not a finite number", tk.Name.Local, args[0])
						}
						conf = float32(f)
					case "x_ocr_orig":
						cur.hasOrig = true
					}
				}
			}
		case xml.EndElement:
			if depth == wordDepth {
				wordDepth = -1
				if len(pieces) > 0 {
					s := text.String()
					first, last := pieces[0], pieces[len(pieces)-1]
					exact := len(pieces) == 1 && exactRaw(src[first[0]:first[1]])
					if exact {
						s = string(src[first[0]:first[1]])
					}
					key := lineKey
					line := ocrLine
					if len(t.Tokens) == 0 || key != lastKey {
						line++
					}
					tok0 := len(t.Tokens)
					t.Tokens = addTokens(t.Tokens, s, src, first[0], last[1], exact, line, conf)
					if len(t.Tokens) > tok0 {
						ocrLine, lastKey = line, key
						cur.tok0, cur.tok1 = tok0, len(t.Tokens)
						cur.start, cur.end = first[0], first[1]
						cur.more = append([][2]int(nil), pieces[1:]...)
						cur.orig = s
						if withSlots {
							slots = append(slots, cur)
						}
					}
				}
			}
			if n := len(lineStack); n > 0 && lineStack[n-1] == depth {
				lineStack = lineStack[:n-1]
				lineKey++
			}
			depth--
		case xml.CharData:
			if wordDepth >= 0 {
				// White space alone between child elements is layout (the
				// ocrx_cinfo spans of hocr_char_boxes are one per line).
				if len(bytes.TrimSpace(tk)) > 0 {
					text.Write(tk)
					pieces = append(pieces, [2]int{off0, off1})
				}
			}
		}
	}
	if !sawRoot {
		return nil, nil, posError(path, src, len(src), "not hOCR: no element")
	}
	return t, slots, nil
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
