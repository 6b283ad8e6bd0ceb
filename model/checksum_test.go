package model

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
)

var smallModel struct {
	once sync.Once
	raw  []byte // the decompressed content of a small model file
	err  error
}

// smallModelContent trains a small model once and returns the
// decompressed content of its file.
func smallModelContent(t testing.TB) []byte {
	smallModel.once.Do(func() {
		o := testOptions()
		m, err := Train(synthCorpus(4, 2), o)
		if err != nil {
			smallModel.err = err
			return
		}
		var buf bytes.Buffer
		if _, err := m.WriteTo(&buf); err != nil {
			smallModel.err = err
			return
		}
		zr, err := gzip.NewReader(&buf)
		if err != nil {
			smallModel.err = err
			return
		}
		smallModel.raw, smallModel.err = io.ReadAll(zr)
	})
	if smallModel.err != nil {
		t.Fatal(smallModel.err)
	}
	return smallModel.raw
}

func gz(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// sectionSpans returns the name and the byte range of the content of each
// section of a decompressed model file.
func sectionSpans(t testing.TB, raw []byte) (names []string, spans [][2]int) {
	pos := len(magic)
	for pos < len(raw) {
		nl := bytes.IndexByte(raw[pos:], '\n')
		f := strings.Fields(string(raw[pos : pos+nl]))
		n, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatal(err)
		}
		start := pos + nl + 1
		names = append(names, f[0])
		spans = append(spans, [2]int{start, start + n})
		pos = start + n
	}
	return names, spans
}

// fixChecksum returns raw with its checksum section recomputed, when it
// has one where WriteTo puts it.
func fixChecksum(raw []byte) []byte {
	hdr := []byte(checksumSection + " 64\n")
	k := bytes.LastIndex(raw, hdr)
	if k < 0 || len(raw)-k-len(hdr) != 64 {
		return raw
	}
	sum := sha256.Sum256(raw[:k])
	out := append(append([]byte{}, raw[:k+len(hdr)]...), hex.EncodeToString(sum[:])...)
	return out
}

// TestChecksum corrupts each section of a model file by one byte (the file
// decompressed, edited and compressed again, so gzip's CRC holds): every
// one must be refused with a checksum error naming the file (issue #14:
// flips in the word vectors and the confusion table were accepted).
func TestChecksum(t *testing.T) {
	raw := smallModelContent(t)
	if _, err := Read(bytes.NewReader(gz(raw)), "good.model"); err != nil {
		t.Fatalf("the model itself: %v", err)
	}
	names, spans := sectionSpans(t, raw)
	if names[len(names)-1] != checksumSection {
		t.Fatalf("last section %s, want %s", names[len(names)-1], checksumSection)
	}
	for k, name := range names {
		for _, at := range []int{0, 1, 2} { // start, middle, end of the section
			sp := spans[k]
			if sp[1] == sp[0] {
				continue
			}
			i := sp[0] + at*(sp[1]-1-sp[0])/2
			bad := append([]byte{}, raw...)
			bad[i] ^= 0x01
			_, err := Read(bytes.NewReader(gz(bad)), "bad.model")
			if err == nil {
				t.Errorf("byte %d of section %s flipped: accepted", i-sp[0], name)
				continue
			}
			if !strings.Contains(err.Error(), "bad.model") || !strings.Contains(err.Error(), "checksum") {
				t.Errorf("byte %d of section %s flipped: error %q, want a checksum error naming the file", i-sp[0], name, err)
			}
		}
	}
	// data after the checksum, and no checksum at all
	if _, err := Read(bytes.NewReader(gz(append(append([]byte{}, raw...), "extra 1\nx"...))), "bad.model"); err == nil {
		t.Error("data after the checksum: accepted")
	}
	// bytes after the compressed model (a file appended to it, a second
	// model): named as such, not taken for a truncated file
	for _, tail := range [][]byte{[]byte("junkjunk\n"), gz(raw)} {
		if _, err := Read(bytes.NewReader(append(gz(raw), tail...)), "bad.model"); err == nil || !strings.Contains(err.Error(), "bad.model: corrupt model file: data after the end of the model") {
			t.Errorf("%d bytes after the model: error %v", len(tail), err)
		}
	}
	// a model cut short, however early, is truncated; a file of another
	// kind, gzip-compressed or not, is no model
	whole := gz(raw)
	for _, n := range []int{2, 10, 20, 100, len(whole) / 2} {
		if _, err := Read(bytes.NewReader(whole[:n]), "cut.model"); err == nil || !strings.Contains(err.Error(), "cut.model: truncated") {
			t.Errorf("the first %d bytes: error %v", n, err)
		}
	}
	for _, other := range [][]byte{[]byte("hi\n"), gz([]byte("hello, world\n")), {}} {
		if _, err := Read(bytes.NewReader(other), "other.model"); err == nil || !strings.Contains(err.Error(), "other.model: not an ocrfix model file") {
			t.Errorf("%q: error %v", other, err)
		}
	}
	// a read that fails (a directory named as the model) says why
	if _, err := Read(iotest.ErrReader(errors.New("is a directory")), "dir.model"); err == nil || !strings.Contains(err.Error(), "dir.model: is a directory") {
		t.Errorf("a failing read: error %v", err)
	}
	last := spans[len(spans)-1]
	noSum := raw[:last[0]-len(checksumSection+" 64\n")]
	if _, err := Read(bytes.NewReader(gz(noSum)), "bad.model"); err == nil || !strings.Contains(err.Error(), "no checksum") {
		t.Errorf("no checksum section: error %v", err)
	}
	// a file of format version 1 (no checksum) gets the version error
	v1 := bytes.Replace(noSum, []byte(fmt.Sprintf(`"version": %d,`, Version)), []byte(`"version": 1,`), 1)
	if bytes.Equal(v1, noSum) {
		t.Fatal("meta.json has no version field to edit")
	}
	if _, err := Read(bytes.NewReader(gz(v1)), "old.model"); err == nil || !strings.Contains(err.Error(), "version 1") {
		t.Errorf("version 1 file: error %v, want one that names version 1", err)
	}
	// a consistent checksum over a corrupt section reaches the section's
	// own parser, which must refuse it or read it without panicking
	for k, name := range names[:len(names)-1] {
		sp := spans[k]
		bad := append([]byte{}, raw...)
		for i := sp[0]; i < sp[1]; i += max(1, (sp[1]-sp[0])/7) {
			bad[i] = '\t'
		}
		if _, err := Read(bytes.NewReader(gz(fixChecksum(bad))), "bad.model"); err != nil && !strings.Contains(err.Error(), "bad.model") {
			t.Errorf("section %s garbled: error does not name the file: %v", name, err)
		}
	}
}

// FuzzRead feeds model.Read decompressed model contents (compressed by the
// target) with the checksum both as mutated and recomputed, so that
// mutations reach the section parsers. Read must return a model or an
// error naming the file, never panic.
func FuzzRead(f *testing.F) {
	// a model without the English model's words in its lexicon: some
	// 30 kB, where smallModelContent's 670 kB made each run of the
	// fuzzer take 50 ms and each new input a minute to minimise
	o := testOptions()
	o.EnglishMinCount = -1
	m, err := Train(synthCorpus(4, 2), o)
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		f.Fatal(err)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		f.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		f.Fatal(err)
	}
	f.Logf("seed model: %d bytes", len(raw))
	f.Add(raw)
	f.Add(raw[:len(raw)/2])
	f.Add([]byte(magic))
	f.Add([]byte(magic + "meta.json 2\n{}" + checksumSection + " 64\n"))
	f.Add([]byte(magic + "meta.json 99999999999\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, in := range [][]byte{b, fixChecksum(b)} {
			m, err := Read(bytes.NewReader(gz(in)), "fuzz.model")
			if err != nil {
				if !strings.Contains(err.Error(), "fuzz.model") {
					t.Fatalf("error does not name the file: %v", err)
				}
				continue
			}
			if m.Ranker == nil || m.Conf == nil || m.Lex == nil || m.LM == nil {
				t.Fatal("a model without its components was accepted")
			}
		}
	})
}
