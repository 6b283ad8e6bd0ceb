package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// HIPEExt is the extension of a HIPE-OCRepair JSONL file.
const HIPEExt = ".jsonl"

// IsHIPEFile reports whether path names a HIPE-OCRepair JSONL file by its
// extension (.jsonl, in any case).
func IsHIPEFile(path string) bool {
	return strings.EqualFold(filepath.Ext(path), HIPEExt)
}

// HIPERecord is one line of a file in the JSONL format of the ICDAR 2026
// competition on OCR post-correction (HIPE-OCRepair): one JSON object per
// line holding document_metadata (document_id, language, ...),
// ocr_hypothesis.transcription_unit (the OCR to correct, with its line
// breaks), ground_truth.transcription_unit in the sets with a truth, and
// ocr_postcorrection_output, the placeholder a system fills. The record
// keeps all its members, in their order and as they were written, so that
// WriteHIPE gives back the file with the output filled and nothing else
// changed.
type HIPERecord struct {
	Line     int    // 1-based line of the record in its file
	ID       string // document_metadata.document_id (a number is kept as written)
	Language string // document_metadata.language; "" when absent
	OCR      string // ocr_hypothesis.transcription_unit
	Truth    string // ground_truth.transcription_unit; "" when HasTruth is false
	HasTruth bool   // whether the record holds a truth (a string, not null)
	Output   string // ocr_postcorrection_output.transcription_unit; "" when HasOutput is false
	// HasOutput is whether the record holds an output (a string other than
	// the competition's placeholder "None").
	HasOutput bool

	members []jsonMember
	crlf    bool // the record's line ended in CR LF, as WriteHIPE ends it
}

// jsonMember is one member of a JSON object, its value as written.
type jsonMember struct {
	key string
	val json.RawMessage
}

// HIPE member names.
const (
	hipeMeta   = "document_metadata"
	hipeOCR    = "ocr_hypothesis"
	hipeTruth  = "ground_truth"
	hipeOutput = "ocr_postcorrection_output"
	hipeUnit   = "transcription_unit"
	hipeSystem = "ocr_postcorrection_system"
	// hipeNone is what the competition's files hold as the output before
	// a system fills it.
	hipeNone = "None"
)

// ReadHIPE reads src, the contents of the HIPE-OCRepair JSONL file named
// name, as its records in order. Blank lines are skipped, and so is a
// UTF-8 byte order mark at the start (WriteHIPE writes none); a record
// read from a line ending in CR LF is written back so. Each record must
// be a JSON object with a document_metadata object whose document_id is a
// string or a number and an ocr_hypothesis object whose transcription_unit
// is a string; a record's truth and output are read when present. Every
// error names the file and line: invalid UTF-8 or a NUL byte, a line that
// is not one JSON object (or holds something after it), a member named
// twice, a missing or mistyped field, and two records with one
// document_id.
func ReadHIPE(name string, src []byte) ([]*HIPERecord, error) {
	if enc, _ := utf16(src); enc != nil {
		return nil, fmt.Errorf("%s:1: UTF-16 (by its byte order mark); JSON Lines are UTF-8: convert the file (iconv -f utf-16 -t utf-8)", name)
	}
	if err := checkUTF8(name, src, jsonlHint); err != nil {
		return nil, err
	}
	var recs []*HIPERecord
	ids := map[string]int{}
	src = bytes.TrimPrefix(src, []byte(bom)) // as an editor may save it; written back without
	for n, line := range bytes.Split(src, []byte{'\n'}) {
		crlf := bytes.HasSuffix(line, []byte{'\r'})
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		r, err := parseHIPE(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
		}
		r.Line = n + 1
		r.crlf = crlf
		if prev, dup := ids[r.ID]; dup {
			return nil, fmt.Errorf("%s:%d: document_id %q is also the document_id of line %d", name, n+1, r.ID, prev)
		}
		ids[r.ID] = r.Line
		recs = append(recs, r)
	}
	return recs, nil
}

// ReadHIPEFile reads the HIPE-OCRepair JSONL file at path with ReadHIPE;
// a file larger than MaxDocBytes is an error.
func ReadHIPEFile(path string) ([]*HIPERecord, error) {
	src, err := readPath(path)
	if err != nil {
		return nil, err
	}
	return ReadHIPE(path, src)
}

// SniffHIPE reports whether src looks like HIPE-OCRepair JSONL: its first
// line that is not blank is a JSON object with an ocr_hypothesis member.
func SniffHIPE(src []byte) bool {
	// JSON Lines in UTF-16 are sniffed as JSON Lines, which ReadHIPE
	// refuses with a word on converting them, rather than text of JSON
	// to correct
	src = utf16Head(src)
	src = bytes.TrimPrefix(src, []byte(bom))
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' {
			return false
		}
		ms, err := parseObject(line)
		return err == nil && member(ms, hipeOCR) != nil
	}
	return false
}

// parseHIPE reads one record from its line.
func parseHIPE(line []byte) (*HIPERecord, error) {
	ms, err := parseObject(line)
	if err != nil {
		return nil, err
	}
	r := &HIPERecord{members: ms}
	meta := member(ms, hipeMeta)
	if meta == nil {
		return nil, errors.New("no document_metadata")
	}
	var md struct {
		ID       json.RawMessage `json:"document_id"`
		Language *string         `json:"language"`
	}
	if err := json.Unmarshal(meta, &md); err != nil {
		return nil, fmt.Errorf("document_metadata: %v", jsonError(err))
	}
	var id string
	var num json.Number
	switch {
	case len(md.ID) == 0 || string(md.ID) == "null":
		return nil, errors.New("document_metadata has no document_id")
	case json.Unmarshal(md.ID, &id) == nil:
	case json.Unmarshal(md.ID, &num) == nil:
		id = num.String()
	default:
		return nil, fmt.Errorf("document_metadata.document_id is %s, not a string or a number", md.ID)
	}
	r.ID = id
	if md.Language != nil {
		r.Language = *md.Language
	}
	ocr, ok, err := unitOf(ms, hipeOCR)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("no ocr_hypothesis.transcription_unit")
	}
	r.OCR = ocr
	if r.Truth, r.HasTruth, err = unitOf(ms, hipeTruth); err != nil {
		return nil, err
	}
	if r.Output, r.HasOutput, err = unitOf(ms, hipeOutput); err != nil {
		return nil, err
	}
	if r.HasOutput && r.Output == hipeNone {
		r.Output, r.HasOutput = "", false
	}
	return r, nil
}

// unitOf returns the transcription_unit of the member key of ms, whether
// there is one (a string; a missing member, a null member or a null unit
// is none), and an error when the member is not an object or the unit not
// a string.
func unitOf(ms []jsonMember, key string) (string, bool, error) {
	v := member(ms, key)
	if v == nil || string(v) == "null" {
		return "", false, nil
	}
	var obj struct {
		Unit *json.RawMessage `json:"transcription_unit"`
	}
	if err := json.Unmarshal(v, &obj); err != nil {
		return "", false, fmt.Errorf("%s: %v", key, jsonError(err))
	}
	if obj.Unit == nil || string(*obj.Unit) == "null" {
		return "", false, nil
	}
	var s string
	if err := json.Unmarshal(*obj.Unit, &s); err != nil {
		return "", false, fmt.Errorf("%s.transcription_unit is %.40s, not a string", key, *obj.Unit)
	}
	return s, true, nil
}

// member returns the value of the member key of ms, or nil.
func member(ms []jsonMember, key string) json.RawMessage {
	for _, m := range ms {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// parseObject reads src as one JSON object and returns its members in
// order; a member named twice and anything after the object are errors.
func parseObject(src []byte) ([]jsonMember, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("not a JSON object (starts with %v)", tok)
	}
	var ms []jsonMember
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(err)
		}
		key, _ := tok.(string) // a key is always a string here: the decoder checks the syntax
		if seen[key] {
			return nil, fmt.Errorf("member %q named twice", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("member %q: %v", key, jsonError(err))
		}
		ms = append(ms, jsonMember{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("something after the JSON object: want one object per line")
	}
	return ms, nil
}

// jsonError makes the decoder's errors read as part of a sentence; an
// unexpected end is said as such.
func jsonError(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the JSON object ends too early")
	}
	return fmt.Errorf("invalid JSON: %v", err)
}

// InLanguage reports whether the record is one of language lang
// (document_metadata.language, compared without regard to case): every
// record is when lang is "all", and so is a record that names no
// language.
func (r *HIPERecord) InLanguage(lang string) bool {
	return lang == "all" || r.Language == "" || strings.EqualFold(r.Language, lang)
}

// SetOutput sets the record's output, what WriteHIPE writes as its
// ocr_postcorrection_output.transcription_unit, and the name of the
// system that made it (ocr_postcorrection_system).
func (r *HIPERecord) SetOutput(text, system string) {
	r.Output, r.HasOutput = text, true
	out := member(r.members, hipeOutput)
	var ms []jsonMember
	if len(out) > 0 && out[0] == '{' {
		ms, _ = parseObject(out) // read before: a valid object
	}
	ms = setMember(ms, hipeUnit, jsonString(text))
	ms = setMember(ms, hipeSystem, jsonString(system))
	r.members = setMember(r.members, hipeOutput, writeObject(ms))
}

// setMember sets the value of the member key of ms, appended when ms has
// none.
func setMember(ms []jsonMember, key string, v json.RawMessage) []jsonMember {
	for i := range ms {
		if ms[i].key == key {
			ms[i].val = v
			return ms
		}
	}
	return append(ms, jsonMember{key, v})
}

// jsonString encodes s as a JSON string, its characters as they are
// (no escapes for <, > and &, nor for characters beyond ASCII).
func jsonString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'})
}

// writeObject writes ms as a JSON object on one line, members separated
// as the competition's files separate them (", " and ": ").
func writeObject(ms []jsonMember) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteString(", ")
		}
		b.Write(jsonString(m.key))
		b.WriteString(": ")
		b.Write(m.val)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// WriteHIPE writes recs to w in the JSONL format, one record per line
// (ending as the line it was read from did, LF or CR LF): each with the
// members it was read with, in their order and as they were written, but
// for the output that SetOutput set.
func WriteHIPE(w io.Writer, recs []*HIPERecord) error {
	for _, r := range recs {
		if _, err := w.Write(writeObject(r.members)); err != nil {
			return err
		}
		eol := "\n"
		if r.crlf {
			eol = "\r\n"
		}
		if _, err := io.WriteString(w, eol); err != nil {
			return err
		}
	}
	return nil
}

// LoadHIPE loads the HIPE-OCRepair JSONL file at path as a corpus, so
// that the competition's labelled sets train and benchmark as a corpus
// directory does: each record of language lang (InLanguage; "all": every
// record) with a truth is a document, its ground_truth as GT and its
// ocr_hypothesis as OCR, named by its document_id (Doc.Stem) and sorted
// by it, every document of the file one collection named path, each
// marked as following the format's convention for words broken at a line
// end (Doc.MarksLineBreaks). Each text
// is named in messages as "path:line (document ID)". A record of lang
// without a truth is an error naming its line, or with opt.AllowUnpaired
// a warning (the record is left out); records of other languages are
// left out with one warning that counts them. A file with no record to
// load is an error.
func LoadHIPE(path, lang string, opt LoadOptions) (*Corpus, []string, error) {
	recs, err := ReadHIPEFile(path)
	if err != nil {
		return nil, nil, err
	}
	c := &Corpus{Name: path}
	var warns []string
	other := 0
	for _, r := range recs {
		if !r.InLanguage(lang) {
			other++
			continue
		}
		d, err := r.Doc(path, r.OCR)
		if err != nil {
			if errors.Is(err, ErrNoTruth) && opt.AllowUnpaired {
				warns = append(warns, err.Error()+" (left out)")
				continue
			}
			return nil, nil, err
		}
		d.Collection, d.MarksLineBreaks = path, true
		c.Docs = append(c.Docs, d)
	}
	if other > 0 {
		warns = append(warns, fmt.Sprintf("%s: %d record(s) not in language %q left out", path, other, lang))
	}
	if len(c.Docs) == 0 {
		return nil, warns, fmt.Errorf("%s: no record in language %q with a ground_truth", path, lang)
	}
	slices.SortFunc(c.Docs, func(a, b *Doc) int { return strings.Compare(a.Stem, b.Stem) })
	return c, warns, nil
}

// ErrNoTruth is the error of HIPERecord.Doc for a record without a truth
// (wrapped with the record's name).
var ErrNoTruth = errors.New("no ground_truth")

// Name is how messages name the record of the JSONL file file:
// "file:line (document ID)".
func (r *HIPERecord) Name(file string) string {
	return fmt.Sprintf("%s:%d (document %s)", file, r.Line, r.ID)
}

// OCRText returns the record's OCR (ocr_hypothesis) read as plain text,
// named as Name says in messages.
func (r *HIPERecord) OCRText(file string) (*Text, error) {
	return ReadTextFormat(r.Name(file), FormatText, []byte(r.OCR))
}

// Doc returns the record as a document named by its document_id: its
// truth as GT and pred (its OCR, or its output to score one) as OCR, each
// read as plain text and named as Name says in messages. A record without
// a truth is an error that names it and wraps ErrNoTruth.
func (r *HIPERecord) Doc(file, pred string) (*Doc, error) {
	name := r.Name(file)
	if !r.HasTruth {
		return nil, fmt.Errorf("%s: %w", name, ErrNoTruth)
	}
	gt, err := ReadTextFormat(name+" ground_truth", FormatText, []byte(r.Truth))
	if err != nil {
		return nil, err
	}
	ocr, err := ReadTextFormat(name, FormatText, []byte(pred))
	if err != nil {
		return nil, err
	}
	return &Doc{Stem: r.ID, GT: gt, OCR: ocr}, nil
}
