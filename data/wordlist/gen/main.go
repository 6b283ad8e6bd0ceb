// Command gen regenerates words.gz, the built-in word list of package
// wordlist, from Debian's wamerican word list:
//
//	go run ./data/wordlist/gen [-in /usr/share/dict/american-english] [-o data/wordlist/words.gz]
//
// It checks that the input is the list the package was made from (Debian
// wamerican 2020.12.07-2, by its SHA-256) and writes it gzip-compressed at
// the best compression level with an empty gzip header (no name, no time),
// so the same Go release writes the same bytes.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"ocrfix/data/wordlist"
)

func main() {
	in := flag.String("in", "/usr/share/dict/american-english", "the wamerican word list")
	out := flag.String("o", "data/wordlist/words.gz", "the file to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(src)
	if got := hex.EncodeToString(sum[:]); got != wordlist.SHA256 {
		return fmt.Errorf("%s: SHA-256 %s, want %s (%s)", in, got, wordlist.SHA256, wordlist.Name)
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(src); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".words-*.gz")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), out)
}
