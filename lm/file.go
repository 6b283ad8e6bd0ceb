package lm

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
)

// The file of a Model: the 8 bytes "ocrfixLM", a version byte, the size of
// the payload with its checksum (8 bytes, little endian), then a gzip
// stream of the payload, whose last 4 bytes are the CRC-32 (IEEE, little
// endian) of the rest of it. The payload is a sequence of unsigned varints
// (signed values zig-zag coded): V, the numbers of bigrams and trigrams, tokens, the words (length and bytes
// each, in id order), their counts, the unknown-word and unigram log
// probabilities and the V+1 unigram backoff weights (quantised, see
// qscale); then for each context v in 0..V (V the paragraph start) its
// number of bigrams and each bigram's word (as the gap from the previous
// one), log probability and backoff weight; then for each bigram in order
// its number of trigrams and each trigram's word gap and log probability.
const (
	magic       = "ocrfixLM"
	fileVersion = 1
	// maxPayload bounds what Read decompresses (a corrupt or hostile
	// stream cannot make it allocate more).
	maxPayload = 1 << 30
)

type enc struct{ b []byte }

func (e *enc) u(x uint64) { e.b = binary.AppendUvarint(e.b, x) }
func (e *enc) s(x int64)  { e.b = binary.AppendVarint(e.b, x) }

// Write writes the model in its compact file form. The same model gives
// the same bytes.
func (m *Model) Write(w io.Writer) error {
	e := &enc{}
	e.u(uint64(m.V))
	e.u(uint64(m.Bigrams()))
	e.u(uint64(m.Trigrams()))
	e.u(m.total)
	for id := 0; id < m.V; id++ {
		word := m.text[m.offs[id]:m.offs[id+1]]
		e.u(uint64(len(word)))
		e.b = append(e.b, word...)
	}
	for _, c := range m.count {
		e.u(uint64(c))
	}
	e.s(int64(m.unk))
	for _, p := range m.uniP {
		e.s(int64(p))
	}
	for _, b := range m.uniBow {
		e.s(int64(b))
	}
	for v := 0; v <= m.V; v++ {
		lo, hi := m.biStart[v], m.biStart[v+1]
		e.u(uint64(hi - lo))
		prev := int32(-1)
		for i := lo; i < hi; i++ {
			b := m.bi[i]
			e.u(uint64(b.w - prev))
			prev = b.w
			e.s(int64(b.p))
			e.s(int64(b.bow))
		}
	}
	for j := 0; j < m.Bigrams(); j++ {
		lo, hi := m.bi[j].tri, m.bi[j+1].tri
		e.u(uint64(hi - lo))
		prev := int32(-1)
		for k := lo; k < hi; k++ {
			t := m.tri[k]
			e.u(uint64(t.w - prev))
			prev = t.w
			e.s(int64(t.p))
		}
	}
	return writeFile(w, magic, e.b)
}

// writeFile writes the header, then the payload and its CRC gzipped.
func writeFile(w io.Writer, mg string, payload []byte) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(mg)
	bw.WriteByte(fileVersion)
	bw.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(payload)+4)))
	zw, err := gzip.NewWriterLevel(bw, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(payload); err != nil {
		return err
	}
	if _, err := zw.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(payload))); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

// readFile checks the header and returns the checked payload.
func readFile(r io.Reader, mg, what string) ([]byte, error) {
	hdr := make([]byte, len(mg)+9)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, fmt.Errorf("not %s file: too short", what)
	}
	if string(hdr[:len(mg)]) != mg {
		return nil, fmt.Errorf("not %s file (bad magic)", what)
	}
	if hdr[len(mg)] != fileVersion {
		return nil, fmt.Errorf("%s file version %d, this program reads version %d", what, hdr[len(mg)], fileVersion)
	}
	size := binary.LittleEndian.Uint64(hdr[len(mg)+1:])
	if size > maxPayload {
		return nil, fmt.Errorf("%s file: payload of %d bytes, more than %d", what, size, maxPayload)
	}
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s file: corrupt: %v", what, err)
	}
	// grow the buffer as the data comes (a corrupt size allocates no more
	// than the stream holds), to the size announced
	p := make([]byte, 0, min(size, 64<<20))
	for uint64(len(p)) < size {
		if len(p) == cap(p) {
			p = slices.Grow(p, int(min(size-uint64(len(p)), uint64(cap(p)))))
		}
		n, err := zr.Read(p[len(p):cap(p)])
		p = p[:len(p)+n]
		if err == io.EOF && uint64(len(p)) < size || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%s file: truncated", what)
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s file: corrupt: %v", what, err)
		}
	}
	if n, err := zr.Read(make([]byte, 1)); n > 0 || err != io.EOF {
		if err != nil && err != io.EOF {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, fmt.Errorf("%s file: truncated", what)
			}
			return nil, fmt.Errorf("%s file: corrupt: %v", what, err)
		}
		return nil, fmt.Errorf("%s file: more data than its header announces", what)
	}
	if len(p) < 4 {
		return nil, fmt.Errorf("%s file: truncated", what)
	}
	body, sum := p[:len(p)-4], binary.LittleEndian.Uint32(p[len(p)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, fmt.Errorf("%s file: checksum mismatch (corrupt)", what)
	}
	return body, nil
}

// dec reads the payload; the first error sticks.
type dec struct {
	b    []byte
	off  int
	err  error
	what string
}

func (d *dec) fail(format string, a ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%s file: byte %d of the payload: %s", d.what, d.off, fmt.Sprintf(format, a...))
	}
}

func (d *dec) u() uint64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.fail("bad or missing number")
		return 0
	}
	d.off += n
	return x
}

func (d *dec) s() int64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.fail("bad or missing number")
		return 0
	}
	d.off += n
	return x
}

// n reads a count of items that take at least per bytes each.
func (d *dec) n(per int, what string) int {
	x := d.u()
	if d.err == nil && x > uint64(len(d.b)-d.off)/uint64(per) {
		d.fail("%d %s: more than the file holds", x, what)
		return 0
	}
	return int(x)
}

func (d *dec) q() int16 {
	x := d.s()
	if x < -32768 || x > 32767 {
		d.fail("value %d out of range", x)
	}
	return int16(x)
}

// Read reads a model written by Write. A file that is not a model, of
// another version, truncated or corrupt is an error that says so.
func Read(r io.Reader) (*Model, error) {
	p, err := readFile(r, magic, "language model")
	if err != nil {
		return nil, fmt.Errorf("lm: %w", err)
	}
	return decodeModel(p)
}

// Load reads a model from the bytes of its file.
func Load(b []byte) (*Model, error) { return Read(bytes.NewReader(b)) }

func decodeModel(p []byte) (*Model, error) {
	d := &dec{b: p, what: "language model"}
	m := &Model{}
	m.V = d.n(2, "words")
	if d.err == nil && (m.V == 0 || m.V > maxVocab) {
		d.fail("vocabulary size %d", m.V)
	}
	nbi, ntri := d.n(3, "bigrams"), d.n(2, "trigrams")
	m.bi, m.tri = make([]bigram, 0, nbi+1), make([]trigram, 0, ntri)
	m.total = d.u()
	m.offs = make([]uint32, m.V+1)
	for id := 0; id < m.V && d.err == nil; id++ {
		l := d.n(1, "bytes")
		if d.err != nil {
			break
		}
		m.text = append(m.text, d.b[d.off:d.off+l]...)
		d.off += l
		m.offs[id+1] = uint32(len(m.text))
	}
	m.count = make([]uint32, m.V)
	var sum uint64
	for id := range m.count {
		c := d.u()
		if c > 1<<32-1 {
			d.fail("count %d out of range", c)
		}
		m.count[id] = uint32(c)
		sum += c
	}
	if d.err == nil && (sum != m.total || m.total == 0) {
		d.fail("counts add up to %d, not the %d tokens", sum, m.total)
	}
	m.unk = d.q()
	m.uniP = make([]int16, m.V)
	for i := range m.uniP {
		m.uniP[i] = d.q()
	}
	m.uniBow = make([]int16, m.V+1)
	for i := range m.uniBow {
		m.uniBow[i] = d.q()
	}
	m.biStart = make([]uint32, m.V+2)
	for v := 0; v <= m.V && d.err == nil; v++ {
		n := d.n(3, "bigrams")
		prev := int64(-1)
		for i := 0; i < n && d.err == nil; i++ {
			w := prev + int64(d.u())
			if w <= prev || w >= int64(m.V) {
				d.fail("bigram word %d out of order or range", w)
			}
			prev = w
			p := d.q()
			m.bi = append(m.bi, bigram{w: int32(w), p: p, bow: d.q()})
		}
		m.biStart[v+1] = uint32(len(m.bi))
	}
	nb := len(m.bi)
	m.bi = append(m.bi, bigram{}) // the sentinel
	for j := 0; j < nb && d.err == nil; j++ {
		m.bi[j].tri = uint32(len(m.tri))
		n := d.n(2, "trigrams")
		prev := int64(-1)
		for i := 0; i < n && d.err == nil; i++ {
			w := prev + int64(d.u())
			if w <= prev || w >= int64(m.V) {
				d.fail("trigram word %d out of order or range", w)
			}
			prev = w
			m.tri = append(m.tri, trigram{w: int32(w), p: d.q()})
		}
	}
	m.bi[nb].tri = uint32(len(m.tri))
	if d.err == nil && (m.Bigrams() != nbi || m.Trigrams() != ntri) {
		d.fail("%d bigrams and %d trigrams, not the %d and %d announced", m.Bigrams(), m.Trigrams(), nbi, ntri)
	}
	if d.err == nil && d.off != len(d.b) {
		d.fail("%d bytes left over", len(d.b)-d.off)
	}
	if d.err != nil {
		return nil, fmt.Errorf("lm: %w", d.err)
	}
	m.index()
	return m, nil
}
