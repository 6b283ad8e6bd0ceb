package data

import (
	"io"
	"strconv"
)

// The relations of the pipeline, each with its TSV header. In all of
// them docid is the document's stem, wordid the 0-based index of a token
// in its Text.Tokens, and candid the 0-based index of a candidate among
// those of its position. Numbers are written in decimal; floats with
// strconv's 'g' format and the shortest precision that reads back
// exactly (NaN and ±Inf as "NaN", "+Inf", "-Inf").
var (
	OCRHeader        = []string{"ocrid", "docid", "wordid", "word"}
	LabeledDocHeader = []string{"docid", "wordid", "word"}
	CandidateHeader  = []string{"docid", "wordid", "candid", "word", "span"}
	FeatureHeader    = []string{"docid", "wordid", "candid", "fname", "fval"}
	DocCandHeader    = []string{"docid", "wordid", "candid", "value"}
	DocHeader        = []string{"docid", "wordid", "word"}
)

// OCRRow is a row of the OCR relation: one token of one OCR reading.
// OCRID names the reading by its directory: "ocr" (PrimaryOCR) for the
// primary one, "ocr.<engine>" for the others.
type OCRRow struct {
	OCRID  string
	DocID  string
	WordID int
	Word   string
}

// LabeledDocRow is a row of the LabeledDoc relation: one ground-truth
// token of a training document.
type LabeledDocRow struct {
	DocID  string
	WordID int
	Word   string
}

// CandidateRow is a row of the Candidate relation: candidate CandID for
// the OCR token WordID (Word may hold a space: a split). Span is the number
// of OCR tokens the candidate replaces from WordID on: 1, or 2 and more for
// a merge with the following tokens (without it a merge cannot be told
// from a replacement).
type CandidateRow struct {
	DocID  string
	WordID int
	CandID int
	Word   string
	Span   int
}

// FeatureRow is a row of the Feature relation: the value of feature FName
// for one candidate.
type FeatureRow struct {
	DocID  string
	WordID int
	CandID int
	FName  string
	FVal   float64
}

// DocCandRow is a row of the DocCand relation: the label (training) or
// predicted probability (inference) of one candidate.
type DocCandRow struct {
	DocID  string
	WordID int
	CandID int
	Value  float64
}

// DocRow is a row of the Doc relation: the chosen word at one position.
type DocRow struct {
	DocID  string
	WordID int
	Word   string
}

func itoa(i int) string     { return strconv.Itoa(i) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
func fieldInt(t *TSVReader, f []string, i int) (int, error) {
	n, err := strconv.Atoi(f[i])
	if err != nil {
		return 0, t.Errorf("column %s: bad integer %q", t.header[i], f[i])
	}
	return n, nil
}
func fieldFloat(t *TSVReader, f []string, i int) (float64, error) {
	x, err := strconv.ParseFloat(f[i], 64)
	if err != nil {
		return 0, t.Errorf("column %s: bad number %q", t.header[i], f[i])
	}
	return x, nil
}

// eachRow reads the relation with the given header from r and calls fn
// with each row parsed by parse, stopping at the first error.
func eachRow[T any](r io.Reader, name string, header []string,
	parse func(t *TSVReader, f []string) (T, error), fn func(T) error) error {
	t := NewTSVReader(r, name, header...)
	for {
		f, err := t.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		row, err := parse(t, f)
		if err != nil {
			return err
		}
		if err := fn(row); err != nil {
			return err
		}
	}
}

// readRows collects the rows of eachRow.
func readRows[T any](r io.Reader, name string, header []string, parse func(t *TSVReader, f []string) (T, error)) ([]T, error) {
	var rows []T
	err := eachRow(r, name, header, parse, func(x T) error { rows = append(rows, x); return nil })
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// RowWriter writes the rows of one relation as TSV, its header first, one
// row at a time, so a relation larger than memory can be written. Make
// one with NewOCRWriter, NewCandidateWriter, NewFeatureWriter, ...; the
// Write functions of the relations (WriteOCR, ...) use it.
type RowWriter[T any] struct {
	t      *TSVWriter
	fields func(T) []string
}

// Write writes one row. After an error every later Write returns it.
func (w *RowWriter[T]) Write(row T) error { return w.t.Write(w.fields(row)...) }

// Err returns the first error of any Write, or of writing the header.
func (w *RowWriter[T]) Err() error { return w.t.Err() }

// writeRows writes the header and the fields of each row.
func writeRows[T any](w io.Writer, header []string, rows []T, fields func(T) []string) error {
	rw := &RowWriter[T]{NewTSVWriter(w, header...), fields}
	for _, r := range rows {
		if err := rw.Write(r); err != nil {
			return err
		}
	}
	return rw.Err()
}

func ocrFields(r OCRRow) []string { return []string{r.OCRID, r.DocID, itoa(r.WordID), r.Word} }
func labeledDocFields(r LabeledDocRow) []string {
	return []string{r.DocID, itoa(r.WordID), r.Word}
}
func candidateFields(r CandidateRow) []string {
	return []string{r.DocID, itoa(r.WordID), itoa(r.CandID), r.Word, itoa(r.Span)}
}
func featureFields(r FeatureRow) []string {
	return []string{r.DocID, itoa(r.WordID), itoa(r.CandID), r.FName, ftoa(r.FVal)}
}
func docCandFields(r DocCandRow) []string {
	return []string{r.DocID, itoa(r.WordID), itoa(r.CandID), ftoa(r.Value)}
}
func docFields(r DocRow) []string { return []string{r.DocID, itoa(r.WordID), r.Word} }

// NewOCRWriter returns a writer of the OCR relation to w.
func NewOCRWriter(w io.Writer) *RowWriter[OCRRow] {
	return &RowWriter[OCRRow]{NewTSVWriter(w, OCRHeader...), ocrFields}
}

// NewLabeledDocWriter returns a writer of the LabeledDoc relation to w.
func NewLabeledDocWriter(w io.Writer) *RowWriter[LabeledDocRow] {
	return &RowWriter[LabeledDocRow]{NewTSVWriter(w, LabeledDocHeader...), labeledDocFields}
}

// NewCandidateWriter returns a writer of the Candidate relation to w.
func NewCandidateWriter(w io.Writer) *RowWriter[CandidateRow] {
	return &RowWriter[CandidateRow]{NewTSVWriter(w, CandidateHeader...), candidateFields}
}

// NewFeatureWriter returns a writer of the Feature relation to w.
func NewFeatureWriter(w io.Writer) *RowWriter[FeatureRow] {
	return &RowWriter[FeatureRow]{NewTSVWriter(w, FeatureHeader...), featureFields}
}

// NewDocCandWriter returns a writer of the DocCand relation to w.
func NewDocCandWriter(w io.Writer) *RowWriter[DocCandRow] {
	return &RowWriter[DocCandRow]{NewTSVWriter(w, DocCandHeader...), docCandFields}
}

// NewDocWriter returns a writer of the Doc relation to w.
func NewDocWriter(w io.Writer) *RowWriter[DocRow] {
	return &RowWriter[DocRow]{NewTSVWriter(w, DocHeader...), docFields}
}

func parseOCR(t *TSVReader, f []string) (r OCRRow, err error) {
	r.OCRID, r.DocID, r.Word = f[0], f[1], f[3]
	r.WordID, err = fieldInt(t, f, 2)
	return r, err
}

func parseLabeledDoc(t *TSVReader, f []string) (r LabeledDocRow, err error) {
	r.DocID, r.Word = f[0], f[2]
	r.WordID, err = fieldInt(t, f, 1)
	return r, err
}

func parseCandidate(t *TSVReader, f []string) (r CandidateRow, err error) {
	r.DocID, r.Word = f[0], f[3]
	if r.WordID, err = fieldInt(t, f, 1); err != nil {
		return r, err
	}
	if r.CandID, err = fieldInt(t, f, 2); err != nil {
		return r, err
	}
	if r.Span, err = fieldInt(t, f, 4); err != nil {
		return r, err
	}
	if r.Span < 1 {
		return r, t.Errorf("field span: %d, want 1 or more", r.Span)
	}
	return r, nil
}

func parseFeature(t *TSVReader, f []string) (r FeatureRow, err error) {
	r.DocID, r.FName = f[0], f[3]
	if r.WordID, err = fieldInt(t, f, 1); err != nil {
		return r, err
	}
	if r.CandID, err = fieldInt(t, f, 2); err != nil {
		return r, err
	}
	r.FVal, err = fieldFloat(t, f, 4)
	return r, err
}

func parseDocCand(t *TSVReader, f []string) (r DocCandRow, err error) {
	r.DocID = f[0]
	if r.WordID, err = fieldInt(t, f, 1); err != nil {
		return r, err
	}
	if r.CandID, err = fieldInt(t, f, 2); err != nil {
		return r, err
	}
	r.Value, err = fieldFloat(t, f, 3)
	return r, err
}

func parseDoc(t *TSVReader, f []string) (r DocRow, err error) {
	r.DocID, r.Word = f[0], f[2]
	r.WordID, err = fieldInt(t, f, 1)
	return r, err
}

// WriteOCR writes the OCR relation (OCRHeader, then rows) to w.
func WriteOCR(w io.Writer, rows []OCRRow) error {
	return writeRows(w, OCRHeader, rows, ocrFields)
}

// ReadOCR reads an OCR relation written by WriteOCR; name is used in
// errors.
func ReadOCR(r io.Reader, name string) ([]OCRRow, error) {
	return readRows(r, name, OCRHeader, parseOCR)
}

// EachOCR calls fn for each row of an OCR relation, stopping at the first
// error (a read error or fn's).
func EachOCR(r io.Reader, name string, fn func(OCRRow) error) error {
	return eachRow(r, name, OCRHeader, parseOCR, fn)
}

// WriteLabeledDoc writes the LabeledDoc relation to w.
func WriteLabeledDoc(w io.Writer, rows []LabeledDocRow) error {
	return writeRows(w, LabeledDocHeader, rows, labeledDocFields)
}

// ReadLabeledDoc reads a LabeledDoc relation; name is used in errors.
func ReadLabeledDoc(r io.Reader, name string) ([]LabeledDocRow, error) {
	return readRows(r, name, LabeledDocHeader, parseLabeledDoc)
}

// EachLabeledDoc calls fn for each row of a LabeledDoc relation.
func EachLabeledDoc(r io.Reader, name string, fn func(LabeledDocRow) error) error {
	return eachRow(r, name, LabeledDocHeader, parseLabeledDoc, fn)
}

// WriteCandidate writes the Candidate relation to w.
func WriteCandidate(w io.Writer, rows []CandidateRow) error {
	return writeRows(w, CandidateHeader, rows, candidateFields)
}

// ReadCandidate reads a Candidate relation; name is used in errors.
func ReadCandidate(r io.Reader, name string) ([]CandidateRow, error) {
	return readRows(r, name, CandidateHeader, parseCandidate)
}

// EachCandidate calls fn for each row of a Candidate relation.
func EachCandidate(r io.Reader, name string, fn func(CandidateRow) error) error {
	return eachRow(r, name, CandidateHeader, parseCandidate, fn)
}

// WriteFeature writes the Feature relation to w.
func WriteFeature(w io.Writer, rows []FeatureRow) error {
	return writeRows(w, FeatureHeader, rows, featureFields)
}

// ReadFeature reads a Feature relation; name is used in errors.
func ReadFeature(r io.Reader, name string) ([]FeatureRow, error) {
	return readRows(r, name, FeatureHeader, parseFeature)
}

// EachFeature calls fn for each row of a Feature relation, without
// holding them all in memory.
func EachFeature(r io.Reader, name string, fn func(FeatureRow) error) error {
	return eachRow(r, name, FeatureHeader, parseFeature, fn)
}

// WriteDocCand writes the DocCand relation to w.
func WriteDocCand(w io.Writer, rows []DocCandRow) error {
	return writeRows(w, DocCandHeader, rows, docCandFields)
}

// ReadDocCand reads a DocCand relation; name is used in errors.
func ReadDocCand(r io.Reader, name string) ([]DocCandRow, error) {
	return readRows(r, name, DocCandHeader, parseDocCand)
}

// EachDocCand calls fn for each row of a DocCand relation.
func EachDocCand(r io.Reader, name string, fn func(DocCandRow) error) error {
	return eachRow(r, name, DocCandHeader, parseDocCand, fn)
}

// WriteDoc writes the Doc relation to w.
func WriteDoc(w io.Writer, rows []DocRow) error {
	return writeRows(w, DocHeader, rows, docFields)
}

// ReadDoc reads a Doc relation; name is used in errors.
func ReadDoc(r io.Reader, name string) ([]DocRow, error) {
	return readRows(r, name, DocHeader, parseDoc)
}

// EachDoc calls fn for each row of a Doc relation.
func EachDoc(r io.Reader, name string, fn func(DocRow) error) error {
	return eachRow(r, name, DocHeader, parseDoc, fn)
}

// OCRRows returns the OCR relation of a corpus: every token of every
// document's primary reading (ocrid "ocr") and then of each engine's
// reading (ocrid "ocr.<engine>"), documents in corpus order.
func OCRRows(c *Corpus) []OCRRow {
	var rows []OCRRow
	for _, d := range c.Docs {
		add := func(id string, t *Text) {
			if t == nil {
				return
			}
			for i, tok := range t.Tokens {
				rows = append(rows, OCRRow{OCRID: id, DocID: d.Stem, WordID: i, Word: tok.Text})
			}
		}
		add(PrimaryOCR, d.OCR)
		for e, t := range d.Alt {
			if e < len(c.Engines) {
				add(PrimaryOCR+"."+c.Engines[e], t)
			}
		}
	}
	return rows
}

// LabeledDocRows returns the LabeledDoc relation of a corpus: every
// ground-truth token of every document that has ground truth.
func LabeledDocRows(c *Corpus) []LabeledDocRow {
	var rows []LabeledDocRow
	for _, d := range c.Docs {
		if d.GT == nil {
			continue
		}
		for i, tok := range d.GT.Tokens {
			rows = append(rows, LabeledDocRow{DocID: d.Stem, WordID: i, Word: tok.Text})
		}
	}
	return rows
}
