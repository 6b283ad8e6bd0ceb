package data

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

func init() {
	formatReaders[FormatTSV] = ReadTesseractTSV
	formatReaders[FormatHOCR] = ReadHOCR
	formatReaders[FormatALTO] = ReadALTO
	formatReaders[FormatPAGE] = ReadPAGE
}

// tesseractTSVHeader is the header line of Tesseract's TSV output.
const tesseractTSVHeader = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"

// tsvFields names the 12 columns, for error messages.
var tsvFields = strings.Split(tesseractTSVHeader, "\t")

// ReadTesseractTSV reads src, the TSV output of Tesseract (`tesseract IMG
// OUT tsv`), named path in errors. The first line must be Tesseract's
// header (level page_num block_num par_num line_num word_num left top
// width height conf text, tab-separated; a UTF-8 byte order mark before it
// is allowed) and every other line a row of exactly 12 fields whose first
// 10 are integers and conf a finite number (not NaN or an infinity);
// lines end in "\n" or "\r\n".
//
// Rows of level 5 are words. A word's text field is split at white space
// into tokens (Tesseract writes one word, never a space; a text holding a
// space is a split written by Rewrite); an empty text yields no token.
// Token.Text is the text as written (TSV has no escaping), Start/End its
// bytes in src, Conf the conf column (Tesseract: 0..100, -1 when none) and
// Line the 1-based index of the word's (page, block, par, line) among the
// lines holding a token, in file order. Rows of other levels (page, block,
// paragraph, line) only delimit. Boxes (left, top, width, height) are
// returned by Text.Boxes.
//
// Errors name path and line: a wrong header, a short or long row, a field
// that is not a number, invalid UTF-8.
func ReadTesseractTSV(path string, src []byte) (*Text, error) {
	t, _, err := parseTesseractTSV(path, src, false)
	return t, err
}

// parseTesseractTSV reads a Tesseract TSV file into a Text and its slots
// (one per word row with tokens).
func parseTesseractTSV(path string, src []byte, withSlots bool) (*Text, []ocrSlot, error) {
	if err := CheckText(path, src); err != nil {
		return nil, nil, err
	}
	t := &Text{Path: path, Format: FormatTSV, Source: src}
	var slots []ocrSlot
	est := bytes.Count(src, []byte{'\n'}) + 1
	t.Tokens = make([]Token, 0, est)
	if withSlots {
		slots = make([]ocrSlot, 0, est)
	}
	pos := 0
	if bytes.HasPrefix(src, []byte(bom)) {
		pos = len(bom)
	}
	lineNo := 0
	var lastKey [4]int64
	var lastBlock [3]int64 // page, block and paragraph of the last word with tokens
	ocrLine := 0
	var fields [12][2]int // byte spans of the fields of the current row
	for pos < len(src) || lineNo == 0 {
		lineNo++
		end := bytes.IndexByte(src[pos:], '\n')
		next := len(src)
		if end < 0 {
			end = len(src)
		} else {
			end += pos
			next = end + 1
		}
		rowEnd := end
		if rowEnd > pos && src[rowEnd-1] == '\r' {
			rowEnd--
		}
		row := src[pos:rowEnd]
		if lineNo == 1 {
			if string(row) != tesseractTSVHeader {
				return nil, nil, posError(path, src, pos, "not a Tesseract TSV header: want %q", tesseractTSVHeader)
			}
			pos = next
			continue
		}
		n := 0
		f0 := pos
		for i := pos; i <= rowEnd; i++ {
			if i == rowEnd || src[i] == '\t' {
				if n == len(fields) {
					return nil, nil, posError(path, src, pos, "row has more than %d tab-separated fields", len(fields))
				}
				fields[n] = [2]int{f0, i}
				n++
				f0 = i + 1
			}
		}
		if n < len(fields) {
			return nil, nil, posError(path, src, pos, "short row: %d fields, want %d (%s)", n, len(fields), tesseractTSVHeader)
		}
		var num [10]int64
		for k := 0; k < 10; k++ {
			v, err := strconv.ParseInt(string(src[fields[k][0]:fields[k][1]]), 10, 64)
			if err != nil {
				return nil, nil, posError(path, src, pos, "field %s: %q is not an integer", tsvFields[k], src[fields[k][0]:fields[k][1]])
			}
			num[k] = v
		}
		confText := string(src[fields[10][0]:fields[10][1]])
		conf, err := parseFinite(confText, 32)
		if err != nil {
			return nil, nil, posError(path, src, pos, "field conf: %q is not a finite number", confText)
		}
		pos = next
		if num[0] != 5 {
			continue
		}
		ts, te := fields[11][0], fields[11][1]
		text := string(src[ts:te])
		key := [4]int64{num[1], num[2], num[3], num[4]}
		tok0 := len(t.Tokens)
		line := ocrLine
		if tok0 == 0 || key != lastKey {
			line++
		}
		t.Tokens = addTokens(t.Tokens, text, src, ts, te, true, line, float32(conf))
		if len(t.Tokens) == tok0 {
			continue
		}
		ocrLine, lastKey = line, key
		if b := [3]int64{num[1], num[2], num[3]}; tok0 == 0 || b != lastBlock {
			t.Blocks = append(t.Blocks, tok0)
			lastBlock = b
		}
		if withSlots {
			slots = append(slots, ocrSlot{
				tok0: tok0, tok1: len(t.Tokens), start: ts, end: te,
				box:    Box{float64(num[6]), float64(num[7]), float64(num[6] + num[8]), float64(num[7] + num[9])},
				hasBox: true, titleEnd: -1, selfClose: -1,
			})
		}
	}
	return t, slots, nil
}

// parseFinite is strconv.ParseFloat refusing NaN and the infinities, which
// no recogniser writes as a confidence or a coordinate (and which would
// poison every sum and comparison they enter).
func parseFinite(s string, bitSize int) (float64, error) {
	f, err := strconv.ParseFloat(s, bitSize)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return f, nil
}
