package data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// LoadOptions controls how LoadDir and LoadFS treat an imperfect corpus.
// The zero value is strict.
type LoadOptions struct {
	// AllowUnpaired turns stems found in only one of gt/ and ocr/ from an
	// error into a warning: the corpus then holds the stems present in
	// both (the intersection), and one warning per side lists the stems
	// left out.
	AllowUnpaired bool
	// Recursive makes LoadPair (and ListDir) read the directories'
	// subdirectories too, at any depth: a document's stem is then its path
	// below the directory without the extension, with / between the
	// directories' names (`1850/03/page-001`), so that pages of one name in
	// two issues pair with their own truth. Hidden files and directories
	// (a name starting with a dot) are skipped, and a link to a directory
	// is not followed.
	Recursive bool
}

// PrimaryOCR is the directory of the primary OCR reading in a corpus, and
// the ocrid of that reading in the OCR relation.
const PrimaryOCR = "ocr"

// maxListed is how many stems an unpaired-stems message names before
// saying "and N more".
const maxListed = 10

// LoadDir loads the corpus in directory dir:
//
//	dir/gt/<stem>.<ext>          ground truth, required
//	dir/ocr/<stem>.<ext>         primary OCR reading, required
//	dir/ocr.<engine>/<stem>.<ext> optional further readings
//
// See LoadFS for the rules; LoadDir names files by their path under dir in
// Text.Path and in errors, and the corpus by dir.
func LoadDir(dir string, opt LoadOptions) (*Corpus, []string, error) {
	if dir == "" {
		dir = "."
	}
	fi, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("corpus %s: no such directory", dir)
		}
		return nil, nil, fmt.Errorf("corpus %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return nil, nil, fmt.Errorf("corpus %s: not a directory", dir)
	}
	return load(os.DirFS(dir), dir, func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }, opt)
}

// LoadFS loads a corpus laid out at the root of fsys (gt/, ocr/,
// ocr.<engine>/) and names it name; Text.Path and error messages name each
// file as name joined with its path in fsys.
//
// Rules:
//   - gt/ and ocr/ must exist and hold at least one document each.
//   - Files pair by stem (the name without its last extension); each file
//     is read by ReadText, so its extension chooses its format and an
//     unknown extension is an error naming the file. Two files with one
//     stem in one directory (a.txt and a.tsv) are an error naming both.
//   - Hidden entries (names starting with ".") and subdirectories inside
//     these directories are ignored, as is everything else at the root
//     (README.md, manifest.tsv, other directories).
//   - A stem in gt/ but not ocr/, or in ocr/ but not gt/, is an error that
//     lists the stems (the first 10, then "and N more"). With
//     opt.AllowUnpaired each side's unpaired stems become a warning instead
//     and only the stems present in both are loaded.
//   - Every ocr.<engine>/ directory becomes an engine: Corpus.Engines
//     holds the engine names sorted, and Doc.Alt[i] is the reading of
//     Engines[i], nil where that engine lacks the document (no warning).
//     Files of an engine whose stem is not in the corpus are left out with
//     a warning. A directory named "ocr." (no engine name) is ignored with
//     a warning.
//
// Every Doc of the result has GT and OCR set; Docs are sorted by stem.
// Empty files are valid documents with no tokens. The second result holds
// warnings, for the caller to show; the error, when not nil, names the
// file or directory at fault.
func LoadFS(fsys fs.FS, name string, opt LoadOptions) (*Corpus, []string, error) {
	return load(fsys, name, func(p string) string { return path.Join(name, p) }, opt)
}

// load does the work of LoadDir and LoadFS; display turns a path inside
// fsys into the name used in Text.Path and messages.
func load(fsys fs.FS, name string, display func(string) string, opt LoadOptions) (*Corpus, []string, error) {
	var warns []string
	root, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, nil, fmt.Errorf("corpus %s: %w", name, err)
	}
	haveGT, haveOCR := false, false
	var engines []string
	for _, e := range root {
		n := e.Name()
		if strings.HasPrefix(n, ".") || !isDir(fsys, n, e) {
			continue
		}
		switch {
		case n == "gt":
			haveGT = true
		case n == PrimaryOCR:
			haveOCR = true
		case strings.HasPrefix(n, PrimaryOCR+"."):
			if n == PrimaryOCR+"." {
				warns = append(warns, fmt.Sprintf("%s: directory with no engine name ignored", display(n)))
				continue
			}
			engines = append(engines, strings.TrimPrefix(n, PrimaryOCR+"."))
		}
	}
	sort.Strings(engines)
	if !haveGT {
		return nil, nil, fmt.Errorf("corpus %s: missing directory %s (a corpus needs gt/ and ocr/)", name, display("gt"))
	}
	if !haveOCR {
		return nil, nil, fmt.Errorf("corpus %s: missing directory %s (a corpus needs gt/ and ocr/)", name, display(PrimaryOCR))
	}

	gt, err := listStems(fsys, "gt", display)
	if err != nil {
		return nil, nil, err
	}
	ocr, err := listStems(fsys, PrimaryOCR, display)
	if err != nil {
		return nil, nil, err
	}
	onlyGT, onlyOCR := missing(gt, ocr), missing(ocr, gt)
	for _, side := range []struct {
		stems     []string
		have, not string
	}{{onlyGT, "gt", PrimaryOCR}, {onlyOCR, PrimaryOCR, "gt"}} {
		if len(side.stems) == 0 {
			continue
		}
		msg := fmt.Sprintf("corpus %s: %d stem(s) in %s/ have no file in %s/: %s",
			name, len(side.stems), side.have, side.not, listNames(side.stems))
		if !opt.AllowUnpaired {
			return nil, nil, errors.New(msg)
		}
		warns = append(warns, msg+" (left out)")
	}

	c := &Corpus{Name: name, Engines: engines}
	for _, stem := range sortedKeys(gt) {
		if _, ok := ocr[stem]; !ok {
			continue
		}
		c.Docs = append(c.Docs, &Doc{Stem: stem, Collection: name})
	}
	if len(c.Docs) == 0 {
		return nil, nil, fmt.Errorf("corpus %s: no stem is in both gt/ and ocr/", name)
	}
	for _, d := range c.Docs {
		if d.GT, err = readFS(fsys, gt[d.Stem], display); err != nil {
			return nil, nil, err
		}
		if d.OCR, err = readFS(fsys, ocr[d.Stem], display); err != nil {
			return nil, nil, err
		}
		if len(engines) > 0 {
			d.Alt = make([]*Text, len(engines))
		}
	}
	index := make(map[string]int, len(c.Docs))
	for i, d := range c.Docs {
		index[d.Stem] = i
	}
	for ei, eng := range engines {
		dir := PrimaryOCR + "." + eng
		files, err := listStemsAllowEmpty(fsys, dir, display)
		if err != nil {
			return nil, nil, err
		}
		if len(files) == 0 {
			warns = append(warns, fmt.Sprintf("%s: no documents", display(dir)))
			continue
		}
		var extra []string
		for _, stem := range sortedKeys(files) {
			i, ok := index[stem]
			if !ok {
				extra = append(extra, stem)
				continue
			}
			if c.Docs[i].Alt[ei], err = readFS(fsys, files[stem], display); err != nil {
				return nil, nil, err
			}
		}
		if len(extra) > 0 {
			warns = append(warns, fmt.Sprintf("%s: %d stem(s) not in the corpus left out: %s",
				display(dir), len(extra), listNames(extra)))
		}
	}
	w, err := attachConfidences(fsys, c, display)
	if err != nil {
		return nil, nil, err
	}
	return c, append(warns, w...), nil
}

// LoadPair loads the ground truth in gtDir and the predictions (OCR
// output, raw or corrected) in predDir as one corpus named gtDir, for
// evaluation: files pair by stem as in LoadFS, with these differences.
// Files of no known format are skipped with a warning. A prediction
// without ground truth is an error that lists the stems, or with
// opt.AllowUnpaired a warning; a ground truth without prediction is kept
// as a Doc whose OCR is nil (it matches nothing). It is an error when no
// document has both, or when either directory holds no document.
func LoadPair(gtDir, predDir string, opt LoadOptions) (*Corpus, []string, error) {
	var warns []string
	gts, err := listDir(gtDir, "gt", opt.Recursive, &warns)
	if err != nil {
		return nil, warns, err
	}
	preds, err := listDir(predDir, "pred", opt.Recursive, &warns)
	if err != nil {
		return nil, warns, err
	}
	if extra := missing(preds, gts); len(extra) > 0 {
		msg := fmt.Sprintf("%d prediction(s) in %s without ground truth in %s: %s", len(extra), predDir, gtDir, listNames(extra))
		if !opt.AllowUnpaired {
			return nil, warns, fmt.Errorf("%s (use -allow-unpaired to ignore them)", msg)
		}
		warns = append(warns, msg+", ignored")
	}
	c := &Corpus{Name: gtDir}
	paired := 0
	for _, stem := range sortedKeys(gts) {
		d := &Doc{Stem: stem, Collection: gtDir}
		if d.GT, err = ReadFile(gts[stem]); err != nil {
			return nil, warns, err
		}
		if p, ok := preds[stem]; ok {
			if d.OCR, err = ReadFile(p); err != nil {
				return nil, warns, err
			}
			paired++
		}
		c.Docs = append(c.Docs, d)
	}
	if paired == 0 {
		return nil, warns, fmt.Errorf("no document of %s has a prediction in %s (stems differ, e.g. %s)", gtDir, predDir, c.Docs[0].Stem)
	}
	return c, warns, nil
}

// ListDir returns the path of each document in the directory dir by its
// stem (file name without extension; .txt, .tsv, .hocr, .html or .xml, as
// LoadPair pairs them; with recursive, its subdirectories' documents too,
// by their stems below dir, as LoadOptions.Recursive says), and warnings
// for the files of no known format it skipped. role names the directory
// in errors ("ocr directory d: no such directory"); a directory without
// documents, or with two files of one stem, is an error.
func ListDir(dir, role string, recursive bool) (map[string]string, []string, error) {
	var warns []string
	m, err := listDir(dir, role, recursive, &warns)
	return m, warns, err
}

// listDir returns stem -> file path of the documents in the directory
// dir (and its subdirectories, with recursive), whose role ("gt", "pred")
// names it in errors; files of no known format are skipped with a warning
// appended to warns.
func listDir(dir, role string, recursive bool, warns *[]string) (map[string]string, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s directory %s: no such directory", role, dir)
		}
		return nil, fmt.Errorf("%s directory %s: %v", role, dir, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s directory %s: not a directory", role, dir)
	}
	list := listFiles
	if recursive {
		list = listTree
	}
	m, err := list(os.DirFS(dir), ".", func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }, warns)
	if err == nil && len(m) == 0 {
		err = fmt.Errorf("%s directory %s: no documents (.txt, .tsv, .hocr, .html or .xml files)", role, dir)
	}
	if err != nil {
		return nil, err
	}
	for stem, p := range m {
		m[stem] = filepath.Join(dir, filepath.FromSlash(p))
	}
	return m, nil
}

// listStems returns stem -> file path (in fsys) of the documents in dir,
// an error when there are none.
func listStems(fsys fs.FS, dir string, display func(string) string) (map[string]string, error) {
	m, err := listStemsAllowEmpty(fsys, dir, display)
	if err == nil && len(m) == 0 {
		err = fmt.Errorf("%s: no documents (empty directory)", display(dir))
	}
	return m, err
}

// listStemsAllowEmpty is listStems without the check for an empty
// directory.
func listStemsAllowEmpty(fsys fs.FS, dir string, display func(string) string) (map[string]string, error) {
	return listFiles(fsys, dir, display, nil)
}

// listFiles returns stem -> file path (in fsys) of the documents in dir.
// A file of no known format is an error, or, when skipped is not nil, a
// warning appended to it.
func listFiles(fsys fs.FS, dir string, display func(string) string, skipped *[]string) (map[string]string, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, pathError(display(dir), err)
	}
	m := make(map[string]string, len(ents))
	for _, e := range ents {
		n := e.Name()
		p := path.Join(dir, n)
		if strings.HasPrefix(n, ".") || isDir(fsys, p, e) {
			continue
		}
		if err := addDoc(m, Stem(n), p, display, skipped); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// addDoc records in m the document file p (in fsys) under stem: a file of
// no known format is an error, or, when skipped is not nil, a warning
// appended to it; a second file of one stem is an error naming both.
func addDoc(m map[string]string, stem, p string, display func(string) string, skipped *[]string) error {
	if _, err := FormatOf(display(p)); err != nil {
		if skipped == nil {
			return err
		}
		*skipped = append(*skipped, fmt.Sprintf("skipping %v", err))
		return nil
	}
	if prev, ok := m[stem]; ok {
		return fmt.Errorf("%s and %s: two files for the stem %q in one directory", display(prev), display(p), stem)
	}
	m[stem] = p
	return nil
}

// listTree is listFiles for the directory dir of fsys and all its
// subdirectories: the stem of a document below a subdirectory is its path
// below dir without the extension (`1850/page-001`). Hidden entries are
// skipped, and links to directories are not followed (fs.WalkDir's rule),
// so that no loop is walked.
func listTree(fsys fs.FS, dir string, display func(string) string, skipped *[]string) (map[string]string, error) {
	m := map[string]string{}
	err := fs.WalkDir(fsys, dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return pathError(display(p), err)
		}
		if p == dir {
			return nil
		}
		if strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if e.IsDir() || isDir(fsys, p, e) {
			return nil
		}
		rel := strings.TrimPrefix(p, dir+"/")
		if dir == "." {
			rel = p
		}
		return addDoc(m, path.Join(path.Dir(rel), Stem(e.Name())), p, display, skipped)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// isDir reports whether the entry e at path p of fsys is a directory,
// following a symbolic link.
func isDir(fsys fs.FS, p string, e fs.DirEntry) bool {
	if e.Type()&fs.ModeSymlink == 0 {
		return e.IsDir()
	}
	fi, err := fs.Stat(fsys, p)
	return err == nil && fi.IsDir()
}

// readFS reads the file p of fsys with ReadText (at most MaxDocBytes).
func readFS(fsys fs.FS, p string, display func(string) string) (*Text, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, pathError(display(p), err)
	}
	defer f.Close()
	src, err := ReadLimited(f, display(p))
	if err != nil {
		return nil, err
	}
	return ReadText(display(p), src)
}

// missing returns the sorted keys of a that are not in b.
func missing(a, b map[string]string) []string {
	var out []string
	for k := range a {
		if _, ok := b[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// listNames joins up to maxListed names with ", " and says how many more
// there are.
func listNames(names []string) string {
	if len(names) <= maxListed {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:maxListed], ", "), len(names)-maxListed)
}

// Doc returns the document with the given stem, or nil.
func (c *Corpus) Doc(stem string) *Doc {
	i := sort.Search(len(c.Docs), func(i int) bool { return c.Docs[i].Stem >= stem })
	if i < len(c.Docs) && c.Docs[i].Stem == stem {
		return c.Docs[i]
	}
	return nil
}

// Subset returns a corpus with the same name and engines holding the
// documents c.Docs[i] for i in idx, sorted by stem. The documents are
// shared, not copied. An index out of range panics.
func (c *Corpus) Subset(idx []int) *Corpus {
	s := &Corpus{Name: c.Name, Engines: c.Engines, Docs: make([]*Doc, len(idx))}
	for j, i := range idx {
		s.Docs[j] = c.Docs[i]
	}
	sort.SliceStable(s.Docs, func(a, b int) bool { return s.Docs[a].Stem < s.Docs[b].Stem })
	return s
}

// pathError names the file p in err, dropping the fs path of a
// *fs.PathError so the message shows the display name only.
func pathError(p string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", p, pe.Err)
	}
	return fmt.Errorf("%s: %w", p, err)
}
