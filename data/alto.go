package data

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
)

// ReadALTO reads src, an ALTO XML file of version 2, 3 or 4 (what
// `tesseract IMG OUT alto` writes), named path in errors. The file must be
// well-formed XML whose root element is alto (in any namespace); it is
// read as a stream of tokens (encoding/xml), never as a whole tree, so a
// file of hundreds of pages is read in memory proportional to its words.
//
// Every String element is a word: its CONTENT attribute (required) is
// split at white space into tokens (one for an ordinary word; none when
// CONTENT is empty, which is skipped). Token.Text is the unescaped
// CONTENT; Start/End are the bytes of the escaped attribute value in src
// (shared by all tokens of a CONTENT with several words and an entity
// reference). Conf is WC × 100 (WC is 0..1 in ALTO; -1 when absent) and
// Line the 1-based index, among the lines holding a token, of the TextLine
// holding the String. SP elements are the spaces between words and add
// nothing. A HYP element (the hyphen ALTO puts at the end of a line whose
// last word continues on the next) is appended to the text of the last
// token before it in its line: <String CONTENT="prob"/><HYP CONTENT="-"/>
// reads as the token "prob-", as Tesseract's plain-text output writes it,
// while Start/End still cover only the String's CONTENT (a CONTENT that
// already ends with the HYP's text is read as it is). HPOS, VPOS,
// WIDTH and HEIGHT are returned by Text.Boxes (a String without all four
// has no box).
//
// Errors name path, line and element: malformed XML, a root that is not
// alto, a String or HYP without CONTENT, a WC or box attribute that is not
// a finite number (NaN and the infinities are refused), invalid UTF-8.
func ReadALTO(path string, src []byte) (*Text, error) {
	t, _, err := parseALTO(path, src, false)
	return t, err
}

// startXMLText checks src and returns the empty Text of an XML reading,
// its slots (when withSlots), both sized by the count of marker (the
// attribute or class each word carries), and a strict decoder over src.
func startXMLText(path string, src []byte, format Format, marker string, withSlots bool) (*Text, []ocrSlot, *xml.Decoder, error) {
	if err := CheckText(path, src); err != nil {
		return nil, nil, nil, err
	}
	t := &Text{Path: path, Format: format, Source: src}
	var slots []ocrSlot
	est := bytes.Count(src, []byte(marker)) + 1
	t.Tokens = make([]Token, 0, est)
	if withSlots {
		slots = make([]ocrSlot, 0, est)
	}
	d := xml.NewDecoder(bytes.NewReader(src))
	// src is UTF-8 whatever its declaration says (decodeSource decoded
	// a file in another encoding before it came here)
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	d.Strict = true
	return t, slots, d, nil
}

// xmlText is the state an XML reading (hOCR, ALTO) shares: the Text and
// slots being filled, the element depth and the numbering of lines.
type xmlText struct {
	path      string
	src       []byte
	withSlots bool
	t         *Text
	slots     []ocrSlot
	depth     int // depth of the current element
	lineKey   int // changes whenever a line opens or closes
	lastKey   int // lineKey of the last word with tokens, -1 before the first
	blockKey  int // changes whenever a block (Text.Blocks) opens; 0 before the first
	lastBlock int // blockKey of the last word with tokens
	ocrLine   int // Line of the last word with tokens
	sawRoot   bool
}

// enter counts the start tag tk (at byte off0) into the element depth and,
// for the first element of the file, checks that its name is want (format
// names the format in the error). It reports whether tk is the root.
func (x *xmlText) enter(tk xml.StartElement, off0 int, want, format string) (bool, error) {
	x.depth++
	if x.sawRoot {
		return false, nil
	}
	x.sawRoot = true
	if tk.Name.Local != want {
		return true, posError(x.path, x.src, off0, "not %s: root element <%s>, want <%s>", format, tk.Name.Local, want)
	}
	return true, nil
}

// newXMLText returns the state of a reading into t and slots.
func newXMLText(path string, src []byte, withSlots bool, t *Text, slots []ocrSlot) xmlText {
	return xmlText{path: path, src: src, withSlots: withSlots, t: t, slots: slots, lastKey: -1}
}

// addWord adds the tokens of a word's text (src[start:end] as read; exact
// when text is those bytes) to the Text, on the current line: a new Line
// when the line has changed since the last word with tokens. It returns
// the index of the word's first token and whether it had any.
func (x *xmlText) addWord(text string, start, end int, exact bool, conf float32) (int, bool) {
	key := x.lineKey
	line := x.ocrLine
	if len(x.t.Tokens) == 0 || key != x.lastKey {
		line++
	}
	tok0 := len(x.t.Tokens)
	x.t.Tokens = addTokens(x.t.Tokens, text, x.src, start, end, exact, line, conf)
	if len(x.t.Tokens) == tok0 {
		return tok0, false
	}
	x.ocrLine, x.lastKey = line, key
	if x.blockKey != x.lastBlock {
		x.t.Blocks = append(x.t.Blocks, tok0)
		x.lastBlock = x.blockKey
	}
	return tok0, true
}

// nextToken returns the next token of d and the offsets in src where it
// starts and ends: io.EOF at the end of the input, an error naming path
// and line for malformed XML.
func (x *xmlText) nextToken(d *xml.Decoder) (xml.Token, int, int, error) {
	off0 := int(d.InputOffset())
	tok, err := d.Token()
	if err == io.EOF {
		return nil, off0, off0, io.EOF
	}
	if err != nil {
		return nil, off0, off0, xmlError(x.path, x.src, d, err)
	}
	return tok, off0, int(d.InputOffset()), nil
}

// altoReader reads an ALTO file: xmlText and the state of its TextLine,
// String and HYP elements.
type altoReader struct {
	xmlText
	lineDepth   int  // depth of the open TextLine, -1 when none
	strDepth    int  // depth of the open String, -1 when none
	strSlot     int  // its slot, -1 when it has no tokens
	strChildren int  // child elements of the open String so far
	lastSlotKey int  // lineKey of the last String with tokens
	lastTok1    int  // end of its tokens
	lastHyp     bool // a HYP has been appended to it
}

// parseALTO reads an ALTO file into a Text and its slots (one per String
// with tokens).
func parseALTO(path string, src []byte, withSlots bool) (*Text, []ocrSlot, error) {
	t, slots, d, err := startXMLText(path, src, FormatALTO, "CONTENT", withSlots)
	if err != nil {
		return nil, nil, err
	}
	r := altoReader{xmlText: newXMLText(path, src, withSlots, t, slots), lineDepth: -1, strDepth: -1, strSlot: -1, lastSlotKey: -1}
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
			if err := r.startElement(tk, off0, off1); err != nil {
				return nil, nil, err
			}
		case xml.EndElement:
			r.endElement(tk, off1)
		}
	}
	if !r.sawRoot {
		return nil, nil, posError(path, src, len(src), "not ALTO: no root element")
	}
	return r.t, r.slots, nil
}

// startElement reads the start tag tk, src[off0:off1].
func (r *altoReader) startElement(tk xml.StartElement, off0, off1 int) error {
	if _, err := r.enter(tk, off0, "alto", "ALTO"); err != nil {
		return err
	}
	if r.strDepth >= 0 {
		if r.depth == r.strDepth+1 {
			r.strChildren++
		}
		return nil
	}
	switch tk.Name.Local {
	case "TextBlock":
		r.blockKey++
	case "TextLine":
		if r.lineDepth < 0 {
			r.lineDepth = r.depth
			r.lineKey++
		}
	case "String":
		return r.startString(tk, off0, off1)
	case "HYP":
		return r.hyp(tk, off0, off1)
	}
	return nil
}

// startString reads the String start tag tk, src[off0:off1]: its tokens
// and its slot.
func (r *altoReader) startString(tk xml.StartElement, off0, off1 int) error {
	tag := r.src[off0:off1]
	cs, ce, ok := tagAttr(tag, "CONTENT")
	if !ok {
		return posError(r.path, r.src, off0, "<String%s> without CONTENT", idNote(tk.Attr))
	}
	cs, ce = cs+off0, ce+off0
	content := attrValue(tk.Attr, "CONTENT")
	s := ocrSlot{titleEnd: -1, selfClose: -1, altAt: off1, start: cs, end: ce, orig: content,
		prefix: tagPrefix(tag)}
	if bytes.HasSuffix(tag, []byte("/>")) {
		s.selfClose = off1 - 2
	}
	conf, err := altoStringAttrs(r.path, r.src, off0, tk, &s)
	if err != nil {
		return err
	}
	r.strDepth, r.strSlot, r.strChildren = r.depth, -1, 0
	tok0, ok := r.addWord(content, cs, ce, exactRaw(r.src[cs:ce]), conf)
	if ok {
		s.tok0, s.tok1 = tok0, len(r.t.Tokens)
		r.lastSlotKey, r.lastTok1, r.lastHyp = r.lineKey, len(r.t.Tokens), false
		if r.withSlots {
			r.strSlot = len(r.slots)
			r.slots = append(r.slots, s)
		}
	}
	return nil
}

// altoStringAttrs reads the WC and box attributes of the String tk (at
// off0 in src) into s's box, and returns its confidence (WC × 100, -1
// when absent).
func altoStringAttrs(path string, src []byte, off0 int, tk xml.StartElement, s *ocrSlot) (float32, error) {
	conf := float32(-1)
	nbox := 0
	for _, a := range tk.Attr {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "WC":
			f, err := parseFinite(a.Value, 32)
			if err != nil {
				return 0, posError(path, src, off0, "<String%s>: WC %q is not a finite number", idNote(tk.Attr), a.Value)
			}
			conf = float32(f * 100)
		case "HPOS", "VPOS", "WIDTH", "HEIGHT":
			f, err := parseFinite(a.Value, 64)
			if err != nil {
				return 0, posError(path, src, off0, "<String%s>: %s %q is not a finite number", idNote(tk.Attr), a.Name.Local, a.Value)
			}
			switch a.Name.Local {
			case "HPOS":
				s.box.X0 = f
			case "VPOS":
				s.box.Y0 = f
			case "WIDTH":
				s.box.X1 = f
			case "HEIGHT":
				s.box.Y1 = f
			}
			nbox++
		}
	}
	s.box.X1 += s.box.X0
	s.box.Y1 += s.box.Y0
	s.hasBox = nbox == 4
	return conf, nil
}

// hyp reads the HYP start tag tk, src[off0:off1]: its text is appended to
// the last token of the line's last String, once.
func (r *altoReader) hyp(tk xml.StartElement, off0, off1 int) error {
	c, ok := attrLookup(tk.Attr, "CONTENT")
	if !ok {
		return posError(r.path, r.src, off0, "<HYP> without CONTENT")
	}
	c = strings.Join(strings.Fields(c), "")
	// A CONTENT that already ends with the hyphen does not get
	// it twice.
	if r.lastTok1 > 0 && c != "" && r.lastSlotKey == r.lineKey && !r.lastHyp &&
		!strings.HasSuffix(r.t.Tokens[r.lastTok1-1].Text, c) {
		r.lastHyp = true
		r.t.Tokens[r.lastTok1-1].Text += c
		if r.withSlots {
			sl := &r.slots[len(r.slots)-1]
			sl.hyp = c
			if cs, ce, ok := tagAttr(r.src[off0:off1], "CONTENT"); ok {
				sl.hypStart, sl.hypEnd = off0+cs, off0+ce
			}
		}
	}
	return nil
}

// endElement reads the end tag tk, which ends at off1.
func (r *altoReader) endElement(tk xml.EndElement, off1 int) {
	if r.depth == r.strDepth+1 && r.strDepth >= 0 && tk.Name.Local == "Shape" && r.strChildren == 1 && r.strSlot >= 0 {
		r.slots[r.strSlot].altAt = off1
	}
	if r.depth == r.strDepth {
		r.strDepth, r.strSlot = -1, -1
	}
	if r.depth == r.lineDepth {
		r.lineDepth = -1
		r.lineKey++
	}
	if tk.Name.Local == "TextBlock" && r.strDepth < 0 {
		r.blockKey++ // words after it, outside any block, are none of its
	}
	r.depth--
}

// attrLookup returns the value of the attribute with local name name and
// no namespace, and whether it is present.
func attrLookup(attrs []xml.Attr, name string) (string, bool) {
	for _, a := range attrs {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// idNote returns ` ID="..."` for an element's error message, or "".
func idNote(attrs []xml.Attr) string {
	if id, ok := attrLookup(attrs, "ID"); ok {
		return " ID=" + strconv.Quote(id)
	}
	return ""
}
