package data

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// TSVWriter writes a relation TSV file: the header row, then rows with
// exactly as many fields as the header. It makes one Write call on the
// underlying writer per row, so give it a buffered writer (such as the one
// WriteFileAtomic passes) for speed. Errors are sticky.
//
// The relation TSV format, shared by every stage of the pipeline:
//
//   - UTF-8 text, one row per line ending in "\n"; the first line is the
//     header naming the columns.
//   - Fields are separated by a single tab; there is no quoting of any
//     kind (a '"' is an ordinary character).
//   - Inside a field a tab is written `\t`, a newline `\n`, a carriage
//     return `\r` and a backslash `\\`. A byte that is not part of valid
//     UTF-8 is written `\xHH` (two lower-case hex digits), so any Go
//     string, even invalid UTF-8, round-trips exactly while the file
//     itself stays valid UTF-8. No other escape exists; the reader rejects
//     any other backslash sequence.
//   - The reader accepts "\r\n" line ends (the '\r' is dropped) and a last
//     line without "\n", and rejects raw invalid UTF-8.
type TSVWriter struct {
	w      io.Writer
	header []string
	buf    []byte
	err    error
}

// NewTSVWriter returns a writer of rows with the given column names and
// writes the header row at once; an error doing so is returned by the
// first Write and by Err. An empty header is such an error.
func NewTSVWriter(w io.Writer, header ...string) *TSVWriter {
	t := &TSVWriter{w: w, header: append([]string(nil), header...)}
	if len(header) == 0 {
		t.err = errors.New("tsv: a relation needs at least one column")
		return t
	}
	t.err = t.write(header)
	return t
}

// Write writes one row. It is an error to give a number of fields other
// than the number of columns of the header.
func (t *TSVWriter) Write(fields ...string) error {
	if t.err != nil {
		return t.err
	}
	if len(fields) != len(t.header) {
		return fmt.Errorf("tsv: row of %d fields for %d columns (%s)", len(fields), len(t.header), strings.Join(t.header, ", "))
	}
	t.err = t.write(fields)
	return t.err
}

// Err returns the first error met while writing, or nil.
func (t *TSVWriter) Err() error { return t.err }

func (t *TSVWriter) write(fields []string) error {
	b := t.buf[:0]
	for i, f := range fields {
		if i > 0 {
			b = append(b, '\t')
		}
		b = AppendEscaped(b, f)
	}
	b = append(b, '\n')
	t.buf = b
	_, err := t.w.Write(b)
	return err
}

// needsEscape[c] is true for the ASCII bytes that must be escaped.
var needsEscape = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\r': true, '\\': true}

// AppendEscaped appends field s to b with the escapes of the relation TSV
// format (tab, newline, carriage return, backslash, invalid UTF-8 bytes).
func AppendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !needsEscape[c] {
				b = append(b, c)
				i++
				continue
			}
			switch c {
			case '\t':
				b = append(b, '\\', 't')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\\':
				b = append(b, '\\', '\\')
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

const hexDigits = "0123456789abcdef"

// Escape returns s escaped as a relation TSV field.
func Escape(s string) string { return string(AppendEscaped(nil, s)) }

// Unescape reverses Escape; it returns an error for a backslash sequence
// other than \t \n \r \\ \xHH.
func Unescape(s string) (string, error) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		if i+1 >= len(s) {
			return "", errors.New(`bad escape: lone \ at the end of the field`)
		}
		i++
		switch s[i] {
		case 't':
			b = append(b, '\t')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case '\\':
			b = append(b, '\\')
		case 'x':
			if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
				end := min(i+3, len(s))
				return "", fmt.Errorf(`bad escape %q: want \x and two hex digits`, "\\"+s[i:end])
			}
			b = append(b, byte(unhex(s[i+1])<<4|unhex(s[i+2])))
			i += 2
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return "", fmt.Errorf(`bad escape %q: want \t \n \r \\ or \xHH`, "\\"+string(r))
		}
	}
	return string(b), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// TSVReader reads a relation TSV file row by row. Errors name the input
// and line ("name:line: ..."), and the column where one is at fault.
type TSVReader struct {
	r      *bufio.Reader
	name   string
	want   []string // the expected header, or nil for any
	header []string
	line   int
	long   []byte // holds a line longer than the bufio buffer
	err    error
}

// NewTSVReader returns a reader of r, called name in error messages. When
// header is given, the file's header row must be exactly these column
// names; otherwise any header is accepted and fixes the number of columns.
func NewTSVReader(r io.Reader, name string, header ...string) *TSVReader {
	var want []string
	if len(header) > 0 {
		want = append(want, header...)
	}
	return &TSVReader{r: bufio.NewReaderSize(r, 1<<16), name: name, want: want}
}

// Header reads the header row if it has not been read yet and returns the
// column names. An empty input is an error.
func (t *TSVReader) Header() ([]string, error) {
	if t.header != nil || t.err != nil {
		return t.header, t.err
	}
	line, err := t.readLine()
	if err == io.EOF {
		err = fmt.Errorf("%s: empty file: no header row", t.name)
	}
	if err != nil {
		t.err = err
		return nil, err
	}
	var h []string
	for _, f := range strings.Split(line, "\t") {
		u, err := Unescape(f)
		if err != nil {
			t.err = t.Errorf("header: %v", err)
			return nil, t.err
		}
		h = append(h, u)
	}
	if t.want != nil && !equalStrings(h, t.want) {
		t.err = t.Errorf("header is %q, want %q", strings.Join(h, "\t"), strings.Join(t.want, "\t"))
		return nil, t.err
	}
	t.header = h
	return h, nil
}

// Next returns the fields of the next row, unescaped, in a new slice. It
// returns io.EOF after the last row, and afterwards the same error again.
func (t *TSVReader) Next() ([]string, error) {
	if _, err := t.Header(); err != nil {
		return nil, err
	}
	line, err := t.readLine()
	if err != nil {
		t.err = err
		return nil, err
	}
	n := strings.Count(line, "\t") + 1
	if n != len(t.header) {
		t.err = t.Errorf("%d fields, want %d (%s)", n, len(t.header), strings.Join(t.header, ", "))
		return nil, t.err
	}
	fields := make([]string, n)
	for i := range fields {
		f := line
		if j := strings.IndexByte(line, '\t'); j >= 0 {
			f, line = line[:j], line[j+1:]
		}
		if fields[i], err = Unescape(f); err != nil {
			t.err = t.Errorf("column %s: %v", t.header[i], err)
			return nil, t.err
		}
	}
	return fields, nil
}

// Line returns the 1-based number of the line read last (1 is the
// header).
func (t *TSVReader) Line() int { return t.line }

// Errorf returns an error prefixed with "name:line: ", for the line read
// last; use it to report a bad value in a row returned by Next.
func (t *TSVReader) Errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", t.name, t.line, fmt.Sprintf(format, args...))
}

// readLine returns the next line without its "\n" or "\r\n", io.EOF at
// the end of the input, or an error for invalid UTF-8 or a read failure.
func (t *TSVReader) readLine() (string, error) {
	b, err := t.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		t.long = append(t.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = t.r.ReadSlice('\n')
			t.long = append(t.long, b...)
		}
		b = t.long
	}
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("%s:%d: %w", t.name, t.line+1, err)
	}
	if err == io.EOF && len(b) == 0 {
		return "", io.EOF
	}
	t.line++
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	if !utf8.Valid(b) {
		return "", t.Errorf("invalid UTF-8 (write such bytes as \\xHH)")
	}
	return string(b), nil
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
