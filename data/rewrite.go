package data

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rewrite writes t to w in its own format with the text of token i
// replaced by words[i]; len(words) must equal len(t.Tokens). Only the text
// of changed words changes: every other byte of t.Source is copied, so
// Rewrite(w, t.Words()) reproduces t.Source byte for byte.
//
// Words are written with their runs of white space (unicode.IsSpace)
// collapsed to one space and trimmed. A word holding a space is a split:
// it is written into the place of the one token (in a structured format,
// into its one element, whose box it keeps) and reads back as several
// tokens. A word that is "" (or only space) removes the token; a merge is
// written as the joined word in the first token and "" for the others.
// In a structured format an element whose text holds several tokens (a
// split written earlier) is rewritten whole when any of them changes.
//
// What a change does in each format:
//
//   - txt: the bytes [Start, End) of the token are replaced. A removed
//     token is cut together with the spaces and tabs before it, or, when
//     it is the first word of its line, with the spaces and tabs after it,
//     so a merge "a b" -> "ab" leaves no double space; line breaks are
//     never removed.
//   - tsv (Tesseract TSV): the text field of the word's row is replaced;
//     a removed word leaves its row in place with an empty text field
//     (which reading skips), so boxes and row numbers stay. Words never
//     hold tabs or line breaks (they are white space, collapsed as above).
//     The OCR's original word is not kept: Tesseract's 12 columns are
//     fixed and readers of the format reject a 13th; the input file, row
//     for row, holds it.
//   - hocr: the text content of the ocrx_word element is replaced
//     (XML-escaped); where that text lies in several pieces of nested
//     markup (<strong>wo<em>rd</em></strong>) the new text goes into the
//     first piece and the others are emptied, the markup kept. A removed
//     word leaves its element with no text. The original word is kept in
//     the element's title as the engine-specific property
//     x_ocr_orig "WORD" (a double-quoted string, \" and \\ escaped), added
//     at the end of the title the first time the word changes (an element
//     that already has x_ocr_orig keeps it, so it always holds the OCR's
//     own reading); an element without a title attribute keeps no
//     original.
//   - alto: the CONTENT attribute of the String is replaced (XML-escaped),
//     and the original CONTENT is kept as an <ALTERNATIVE> child of the
//     String, placed first (after a Shape child if there is one) as the
//     ALTO schema orders them; a self-closing <String .../> becomes
//     <String ...><ALTERNATIVE>orig</ALTERNATIVE></String>. A String
//     corrected again gets the CONTENT it had as a further ALTERNATIVE,
//     before the older ones. A removed word has CONTENT="". When the
//     String is followed by a HYP (see ReadALTO: the token's text ends
//     with the HYP's CONTENT), a trailing copy of that hyphen is cut from
//     the new word, since the HYP still writes it; a new word ending in
//     the not sign ¬ instead (the line-break hyphen as OCR-D's and the
//     HIPE-OCRepair sets' transcriptions write it) has it cut and written
//     as the HYP's CONTENT; any other new word goes into CONTENT whole and
//     the HYP stays.
//   - page (PAGE XML): the text of the Unicode element the word was read
//     from is replaced (XML-escaped; a line or region read whole is
//     written whole, its words joined by a space), and the TextEquiv of
//     the TextLine holding a changed Word is written anew as its words
//     joined by a space, that of the TextRegion holding a changed line as
//     its lines joined by a line break, so every level keeps one text. The
//     original word is not kept (the input file holds it); a removed word
//     leaves its Unicode empty.
//
// A text read from another encoding than UTF-8 (Text.Encoding) is written
// in it; in XML, a character of a new word that the encoding lacks is
// written as a numeric character reference.
//
// Invalid UTF-8 in a word is written as U+FFFD in every format, and so
// are the characters XML forbids (control characters, U+FFFE, U+FFFF) in
// every format but plain text, which keeps them. Rewrite
// re-reads t.Source and returns an error when t.Tokens do not match it;
// it does not modify t, so one Text may be rewritten concurrently.
func (t *Text) Rewrite(w io.Writer, words []string) error {
	if t == nil {
		return errors.New("rewrite: nil text")
	}
	if len(words) != len(t.Tokens) {
		return fmt.Errorf("%s: rewrite: %d words for %d tokens", t.Path, len(words), len(t.Tokens))
	}
	if len(t.Source) == 0 {
		// an empty file (ReadTextFormat): nothing to write, but the byte
		// order mark of one in UTF-16
		_, err := w.Write(utf16Mark(t.Encoding))
		return err
	}
	var edits []ocrEdit
	var err error
	switch t.Format {
	case FormatText:
		edits, err = t.txtEdits(words)
	case FormatTSV, FormatHOCR, FormatALTO, FormatPAGE:
		edits, err = t.structuredEdits(words)
	default:
		err = fmt.Errorf("%s: rewrite: unknown format %q", t.Path, t.Format)
	}
	if err != nil {
		return err
	}
	ew, flush, err := encodingWriter(w, t.Encoding)
	if err != nil {
		return fmt.Errorf("%s: rewrite: %v", t.Path, err)
	}
	if err := applyEdits(ew, t.Source, edits); err != nil {
		return err
	}
	return flush()
}

// ocrEdit replaces Source[at:end] (an insertion when end == at) by text.
type ocrEdit struct {
	at, end int
	text    string
}

// applyEdits writes src with edits applied; edits are sorted by position
// (stably) and must not overlap.
func applyEdits(w io.Writer, src []byte, edits []ocrEdit) error {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].at < edits[j].at })
	pos := 0
	for _, e := range edits {
		if e.at < pos || e.end < e.at || e.end > len(src) {
			return fmt.Errorf("rewrite: overlapping edit at byte %d", e.at)
		}
		if _, err := w.Write(src[pos:e.at]); err != nil {
			return err
		}
		if _, err := io.WriteString(w, e.text); err != nil {
			return err
		}
		pos = e.end
	}
	_, err := w.Write(src[pos:])
	return err
}

// cleanWord collapses the white space of w to single spaces, trims it,
// and replaces invalid UTF-8 and characters XML forbids by U+FFFD.
func cleanWord(w string) string {
	ok := utf8.ValidString(w)
	if ok {
		for _, r := range w {
			if unicode.IsSpace(r) || !xmlChar(r) {
				ok = false
				break
			}
		}
	}
	if ok {
		return w
	}
	w = strings.ToValidUTF8(w, "\uFFFD")
	w = strings.Join(strings.Fields(w), " ")
	return strings.Map(func(r rune) rune {
		if xmlChar(r) {
			return r
		}
		return '\uFFFD'
	}, w)
}

// cleanText is cleanWord for plain text, which has no forbidden
// characters: a control character of the word (one the OCR token had) is
// written as it is.
func cleanText(w string) string {
	if utf8.ValidString(w) && strings.IndexFunc(w, unicode.IsSpace) < 0 {
		return w
	}
	return strings.Join(strings.Fields(strings.ToValidUTF8(w, "\uFFFD")), " ")
}

// xmlChar reports whether r may appear in an XML 1.0 document.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// xmlEscape escapes s for XML element text or an attribute value in
// either kind of quotes.
func xmlEscape(s string) string {
	var b strings.Builder
	if err := xml.EscapeText(&b, []byte(s)); err != nil {
		return s // cannot happen with a strings.Builder
	}
	return b.String()
}

// txtEdits computes the edits of a plain-text rewrite.
func (t *Text) txtEdits(words []string) ([]ocrEdit, error) {
	src := t.Source
	var edits []ocrEdit
	prev := 0
	for i, tok := range t.Tokens {
		if tok.Start < prev || tok.End < tok.Start || tok.End > len(src) {
			return nil, fmt.Errorf("%s: rewrite: token %d span [%d,%d) out of order or outside the source", t.Path, i, tok.Start, tok.End)
		}
		prev = tok.End
	}
	// lastKept is where the last edit ended; atLineStart says whether the
	// output up to there holds only blanks since its last line break.
	lastKept, atLineStart := 0, true
	for i, tok := range t.Tokens {
		if words[i] == tok.Text {
			continue
		}
		w := cleanText(words[i])
		if w != "" {
			edits = append(edits, ocrEdit{tok.Start, tok.End, w})
			lastKept, atLineStart = tok.End, false
			continue
		}
		// Remove the token: with the blanks before it when some word of its
		// line is kept before it, else with the blanks after it.
		b := tok.Start
		for b > lastKept && (src[b-1] == ' ' || src[b-1] == '\t') {
			b--
		}
		ls := atLineStart
		if b > lastKept {
			ls = src[b-1] == '\n'
		}
		if !ls {
			edits = append(edits, ocrEdit{b, tok.End, ""})
			lastKept, atLineStart = tok.End, false
			continue
		}
		e := tok.End
		for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
			e++
		}
		edits = append(edits, ocrEdit{tok.Start, e, ""})
		lastKept, atLineStart = e, true
	}
	return edits, nil
}

// notSign is the line-break hyphen of OCR-D's and the HIPE-OCRepair
// sets' transcriptions (U+00AC), which a corrected word may end with.
const notSign = "\u00ac"

// ocrSlot is one element of a structured file whose text holds tokens
// [tok0, tok1): a TSV row, an hOCR ocrx_word, an ALTO String.
type ocrSlot struct {
	tok0, tok1 int
	start, end int // the whole text: TSV field, CONTENT value, or first text piece
	box        Box
	hasBox     bool
	// hOCR
	more     [][2]int // further text pieces of the element (nested markup)
	titleEnd int      // offset of the end of the title value, -1 when none
	titleSep string   // what separates a property added at titleEnd
	hasOrig  bool     // the title already has x_ocr_orig
	orig     string   // the element's text as read
	// ALTO
	hyp       string // CONTENT of the HYP after the String, "" when none
	hypStart  int    // the byte span of that CONTENT's value (0, 0: none)
	hypEnd    int
	altAt     int    // where an ALTERNATIVE is inserted (non-self-closing)
	selfClose int    // offset of the "/>" of a self-closing String, -1 when not
	prefix    string // namespace prefix of the String element, with ':'
}

// Box is a word's bounding box in the page's coordinates (pixels for
// Tesseract's output): X0,Y0 the top-left and X1,Y1 the bottom-right
// corner. TSV left/top/width/height and ALTO HPOS/VPOS/WIDTH/HEIGHT are
// converted to corners; hOCR bbox is corners already.
type Box struct {
	X0, Y0, X1, Y1 float64
}

// Boxes returns the box of each token of t (a TSV, hOCR or ALTO text) and
// whether the token has one; tokens of one element (a split) share its
// box. A plain-text Text has no boxes: both slices are all zero.
func (t *Text) Boxes() ([]Box, []bool, error) {
	boxes := make([]Box, len(t.Tokens))
	has := make([]bool, len(t.Tokens))
	if t.Format == FormatText {
		return boxes, has, nil
	}
	_, slots, err := parseStructured(t.Path, t.Format, t.Source)
	if err != nil {
		return nil, nil, err
	}
	for _, s := range slots {
		for i := s.tok0; i < s.tok1 && i < len(boxes); i++ {
			boxes[i], has[i] = s.box, s.hasBox
		}
	}
	return boxes, has, nil
}

// parseStructured reads src in format f, returning its text and slots.
func parseStructured(path string, f Format, src []byte) (*Text, []ocrSlot, error) {
	switch f {
	case FormatTSV:
		return parseTesseractTSV(path, src, true)
	case FormatHOCR:
		return parseHOCR(path, src, true)
	case FormatALTO:
		return parseALTO(path, src, true)
	case FormatPAGE:
		t, slots, _, err := parsePAGE(path, src, true)
		return t, slots, err
	}
	return nil, nil, fmt.Errorf("%s: unknown format %q", path, f)
}

// structuredEdits computes the edits of a TSV, hOCR, ALTO or PAGE rewrite.
func (t *Text) structuredEdits(words []string) ([]ocrEdit, error) {
	var orig *Text
	var slots []ocrSlot
	var layout *pageLayout
	var err error
	if t.Format == FormatPAGE {
		orig, slots, layout, err = parsePAGE(t.Path, t.Source, true)
	} else {
		orig, slots, err = parseStructured(t.Path, t.Format, t.Source)
	}
	if err != nil {
		return nil, err
	}
	if len(orig.Tokens) != len(t.Tokens) {
		return nil, fmt.Errorf("%s: rewrite: the text has %d tokens but its source reads as %d", t.Path, len(t.Tokens), len(orig.Tokens))
	}
	for i := range orig.Tokens {
		if orig.Tokens[i].Start != t.Tokens[i].Start || orig.Tokens[i].End != t.Tokens[i].End {
			return nil, fmt.Errorf("%s: rewrite: token %d span [%d,%d) does not match its source [%d,%d)", t.Path, i,
				t.Tokens[i].Start, t.Tokens[i].End, orig.Tokens[i].Start, orig.Tokens[i].End)
		}
	}
	var edits []ocrEdit
	texts := make([]string, len(slots)) // a changed slot's new text
	changed := make([]bool, len(slots))
	for si := range slots {
		s := &slots[si]
		for i := s.tok0; i < s.tok1; i++ {
			if words[i] != orig.Tokens[i].Text {
				changed[si] = true
				break
			}
		}
		if !changed[si] {
			continue
		}
		parts := make([]string, 0, s.tok1-s.tok0)
		for i := s.tok0; i < s.tok1; i++ {
			if w := cleanWord(words[i]); w != "" {
				parts = append(parts, w)
			}
		}
		text := strings.Join(parts, " ")
		texts[si] = text
		switch t.Format {
		case FormatTSV:
			edits = append(edits, ocrEdit{s.start, s.end, text})
		case FormatHOCR:
			if s.titleEnd >= 0 && !s.hasOrig {
				edits = append(edits, ocrEdit{s.titleEnd, s.titleEnd, xmlEscape(s.titleSep + "x_ocr_orig " + hocrQuote(s.orig))})
			}
			edits = append(edits, ocrEdit{s.start, s.end, xmlEscape(text)})
			for _, p := range s.more {
				edits = append(edits, ocrEdit{p[0], p[1], ""})
			}
		case FormatALTO:
			switch {
			case s.hyp != "" && strings.HasSuffix(text, s.hyp) && len(text) > len(s.hyp):
				text = strings.TrimSuffix(text, s.hyp)
			case s.hyp != "" && s.hypEnd > s.hypStart && strings.HasSuffix(text, notSign) && len(text) > len(notSign):
				// the word's line-break hyphen written as ¬ (a
				// transcription's convention): the HYP writes it
				text = strings.TrimSuffix(text, notSign)
				edits = append(edits, ocrEdit{s.hypStart, s.hypEnd, notSign})
				if text == s.orig {
					continue // only the hyphen changed
				}
			}
			edits = append(edits, ocrEdit{s.start, s.end, xmlEscape(text)})
			alt := "<" + s.prefix + "ALTERNATIVE>" + xmlEscape(s.orig) + "</" + s.prefix + "ALTERNATIVE>"
			if s.selfClose >= 0 {
				edits = append(edits, ocrEdit{s.selfClose, s.selfClose + 2, ">" + alt + "</" + s.prefix + "String>"})
			} else {
				edits = append(edits, ocrEdit{s.altAt, s.altAt, alt})
			}
		case FormatPAGE:
			edits = append(edits, pageTextEdit(pageText{start: s.start, end: s.end, selfClose: s.selfClose, prefix: s.prefix}, text))
		}
	}
	if layout != nil {
		edits = append(edits, layout.sumEdits(slots, orig, changed, texts)...)
	}
	return edits, nil
}

// hocrQuote writes s as a double-quoted hOCR property string, with " and
// \ escaped by a backslash.
func hocrQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// posError formats an error naming path and the 1-based line of byte
// offset off in src.
func posError(path string, src []byte, off int, format string, args ...any) error {
	if off > len(src) {
		off = len(src)
	}
	if off < 0 {
		off = 0
	}
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
}

// xmlError turns an error of encoding/xml into one naming path and line.
func xmlError(path string, src []byte, d *xml.Decoder, err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%s:%d: malformed XML: %s", path, se.Line, se.Msg)
	}
	return posError(path, src, int(d.InputOffset()), "malformed XML: %v", err)
}

// tagAttr finds attribute name (compared by its local part, after any
// prefix) in the raw start tag tag and returns the byte span of its value
// inside tag, without the quotes. The tag must be well formed (the
// decoder has checked it).
func tagAttr(tag []byte, name string) (start, end int, ok bool) {
	i := 1
	for i < len(tag) && !isXMLSpace(tag[i]) && tag[i] != '/' && tag[i] != '>' {
		i++
	}
	for i < len(tag) {
		for i < len(tag) && isXMLSpace(tag[i]) {
			i++
		}
		if i >= len(tag) || tag[i] == '/' || tag[i] == '>' {
			return 0, 0, false
		}
		n0 := i
		for i < len(tag) && tag[i] != '=' && !isXMLSpace(tag[i]) {
			i++
		}
		an := tag[n0:i]
		for i < len(tag) && isXMLSpace(tag[i]) {
			i++
		}
		if i >= len(tag) || tag[i] != '=' {
			return 0, 0, false
		}
		i++
		for i < len(tag) && isXMLSpace(tag[i]) {
			i++
		}
		if i >= len(tag) {
			return 0, 0, false
		}
		q := tag[i]
		if q != '"' && q != '\'' {
			return 0, 0, false
		}
		v0 := i + 1
		j := bytes.IndexByte(tag[v0:], q)
		if j < 0 {
			return 0, 0, false
		}
		i = v0 + j + 1
		if k := bytes.LastIndexByte(an, ':'); k >= 0 {
			an = an[k+1:]
		}
		if string(an) == name {
			return v0, v0 + j, true
		}
	}
	return 0, 0, false
}

// tagPrefix returns the namespace prefix of the raw start tag's name,
// with its colon ("" when the name has none).
func tagPrefix(tag []byte) string {
	i := 1
	for i < len(tag) && !isXMLSpace(tag[i]) && tag[i] != '/' && tag[i] != '>' {
		i++
	}
	name := tag[1:i]
	if k := bytes.IndexByte(name, ':'); k >= 0 {
		return string(name[:k+1])
	}
	return ""
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// addTokens splits text (read from raw bytes src[start:end]) into
// whitespace tokens and appends them to toks with line and conf. When
// exact, text equals the raw bytes and each token gets its own span;
// otherwise (entities, line-end normalisation, nested markup) every token
// gets the raw span trimmed of ASCII white space.
func addTokens(toks []Token, text string, src []byte, start, end int, exact bool, line int, conf float32) []Token {
	if exact {
		for i := 0; i < len(text); {
			r, size := utf8.DecodeRuneInString(text[i:])
			if unicode.IsSpace(r) {
				i += size
				continue
			}
			j := i
			for j < len(text) {
				r, size := utf8.DecodeRuneInString(text[j:])
				if unicode.IsSpace(r) {
					break
				}
				j += size
			}
			toks = append(toks, Token{Text: text[i:j], Line: line, Start: start + i, End: start + j, Conf: conf})
			i = j
		}
		return toks
	}
	for start < end && isXMLSpace(src[start]) {
		start++
	}
	for end > start && isXMLSpace(src[end-1]) {
		end--
	}
	for _, f := range strings.Fields(text) {
		toks = append(toks, Token{Text: f, Line: line, Start: start, End: end, Conf: conf})
	}
	return toks
}

// exactRaw reports whether raw XML text bytes decode to themselves (no
// entity or character reference, no CDATA section, no carriage return).
func exactRaw(raw []byte) bool {
	return bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 && bytes.IndexByte(raw, '<') < 0
}
