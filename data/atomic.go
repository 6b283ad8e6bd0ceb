package data

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// WriteFileAtomic writes a file through write into a temporary file in the
// same directory and renames it over path only when write and the flush
// succeed, so an interrupted or failed run never leaves a half-written file.
func WriteFileAtomic(path string, write func(w *bufio.Writer) error) (err error) {
	dir := filepath.Dir(path)
	pattern := "." + filepath.Base(path) + ".tmp"
	// an error of the temporary file loses its name, which would only
	// puzzle a user told about path (permission denied, no space left on
	// device); write's own errors stay as they are
	temp := func(err error) error {
		return cause(err, func(p string) bool { return strings.HasPrefix(filepath.Base(p), pattern) })
	}
	f, err := os.CreateTemp(dir, pattern+"*")
	if err != nil {
		return fmt.Errorf("create %s: %w", path, temp(err))
	}
	tmp := f.Name()
	if !pending.add(tmp) {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, ErrStopped)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
		pending.done(tmp)
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err = write(bw); err != nil {
		return fmt.Errorf("write %s: %w", path, temp(err))
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, temp(err))
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, temp(err))
	}
	if err = os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, temp(err))
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, temp(err))
	}
	return nil
}

// pending is the temporary files of the WriteFileAtomic calls under way.
var pending tempFiles

// ErrStopped is the error of a WriteFileAtomic begun after
// RemoveTempFiles: the command is on its way out.
var ErrStopped = errors.New("stopped before it was written")

// tempFiles is a set of temporary files, safe for concurrent use; once
// stopped (RemoveTempFiles), it takes no more.
type tempFiles struct {
	mu      sync.Mutex
	files   map[string]bool
	stopped bool
}

// add records name, or reports false once the set is stopped.
func (t *tempFiles) add(name string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return false
	}
	if t.files == nil {
		t.files = map[string]bool{}
	}
	t.files[name] = true
	return true
}

func (t *tempFiles) done(name string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.files, name)
}

// RemoveTempFiles removes the temporary files of every WriteFileAtomic
// under way and returns how many it removed: a command that is stopped
// by a signal calls it before it exits, so that an interrupted run leaves
// only whole files behind, no `.name.tmp123` beside them. The writes
// under way then fail (their file is gone), and so does every
// WriteFileAtomic begun after it (ErrStopped): call it only on the way
// out.
func RemoveTempFiles() int {
	pending.mu.Lock()
	defer pending.mu.Unlock()
	pending.stopped = true
	n := 0
	for name := range pending.files {
		if os.Remove(name) == nil {
			n++
		}
		delete(pending.files, name)
	}
	return n
}

// cause returns the cause of a file-system error (an *os.PathError, or
// an *os.LinkError's old path) without the path it names where of
// reports that path (nil: any path), for a message that names the file
// its own way; any other error as it is.
func cause(err error, of func(path string) bool) error {
	var pe *os.PathError
	if errors.As(err, &pe) && (of == nil || of(pe.Path)) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) && (of == nil || of(le.Old)) {
		return le.Err
	}
	return err
}

// CheckWritable reports, as an error naming dir, whether files can be
// created in the directory dir, or, where it does not exist yet, in the
// nearest directory above it that does (where it would be made): a
// command checks its output's place this way before any work, so that a
// run does not end, its work done, on a directory it cannot write. It
// creates a temporary file there and removes it.
func CheckWritable(dir string) error {
	at := filepath.Clean(dir)
	for {
		fi, err := os.Stat(at)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("%s: %s is a file, not a directory", dir, at)
			}
			break
		}
		if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return fmt.Errorf("%s: %w", dir, cause(err, nil))
		}
		if fi, lerr := os.Lstat(at); lerr == nil && fi.Mode()&os.ModeSymlink != 0 {
			return fmt.Errorf("%s: %s is a link to nothing", dir, at)
		}
		up := filepath.Dir(at)
		if up == at {
			return fmt.Errorf("%s: no directory of its path exists", dir)
		}
		at = up
	}
	f, err := os.CreateTemp(at, ".ocrfix-check*")
	if err != nil {
		if at != filepath.Clean(dir) {
			return fmt.Errorf("%s: cannot be made in %s: %w", dir, at, cause(err, nil))
		}
		return fmt.Errorf("%s: cannot write there: %w", dir, cause(err, nil))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// CountingWriter passes writes to W and counts the bytes written, for
// WriteTo methods that must return a byte count.
type CountingWriter struct {
	W io.Writer
	N int64
}

// Write writes p to W and adds the bytes written to N.
func (c *CountingWriter) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.N += int64(n)
	return n, err
}
