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
	d.Strict = true
	return t, slots, d, nil
}

// parseALTO reads an ALTO file into a Text and its slots (one per String
// with tokens).
func parseALTO(path string, src []byte, withSlots bool) (*Text, []ocrSlot, error) {
	t, slots, d, err := startXMLText(path, src, FormatALTO, "CONTENT", withSlots)
	if err != nil {
		return nil, nil, err
	}
	var (
		depth       int
		lineDepth   = -1 // depth of the open TextLine, -1 when none
		lineKey     int  // changes whenever a TextLine opens or closes
		lastKey     = -1
		ocrLine     int
		strDepth    = -1 // depth of the open String, -1 when none
		strSlot     = -1 // its slot, -1 when it has no tokens
		strChildren int  // child elements of the open String so far
		lastSlotKey = -1 // lineKey of the last String with tokens
		lastTok1    int  // end of its tokens
		lastHyp     bool // a HYP has been appended to it
		sawRoot     bool
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
			depth++
			if !sawRoot {
				sawRoot = true
				if tk.Name.Local != "alto" {
					return nil, nil, posError(path, src, off0, "not ALTO: root element <%s>, want <alto>", tk.Name.Local)
				}
			}
			if strDepth >= 0 {
				if depth == strDepth+1 {
					strChildren++
				}
				break
			}
			switch tk.Name.Local {
			case "TextLine":
				if lineDepth < 0 {
					lineDepth = depth
					lineKey++
				}
			case "String":
				tag := src[off0:off1]
				cs, ce, ok := tagAttr(tag, "CONTENT")
				if !ok {
					return nil, nil, posError(path, src, off0, "<String%s> without CONTENT", idNote(tk.Attr))
				}
				cs, ce = cs+off0, ce+off0
				content := attrValue(tk.Attr, "CONTENT")
				s := ocrSlot{titleEnd: -1, selfClose: -1, altAt: off1, start: cs, end: ce, orig: content,
					prefix: tagPrefix(tag)}
				if bytes.HasSuffix(tag, []byte("/>")) {
					s.selfClose = off1 - 2
				}
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
							return nil, nil, posError(path, src, off0, "<String%s>: WC %q is not a finite number", idNote(tk.Attr), a.Value)
						}
						conf = float32(f * 100)
					case "HPOS", "VPOS", "WIDTH", "HEIGHT":
						f, err := parseFinite(a.Value, 64)
						if err != nil {
							return nil, nil, posError(path, src, off0, "<String%s>: %s %q is not a finite number", idNote(tk.Attr), a.Name.Local, a.Value)
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
				strDepth, strSlot, strChildren = depth, -1, 0
				key := lineKey
				line := ocrLine
				if len(t.Tokens) == 0 || key != lastKey {
					line++
				}
				tok0 := len(t.Tokens)
				t.Tokens = addTokens(t.Tokens, content, src, cs, ce, exactRaw(src[cs:ce]), line, conf)
				if len(t.Tokens) > tok0 {
					ocrLine, lastKey = line, key
					s.tok0, s.tok1 = tok0, len(t.Tokens)
					lastSlotKey, lastTok1, lastHyp = key, len(t.Tokens), false
					if withSlots {
						strSlot = len(slots)
						slots = append(slots, s)
					}
				}
			case "HYP":
				c, ok := attrLookup(tk.Attr, "CONTENT")
				if !ok {
					return nil, nil, posError(path, src, off0, "<HYP> without CONTENT")
				}
				c = strings.Join(strings.Fields(c), "")
				// A CONTENT that already ends with the hyphen does not get
				// it twice.
				if lastTok1 > 0 && c != "" && lastSlotKey == lineKey && !lastHyp &&
					!strings.HasSuffix(t.Tokens[lastTok1-1].Text, c) {
					lastHyp = true
					t.Tokens[lastTok1-1].Text += c
					if withSlots {
						slots[len(slots)-1].hyp = c
					}
				}
			}
		case xml.EndElement:
			if depth == strDepth+1 && strDepth >= 0 && tk.Name.Local == "Shape" && strChildren == 1 && strSlot >= 0 {
				slots[strSlot].altAt = off1
			}
			if depth == strDepth {
				strDepth, strSlot = -1, -1
			}
			if depth == lineDepth {
				lineDepth = -1
				lineKey++
			}
			depth--
		}
	}
	if !sawRoot {
		return nil, nil, posError(path, src, len(src), "not ALTO: no root element")
	}
	return t, slots, nil
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
