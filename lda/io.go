package lda

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"unicode/utf8"
)

// The model file format (version 1), all integers unsigned LEB128
// varints unless said otherwise:
//
//	magic      8 bytes "OCRFXLDA"
//	version    varint (1)
//	K          varint
//	alpha      8 bytes, IEEE 754 float64, little endian
//	beta       8 bytes, same
//	iters, burn-in, min count, partitions   varints
//	flags      1 byte: bit 0 lower case, bit 1 stop words
//	samples    varint, the number of sweeps summed into the counts
//	V          varint, the vocabulary size
//	V words    each a varint byte length and the UTF-8 bytes, by id
//	V rows     each: the number of non-zero topics, then per topic the gap
//	           from the previous topic (+1 after the first) and the summed
//	           count
//	checksum   4 bytes, CRC-32 (IEEE) of every byte before it, little endian
const (
	magic         = "OCRFXLDA"
	formatVersion = 1
)

// Reading limits (a file beyond them is rejected as corrupt).
const (
	maxVocab     = 1 << 26
	maxWordBytes = 1 << 12
	maxCells     = 1 << 27 // V*K
	maxCount     = 1 << 53
)

// writer writes varints and bytes while counting them and summing a CRC.
type writer struct {
	w   io.Writer
	crc hash.Hash32
	n   int64
	err error
	buf [binary.MaxVarintLen64]byte
}

func (w *writer) write(p []byte) {
	if w.err != nil {
		return
	}
	n, err := w.w.Write(p)
	w.n += int64(n)
	w.crc.Write(p[:n])
	w.err = err
}

func (w *writer) uvarint(x uint64) { w.write(w.buf[:binary.PutUvarint(w.buf[:], x)]) }

func (w *writer) float(f float64) {
	binary.LittleEndian.PutUint64(w.buf[:8], math.Float64bits(f))
	w.write(w.buf[:8])
}

// WriteTo writes the model in its binary format (see the package doc) and
// returns the number of bytes written. The bytes depend only on the model,
// so the same training gives the same file.
func (m *Model) WriteTo(out io.Writer) (int64, error) {
	w := &writer{w: out, crc: crc32.NewIEEE()}
	o := m.opt
	w.write([]byte(magic))
	w.uvarint(formatVersion)
	w.uvarint(uint64(o.K))
	w.float(o.Alpha)
	w.float(o.Beta)
	w.uvarint(uint64(o.Iters))
	w.uvarint(uint64(o.BurnIn))
	w.uvarint(uint64(o.MinCount))
	w.uvarint(uint64(o.Partitions))
	var flags byte
	if o.Lower {
		flags |= 1
	}
	if o.StopWords {
		flags |= 2
	}
	w.write([]byte{flags})
	w.uvarint(uint64(m.samples))
	w.uvarint(uint64(len(m.vocab)))
	for _, v := range m.vocab {
		w.uvarint(uint64(len(v)))
		w.write([]byte(v))
	}
	K := o.K
	for id := range m.vocab {
		row := m.sums[id*K : id*K+K]
		nnz := 0
		for _, c := range row {
			if c != 0 {
				nnz++
			}
		}
		w.uvarint(uint64(nnz))
		prev := -1
		for k, c := range row {
			if c != 0 {
				w.uvarint(uint64(k - prev - 1))
				w.uvarint(uint64(c))
				prev = k
			}
		}
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], w.crc.Sum32())
	w.write(sum[:])
	return w.n, w.err
}

// reader reads the format, summing a CRC and remembering what it was
// reading, for error messages.
type reader struct {
	r   io.ByteReader
	crc hash.Hash32
	off int64
	err error
	one [1]byte
}

// ErrFormat is wrapped by every error Read returns for a file that is not
// a valid model (bad magic, unsupported version, truncated, corrupt).
var ErrFormat = errors.New("lda model: invalid file")

func (r *reader) fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s (at byte %d)", ErrFormat, fmt.Sprintf(format, a...), r.off)
	}
}

func (r *reader) byte(what string) byte {
	if r.err != nil {
		return 0
	}
	b, err := r.r.ReadByte()
	if err != nil {
		if err == io.EOF {
			r.fail("truncated while reading %s", what)
		} else {
			r.err = fmt.Errorf("lda model: reading %s: %w", what, err)
		}
		return 0
	}
	r.one[0] = b
	r.crc.Write(r.one[:])
	r.off++
	return b
}

func (r *reader) uvarint(what string, max uint64) uint64 {
	var x uint64
	var s uint
	for i := 0; i < binary.MaxVarintLen64; i++ {
		b := r.byte(what)
		if r.err != nil {
			return 0
		}
		if b < 0x80 {
			if i == binary.MaxVarintLen64-1 && b > 1 || i > 0 && b == 0 {
				break // overflow, or a non-minimal encoding
			}
			x |= uint64(b) << s
			if x > max {
				r.fail("%s %d out of range [0, %d]", what, x, max)
				return 0
			}
			return x
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	r.fail("bad varint in %s", what)
	return 0
}

func (r *reader) bytes(p []byte, what string) {
	for i := range p {
		p[i] = r.byte(what)
	}
}

func (r *reader) float(what string) float64 {
	var b [8]byte
	r.bytes(b[:], what)
	return math.Float64frombits(binary.LittleEndian.Uint64(b[:]))
}

// Read reads a model written by WriteTo. Every problem is an error
// wrapping ErrFormat that says what was being read and at which byte: not
// a model file, a version older or newer than this program reads, a
// truncated or corrupt file (bad checksum, values out of range). When r is
// not an io.ByteReader, Read buffers it and may read past the model's end.
func Read(in io.Reader) (*Model, error) {
	br, ok := in.(io.ByteReader)
	if !ok {
		br = bufio.NewReader(in)
	}
	r := &reader{r: br, crc: crc32.NewIEEE()}
	if err := r.header(); err != nil {
		return nil, err
	}
	o, samples, V, err := r.options()
	if err != nil {
		return nil, err
	}
	vocab, err := r.vocabulary(V)
	if err != nil {
		return nil, err
	}
	sums, err := r.counts(V, o.K)
	if err != nil {
		return nil, err
	}
	if err := r.checksum(); err != nil {
		return nil, err
	}
	m := newModel(o, vocab)
	m.setCounts(sums, samples)
	return m, nil
}

// header reads and checks the magic and the format version.
func (r *reader) header() error {
	var mg [len(magic)]byte
	r.bytes(mg[:], "magic")
	if r.err != nil {
		return r.err
	}
	if string(mg[:]) != magic {
		return fmt.Errorf("%w: not an ocrfix LDA model (bad magic %q)", ErrFormat, mg[:])
	}
	v := r.uvarint("version", math.MaxUint32)
	if r.err != nil {
		return r.err
	}
	if v != formatVersion {
		rel := "older"
		if v > formatVersion {
			rel = "newer"
		}
		return fmt.Errorf("%w: format version %d is %s than the version this program reads (%d); retrain the model", ErrFormat, v, rel, formatVersion)
	}
	return nil
}

// options reads and checks the training options, the number of samples
// the counts sum and the vocabulary size.
func (r *reader) options() (o Options, samples int64, V int, err error) {
	o.K = int(r.uvarint("K", maxK))
	o.Alpha = r.float("alpha")
	o.Beta = r.float("beta")
	o.Iters = int(r.uvarint("iters", maxIters))
	o.BurnIn = int(r.uvarint("burn-in", maxIters))
	o.MinCount = int(r.uvarint("min count", math.MaxInt32))
	o.Partitions = int(r.uvarint("partitions", maxPartitions))
	flags := r.byte("flags")
	if r.err != nil {
		return o, 0, 0, r.err
	}
	if flags&^3 != 0 {
		r.fail("unknown flags %#x", flags)
		return o, 0, 0, r.err
	}
	o.Lower, o.StopWords = flags&1 != 0, flags&2 != 0
	if err := o.check(); err != nil {
		r.fail("options: %v", err)
		return o, 0, 0, r.err
	}
	samples = int64(r.uvarint("samples", uint64(o.Iters)))
	if r.err == nil && samples == 0 {
		r.fail("zero samples")
	}
	V = int(r.uvarint("vocabulary size", maxVocab))
	if r.err == nil && (V == 0 || V*o.K > maxCells) {
		r.fail("vocabulary size %d with K=%d out of range", V, o.K)
	}
	return o, samples, V, r.err
}

// vocabulary reads the V words of the vocabulary, each non-empty, UTF-8
// and distinct.
func (r *reader) vocabulary(V int) ([]string, error) {
	vocab := make([]string, 0, min(V, 1<<16))
	seen := make(map[string]bool, min(V, 1<<16))
	var wb []byte
	for i := 0; i < V; i++ {
		what := fmt.Sprintf("vocabulary word %d", i)
		n := int(r.uvarint(what, maxWordBytes))
		if r.err == nil && n == 0 {
			r.fail("empty %s", what)
		}
		if r.err != nil {
			return nil, r.err
		}
		wb = append(wb[:0], make([]byte, n)...)
		r.bytes(wb, what)
		if r.err != nil {
			return nil, r.err
		}
		w := string(wb)
		if !utf8.ValidString(w) {
			r.fail("%s is not UTF-8", what)
		} else if seen[w] {
			r.fail("%s %q repeats an earlier word", what, w)
		}
		if r.err != nil {
			return nil, r.err
		}
		seen[w] = true
		vocab = append(vocab, w)
	}
	return vocab, nil
}

// counts reads the sparse word-topic count rows of the V words ([V*K],
// word-major): per row, its length, then gap-coded topics with non-zero
// counts.
func (r *reader) counts(V, K int) ([]int64, error) {
	sums := make([]int64, V*K)
	for id := 0; id < V; id++ {
		nnz := int(r.uvarint("row length", uint64(K)))
		k := -1
		for j := 0; j < nnz && r.err == nil; j++ {
			gap := int(r.uvarint("topic gap", uint64(K)))
			k += gap + 1
			if r.err == nil && k >= K {
				r.fail("topic %d out of range in the row of word %d", k, id)
			}
			c := r.uvarint("count", maxCount)
			if r.err == nil && c == 0 {
				r.fail("zero count stored in the row of word %d", id)
			}
			if r.err == nil {
				sums[id*K+k] = int64(c)
			}
		}
		if r.err != nil {
			return nil, r.err
		}
	}
	return sums, nil
}

// checksum reads the stored CRC-32 of everything before it and checks it.
func (r *reader) checksum() error {
	want := r.crc.Sum32()
	var cs [4]byte
	r.bytes(cs[:], "checksum")
	if r.err != nil {
		return r.err
	}
	if got := binary.LittleEndian.Uint32(cs[:]); got != want {
		return fmt.Errorf("%w: checksum mismatch (stored %08x, computed %08x): the file is corrupt", ErrFormat, got, want)
	}
	return nil
}
