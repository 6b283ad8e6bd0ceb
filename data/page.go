package data

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
)

// ReadPAGE reads src, a PAGE XML file (root element PcGts, any namespace:
// the format of Transkribus, OCR-D, eScriptorium and Kraken, schema
// versions 2010 to 2019), named path in errors. Like the other XML
// readers it reads a stream of tokens (encoding/xml), never a whole tree.
//
// The text is that of the lowest level that has it. A Word's text is the
// Unicode of its TextEquiv (of the one with the lowest index when it has
// several; the first of equal ones, an index absent counting as the
// highest); a TextLine with a Word that has a TextEquiv is read word by
// word, a TextLine without one from its own TextEquiv, and a TextRegion
// that holds no text in its lines from its own (Glyph text is never
// read). Each such Unicode is split at white space into tokens; Start/End
// are the bytes of the escaped text in src (the trimmed whole text for
// each token when it holds an entity reference or a CDATA section). Conf
// is the TextEquiv's conf × 100 (conf is 0..1 in PAGE; -1 when absent) and
// Line the 1-based index, among the lines holding a token, of the TextLine
// (a region read whole is one line). Text.Boxes returns the bounding box
// of the points of the Coords of the element whose text made the token
// (Word, TextLine or TextRegion; none for the Point children of PAGE
// 2010, nor without Coords).
//
// Errors name path and line: malformed XML, a root that is not PcGts, a
// conf that is not a finite number, an index that is not an integer, a
// Coords points value that is not a list of x,y pairs of finite numbers,
// invalid UTF-8.
func ReadPAGE(path string, src []byte) (*Text, error) {
	t, _, _, err := parsePAGE(path, src, false)
	return t, err
}

// pageText is the Unicode of a chosen TextEquiv: its text as decoded,
// the byte span of its content in src, and its TextEquiv's conf and
// index.
type pageText struct {
	ok         bool
	key        int // the TextEquiv's index, math.MaxInt when absent
	start, end int
	selfClose  int // offset of the "/>" of a self-closing Unicode, -1 when not
	prefix     string
	text       string
	exact      bool
	conf       float32
}

// pageFrame is an open TextRegion ('r'), TextLine ('l') or Word ('w').
type pageFrame struct {
	kind   byte
	depth  int
	te     pageText
	box    Box
	hasBox bool
	// line: a Word of it has a TextEquiv, and the slot count when it
	// opened; region: its index in pageLayout.regions and the token count
	// when it opened
	wordText bool
	slot0    int
	region   int
	tok0     int
}

// pageLayout is what a rewrite of a PAGE file needs beyond the slots: the
// TextEquiv of each line read word by word and of each region read line
// by line, which hold the same text again and are written anew when a
// word of theirs changes.
type pageLayout struct {
	lines   []pageLine
	regions []pageText // the region's own text; ok false when none
	// slotLine is the line (index in lines) of each slot, -1 for a
	// region read whole
	slotLine []int
}

// pageLine is a TextLine with text: its own TextEquiv (sum, when it was
// read word by word) or nothing, the region holding it (-1 when none),
// and its text as read.
type pageLine struct {
	sum    pageText
	words  bool // read word by word: its slots are Words
	region int
	text   string
}

// pageReader reads a PAGE file: xmlText and the open frames, TextEquiv and
// Unicode.
type pageReader struct {
	xmlText
	layout  pageLayout
	frames  []pageFrame
	teDepth int // depth of the open TextEquiv that counts, -1 when none
	teKey   int
	teConf  float32
	uniAt   int // depth of the open Unicode in it, -1 when none
	uni     pageText
	text    strings.Builder
}

// parsePAGE reads a PAGE file into a Text, its slots (one per element
// whose Unicode gave tokens) and its layout.
func parsePAGE(path string, src []byte, withSlots bool) (*Text, []ocrSlot, *pageLayout, error) {
	t, slots, d, err := startXMLText(path, src, FormatPAGE, "Unicode", withSlots)
	if err != nil {
		return nil, nil, nil, err
	}
	r := &pageReader{xmlText: newXMLText(path, src, withSlots, t, slots), teDepth: -1, uniAt: -1}
	for {
		tok, off0, off1, err := r.nextToken(d)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, nil, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if err := r.start(tk, off0, off1); err != nil {
				return nil, nil, nil, err
			}
		case xml.EndElement:
			r.end(off0)
		case xml.CharData:
			if r.uniAt >= 0 {
				r.text.Write(tk)
			}
		}
	}
	if !r.sawRoot {
		return nil, nil, nil, posError(path, src, len(src), "not PAGE XML: no root element")
	}
	if len(r.t.Tokens) == 0 {
		r.t.Tokens = nil
	}
	return r.t, r.slots, &r.layout, nil
}

// top returns the innermost open frame, or nil.
func (r *pageReader) top() *pageFrame {
	if len(r.frames) == 0 {
		return nil
	}
	return &r.frames[len(r.frames)-1]
}

// start reads the start tag tk, src[off0:off1].
func (r *pageReader) start(tk xml.StartElement, off0, off1 int) error {
	if root, err := r.enter(tk, off0, "PcGts", "PAGE XML"); root || err != nil {
		return err
	}
	if r.uniAt >= 0 {
		r.uni.exact = false // markup inside a Unicode
		return nil
	}
	f := r.top()
	switch tk.Name.Local {
	case "TextRegion":
		r.blockKey++
		r.frames = append(r.frames, pageFrame{kind: 'r', depth: r.depth, region: len(r.layout.regions), tok0: len(r.t.Tokens)})
		r.layout.regions = append(r.layout.regions, pageText{})
	case "TextLine":
		r.frames = append(r.frames, pageFrame{kind: 'l', depth: r.depth, slot0: len(r.slots)})
		r.lineKey++
	case "Word":
		r.frames = append(r.frames, pageFrame{kind: 'w', depth: r.depth})
	case "Coords":
		if f != nil && r.depth == f.depth+1 {
			return r.coords(f, tk, off0)
		}
	case "TextEquiv":
		if f != nil && r.depth == f.depth+1 && r.teDepth < 0 {
			return r.textEquiv(tk, off0)
		}
	case "Unicode":
		if r.teDepth >= 0 && r.depth == r.teDepth+1 && r.uniAt < 0 {
			tag := r.src[off0:off1]
			r.uniAt = r.depth
			r.uni = pageText{ok: true, key: r.teKey, start: off1, end: off1, selfClose: -1, prefix: tagPrefix(tag), conf: r.teConf, exact: true}
			if bytes.HasSuffix(tag, []byte("/>")) {
				r.uni.selfClose = off1 - 2
			}
			r.text.Reset()
		}
	}
	return nil
}

// textEquiv reads the start tag of a TextEquiv of the innermost frame:
// its index and conf.
func (r *pageReader) textEquiv(tk xml.StartElement, off0 int) error {
	r.teDepth, r.teKey, r.teConf = r.depth, math.MaxInt, -1
	if v, ok := attrLookup(tk.Attr, "index"); ok {
		k, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return posError(r.path, r.src, off0, "<TextEquiv>: index %q is not an integer", v)
		}
		r.teKey = k
	}
	if v, ok := attrLookup(tk.Attr, "conf"); ok {
		c, err := parseFinite(strings.TrimSpace(v), 32)
		if err != nil {
			return posError(r.path, r.src, off0, "<TextEquiv>: conf %q is not a finite number", v)
		}
		r.teConf = float32(c * 100)
	}
	return nil
}

// coords reads the points of a Coords element of frame f into its box.
func (r *pageReader) coords(f *pageFrame, tk xml.StartElement, off0 int) error {
	v, ok := attrLookup(tk.Attr, "points")
	if !ok {
		return nil // PAGE 2010: Point children
	}
	b, n := Box{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}, 0
	for _, pt := range strings.Fields(v) {
		xs, ys, ok := strings.Cut(pt, ",")
		x, errX := parseFinite(xs, 64)
		y, errY := parseFinite(ys, 64)
		if !ok || errX != nil || errY != nil {
			return posError(r.path, r.src, off0, "<Coords>: points %q is not a list of x,y pairs of numbers", v)
		}
		b.X0, b.Y0, b.X1, b.Y1 = min(b.X0, x), min(b.Y0, y), max(b.X1, x), max(b.Y1, y)
		n++
	}
	if n > 0 {
		f.box, f.hasBox = b, true
	}
	return nil
}

// end reads an end tag that starts at off0.
func (r *pageReader) end(off0 int) {
	defer func() { r.depth-- }()
	if r.uniAt >= 0 {
		if r.depth != r.uniAt {
			return
		}
		r.uniAt = -1
		u := r.uni
		if u.selfClose < 0 {
			u.end = off0
		}
		u.text = r.text.String()
		u.exact = u.exact && u.text == string(r.src[u.start:u.end])
		// the TextEquiv's frame keeps its lowest index, the first of equal
		// ones
		if f := r.top(); f != nil && (!f.te.ok || u.key < f.te.key) {
			f.te = u
		}
		return
	}
	if r.depth == r.teDepth {
		r.teDepth = -1
		return
	}
	f := r.top()
	if f == nil || r.depth != f.depth {
		return
	}
	r.frames = r.frames[:len(r.frames)-1]
	switch f.kind {
	case 'w':
		if !f.te.ok {
			return
		}
		line := -1
		for i := len(r.frames) - 1; i >= 0; i-- {
			if r.frames[i].kind == 'l' {
				r.frames[i].wordText = true
				line = len(r.layout.lines) // the line's index once it ends
				break
			}
		}
		r.addSlot(f, line)
	case 'l':
		line := pageLine{region: r.region(), words: f.wordText}
		if f.wordText {
			line.sum = f.te
			var ws []string
			for i := f.slot0; i < len(r.slots); i++ { // the line's Words
				ws = append(ws, r.slotText(i))
			}
			line.text = strings.Join(ws, " ")
		} else if f.te.ok {
			r.addSlot(f, len(r.layout.lines))
			line.text = f.te.text
		}
		if f.wordText || f.te.ok {
			r.layout.lines = append(r.layout.lines, line)
		}
		r.lineKey++
	case 'r':
		if len(r.t.Tokens) == f.tok0 && f.te.ok {
			r.lineKey++
			r.addSlot(f, -1)
			r.lineKey++
		} else {
			r.layout.regions[f.region] = f.te
		}
		r.blockKey++ // words after it, outside any region, are none of its
	}
}

// region returns the index of the innermost open TextRegion, -1 when none.
func (r *pageReader) region() int {
	for i := len(r.frames) - 1; i >= 0; i-- {
		if r.frames[i].kind == 'r' {
			return r.frames[i].region
		}
	}
	return -1
}

// addSlot adds the tokens of frame f's text, and its slot on line (an
// index of layout.lines, -1 for none).
func (r *pageReader) addSlot(f *pageFrame, line int) {
	te := f.te
	tok0, ok := r.addWord(te.text, te.start, te.end, te.exact, te.conf)
	if !ok || !r.withSlots {
		return
	}
	r.slots = append(r.slots, ocrSlot{tok0: tok0, tok1: len(r.t.Tokens), start: te.start, end: te.end,
		box: f.box, hasBox: f.hasBox, titleEnd: -1, selfClose: te.selfClose, prefix: te.prefix, orig: te.text})
	r.layout.slotLine = append(r.layout.slotLine, line)
}

// slotText is the text of slot i's tokens joined by spaces.
func (r *pageReader) slotText(i int) string {
	s := r.slots[i]
	ws := make([]string, 0, s.tok1-s.tok0)
	for _, tk := range r.t.Tokens[s.tok0:s.tok1] {
		ws = append(ws, tk.Text)
	}
	return strings.Join(ws, " ")
}

// pageTextEdit is the edit that writes text (unescaped; its line breaks
// are written as they are) as the content of the Unicode element u.
func pageTextEdit(u pageText, text string) ocrEdit {
	ls := strings.Split(text, "\n")
	for i, l := range ls {
		ls[i] = xmlEscape(l)
	}
	text = strings.Join(ls, "\n")
	if u.selfClose >= 0 {
		return ocrEdit{u.selfClose, u.selfClose + 2, ">" + text + "</" + u.prefix + "Unicode>"}
	}
	return ocrEdit{u.start, u.end, text}
}

// sumEdits returns the edits that write anew the TextEquiv of each line
// read word by word, and of each region read line by line, in which a slot
// changed: a line's text becomes its words joined by a space, a region's
// its lines' texts joined by a line break, each line's text as read where
// nothing in it changed. orig is the text the slots were read with;
// changed and texts say which slots changed and their new texts.
func (l *pageLayout) sumEdits(slots []ocrSlot, orig *Text, changed []bool, texts []string) []ocrEdit {
	lineText := make([]string, len(l.lines))
	lineChanged := make([]bool, len(l.lines))
	for i, ln := range l.lines {
		lineText[i] = ln.text
	}
	// the new text of each changed line, from all its slots in order
	byLine := make([][]string, len(l.lines))
	for si, s := range slots {
		li := l.slotLine[si]
		if li < 0 {
			continue
		}
		lineChanged[li] = lineChanged[li] || changed[si]
		text := texts[si]
		if !changed[si] {
			ws := make([]string, 0, s.tok1-s.tok0)
			for _, tk := range orig.Tokens[s.tok0:s.tok1] {
				ws = append(ws, tk.Text)
			}
			text = strings.Join(ws, " ")
		}
		if text != "" {
			byLine[li] = append(byLine[li], text)
		}
	}
	var edits []ocrEdit
	regionChanged := make([]bool, len(l.regions))
	for i, ln := range l.lines {
		if !lineChanged[i] {
			continue
		}
		lineText[i] = strings.Join(byLine[i], " ")
		if ln.region >= 0 {
			regionChanged[ln.region] = true
		}
		if ln.words && ln.sum.ok {
			edits = append(edits, pageTextEdit(ln.sum, lineText[i]))
		}
	}
	for ri, sum := range l.regions {
		if !regionChanged[ri] || !sum.ok {
			continue
		}
		var ls []string
		for i, ln := range l.lines {
			if ln.region == ri && lineText[i] != "" {
				ls = append(ls, lineText[i])
			}
		}
		edits = append(edits, pageTextEdit(sum, strings.Join(ls, "\n")))
	}
	return edits
}
