package vectors

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/sajari/word2vec"
)

// WriteBinary writes v in the binary format of Google's word2vec (-binary
// 1): a header line "<count> <dim>\n", then for each word in id order the
// word, a space, Dim little-endian float32 values and "\n". The vectors
// written are the unit vectors of Data. It fails on a word that
// github.com/sajari/word2vec could not read back: an empty word, or one
// holding a space, tab, newline or carriage return.
func (v *Vectors) WriteBinary(w io.Writer) error {
	if v.Dim <= 0 || len(v.Data) != len(v.Words)*v.Dim {
		return fmt.Errorf("vectors: inconsistent table: %d words, Dim %d, %d values", len(v.Words), v.Dim, len(v.Data))
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d\n", len(v.Words), v.Dim)
	buf := make([]byte, 4*v.Dim)
	for i, word := range v.Words {
		if word == "" || bytes.ContainsAny([]byte(word), " \t\n\r") {
			return fmt.Errorf("vectors: word %d %q cannot be written: empty or holds white space", i, word)
		}
		bw.WriteString(word)
		bw.WriteByte(' ')
		for j, x := range v.Data[i*v.Dim : (i+1)*v.Dim] {
			binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(x))
		}
		bw.Write(buf)
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// maxWordLen bounds the length of one word in a binary file.
const maxWordLen = 1 << 12

// Load reads vectors in the binary word2vec format (as WriteBinary writes
// them, or as Google's word2vec writes them) through
// github.com/sajari/word2vec and copies them into a Vectors table in file
// order, normalised to unit length (a zero vector stays all zeros).
//
// Load first checks the whole input itself, because sajari's reader
// allocates count*dim floats from the header before reading (a corrupt
// header can exhaust memory), reports a truncated file only as "EOF", and
// keeps the last of two equal words. So Load fails, with the record number
// and byte offset, on a bad header, a truncated record, an empty word,
// a repeated word, or bytes after the last record. One "\n" after each
// vector is optional, as in sajari's reader.
func Load(r io.Reader) (*Vectors, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("vectors: read: %w", err)
	}
	words, dim, err := scan(src)
	if err != nil {
		return nil, err
	}
	m, err := sajariRead(src)
	if err != nil {
		return nil, err
	}
	if m.Size() != len(words) || m.Dim() != dim {
		return nil, fmt.Errorf("vectors: word2vec read %d words of dim %d, the header says %d of dim %d", m.Size(), m.Dim(), len(words), dim)
	}
	vecs := m.Map(words)
	v := &Vectors{Dim: dim, Words: words, Data: make([]float32, len(words)*dim)}
	for i, w := range words {
		row := v.Data[i*dim : (i+1)*dim]
		copy(row, vecs[w])
		// sajari divides by the norm, so a zero vector comes back as NaN
		for _, x := range row {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				clear(row)
				break
			}
		}
	}
	v.buildIndex()
	return v, nil
}

// LoadFile is Load on the named file; errors name the file.
func LoadFile(path string) (*Vectors, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	v, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// sajariRead runs word2vec.FromReader, turning a panic into an error.
func sajariRead(src []byte) (m *word2vec.Model, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = nil, fmt.Errorf("vectors: word2vec reader failed: %v", p)
		}
	}()
	m, err = word2vec.FromReader(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("vectors: word2vec reader: %w", err)
	}
	return m, nil
}

// scan checks src as sajari's reader will parse it and returns the words
// in file order.
func scan(src []byte) (words []string, dim int, err error) {
	nl := bytes.IndexByte(src, '\n')
	if nl < 0 || nl > 64 {
		return nil, 0, errors.New("vectors: header: no \"<count> <dim>\" line")
	}
	head := bytes.TrimRight(src[:nl], " \r")
	sp := bytes.IndexByte(head, ' ')
	if sp < 0 {
		return nil, 0, fmt.Errorf("vectors: header %q: want \"<count> <dim>\"", head)
	}
	count, err1 := strconv.Atoi(string(head[:sp]))
	dim, err2 := strconv.Atoi(string(bytes.TrimLeft(head[sp+1:], " ")))
	if err1 != nil || err2 != nil || count < 0 {
		return nil, 0, fmt.Errorf("vectors: header %q: want two non-negative integers \"<count> <dim>\"", head)
	}
	if dim < 1 || dim > maxDim {
		return nil, 0, fmt.Errorf("vectors: header %q: dim %d not in 1..%d", head, dim, maxDim)
	}
	rec := 4 * dim
	// each record is at least a one-byte word, a space and the vector
	if count > (len(src)-nl-1)/(rec+2) {
		return nil, 0, fmt.Errorf("vectors: header %q: %d records of dim %d need at least %d bytes, the file has %d: truncated", head, count, dim, count*(rec+2), len(src)-nl-1)
	}
	words = make([]string, 0, count)
	seen := make(map[string]int, count)
	p := nl + 1
	for i := 0; i < count; i++ {
		sp := bytes.IndexByte(src[p:min(len(src), p+maxWordLen+1)], ' ')
		if sp < 0 {
			return nil, 0, fmt.Errorf("vectors: record %d (byte %d): no space after the word within %d bytes: truncated or corrupt", i+1, p, maxWordLen)
		}
		if sp == 0 {
			return nil, 0, fmt.Errorf("vectors: record %d (byte %d): empty word", i+1, p)
		}
		w := string(src[p : p+sp])
		if j, dup := seen[w]; dup {
			return nil, 0, fmt.Errorf("vectors: record %d (byte %d): word %q repeats record %d", i+1, p, w, j)
		}
		seen[w] = i + 1
		p += sp + 1
		if len(src)-p < rec {
			return nil, 0, fmt.Errorf("vectors: record %d (byte %d) word %q: vector needs %d bytes, %d left: truncated", i+1, p, w, rec, len(src)-p)
		}
		p += rec
		if p < len(src) && src[p] == '\n' {
			p++
		}
		words = append(words, w)
	}
	if p != len(src) {
		return nil, 0, fmt.Errorf("vectors: byte %d: %d bytes after the last of %d records", p, len(src)-p, count)
	}
	return words, dim, nil
}
