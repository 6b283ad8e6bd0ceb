package data

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A failed write leaves neither the file nor its temporary behind, and
// its error names the file asked for, not the temporary one.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteFileAtomic(path, func(w *bufio.Writer) error { _, err := w.WriteString("hello\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello\n" {
		t.Fatalf("read back %q, %v", b, err)
	}
	failed := filepath.Join(dir, "failed.txt")
	err := WriteFileAtomic(failed, func(w *bufio.Writer) error { return errors.New("boom") })
	if err == nil || !strings.Contains(err.Error(), failed) || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("error %v: want one naming %s and the cause", err, failed)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("left behind: %v", ents)
	}
	// an error of write's own keeps the path it names
	_, openErr := os.Open(filepath.Join(dir, "source.model"))
	err = WriteFileAtomic(failed, func(w *bufio.Writer) error { return openErr })
	if err == nil || !strings.Contains(err.Error(), "source.model") {
		t.Errorf("error %v: want write's own error, naming source.model", err)
	}
	// a directory that does not exist: the error names the file, not a
	// temporary one
	missing := filepath.Join(dir, "no", "such", "out.txt")
	err = WriteFileAtomic(missing, func(w *bufio.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), missing) || strings.Contains(err.Error(), ".tmp") {
		t.Fatalf("error %v: want one naming %s and no temporary file", err, missing)
	}
}

// CheckWritable accepts a directory it can write in, or one it could make,
// and names the path where it cannot.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(dir); err != nil {
		t.Errorf("an existing directory: %v", err)
	}
	if err := CheckWritable(filepath.Join(dir, "a", "b")); err != nil {
		t.Errorf("a directory to make: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); !errors.Is(err, os.ErrNotExist) {
		t.Error("the check made a directory")
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	under := filepath.Join(file, "sub")
	if err := CheckWritable(under); err == nil || !strings.Contains(err.Error(), under) || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("a path under a file: %v", err)
	}
	link := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), link); err != nil {
		t.Fatal(err)
	}
	if err := CheckWritable(link); err == nil || !strings.Contains(err.Error(), "a link to nothing") {
		t.Errorf("a link to nothing: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("the check left files: %v", ents)
	}
	if os.Geteuid() == 0 {
		return // root writes anywhere: no directory to refuse it
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	if err := CheckWritable(ro); err == nil || !strings.Contains(err.Error(), "cannot write there") {
		t.Errorf("a directory without write permission: %v", err)
	}
	if err := CheckWritable(filepath.Join(ro, "sub")); err == nil || !strings.Contains(err.Error(), "cannot be made in "+ro) {
		t.Errorf("a directory to make in one without write permission: %v", err)
	}
}

// RemoveTempFiles removes the temporary file of a write under way (as a
// command stopped by a signal does), whose write then fails and leaves
// nothing behind; a finished write's file is not its to remove.
func TestRemoveTempFiles(t *testing.T) {
	dir := t.TempDir()
	done := filepath.Join(dir, "done.txt")
	if err := WriteFileAtomic(done, func(w *bufio.Writer) error { _, err := w.WriteString("whole\n"); return err }); err != nil {
		t.Fatal(err)
	}
	started, stop := make(chan struct{}), make(chan struct{})
	errc := make(chan error)
	go func() {
		errc <- WriteFileAtomic(filepath.Join(dir, "cut.txt"), func(w *bufio.Writer) error {
			close(started)
			<-stop
			_, err := w.WriteString("half")
			return err
		})
	}()
	<-started
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Fatalf("during the write: %v, want done.txt and a temporary file", ents)
	}
	if n := RemoveTempFiles(); n != 1 {
		t.Errorf("RemoveTempFiles removed %d files, want 1", n)
	}
	close(stop)
	if err := <-errc; err == nil {
		t.Error("the write whose temporary file was removed succeeded")
	}
	ents, _ = os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "done.txt" {
		t.Errorf("left: %v, want done.txt alone", ents)
	}
	if n := RemoveTempFiles(); n != 0 {
		t.Errorf("a second RemoveTempFiles removed %d", n)
	}
	late := filepath.Join(dir, "late.txt")
	if err := WriteFileAtomic(late, func(w *bufio.Writer) error { return nil }); !errors.Is(err, ErrStopped) {
		t.Errorf("a write begun after RemoveTempFiles: %v, want ErrStopped", err)
	}
	ents, _ = os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("left: %v, want done.txt alone", ents)
	}
	pending.mu.Lock()
	pending.stopped = false // for the other tests of the package
	pending.mu.Unlock()
}
