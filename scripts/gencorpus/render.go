package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
)

// requiredPackages are the Debian packages the generation needs.
var requiredPackages = []string{
	"tesseract-ocr (tesseract 5, text2image)",
	"tesseract-ocr-eng (the eng model)",
	"tesseract-ocr-script-latn (the Latin model, the second reading of the Austen corpus)",
	"fonts-dejavu-core", "fonts-liberation", "fonts-freefont-ttf", "fonts-noto-core",
}

// fontsDir is where text2image looks for fonts.
const fontsDir = "/usr/share/fonts"

// checkTools fails with a clear message when a tool, a model (eng, and
// Latin when latin is set) or one of the fonts is missing.
func checkTools(fonts []string, latin bool) error {
	hint := "install with: apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-script-latn fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-noto-core"
	for _, t := range []string{"text2image", "tesseract"} {
		if _, err := exec.LookPath(t); err != nil {
			return fmt.Errorf("%s not found in PATH (Debian package tesseract-ocr); %s", t, hint)
		}
	}
	out, err := exec.Command("tesseract", "--list-langs").CombinedOutput()
	if err != nil {
		return fmt.Errorf("tesseract --list-langs: %v: %s", err, out)
	}
	langs := map[string]bool{}
	for _, l := range strings.Fields(string(out)) {
		langs[l] = true
	}
	for l, pkg := range map[string]string{"eng": "tesseract-ocr-eng", "Latin": "tesseract-ocr-script-latn"} {
		if !langs[l] && (l != "Latin" || latin) {
			return fmt.Errorf("tesseract model %q missing (Debian package %s); %s", l, pkg, hint)
		}
	}
	out, err = exec.Command("text2image", "--list_available_fonts", "--fonts_dir", fontsDir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("text2image --list_available_fonts: %v: %s", err, out)
	}
	have := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if _, name, ok := strings.Cut(sc.Text(), ": "); ok {
			have[strings.TrimSpace(name)] = true
		}
	}
	for _, f := range fonts {
		if !have[f] {
			return fmt.Errorf("font %q not available to text2image in %s; %s", f, fontsDir, hint)
		}
	}
	return nil
}

// toolVersions returns the tesseract version line and the versions of the
// Debian packages (or "unknown" when dpkg-query is not there).
func toolVersions() (tess string, pkgs []string) {
	out, _ := exec.Command("tesseract", "--version").CombinedOutput()
	tess = strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
	for _, p := range []string{"tesseract-ocr", "libtesseract5", "tesseract-ocr-eng", "tesseract-ocr-script-latn",
		"libpango-1.0-0", "libleptonica-dev", "liblept5", "fonts-dejavu-core", "fonts-liberation", "fonts-freefont-ttf", "fonts-noto-core"} {
		out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", p).Output()
		if err != nil || len(out) == 0 {
			continue
		}
		pkgs = append(pkgs, p+" "+string(out))
	}
	return tess, pkgs
}

// run runs a command in dir with OMP_THREAD_LIMIT=1 and returns an error
// holding its output when it fails.
func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// render writes text to base.tif (one TIFF page per page of text) in dir
// with text2image and checks from base.box that every character was
// rendered. It returns the number of pages.
func render(dir, base string, text []byte, s settings) (int, error) {
	if err := os.WriteFile(filepath.Join(dir, base+".in.txt"), text, 0o644); err != nil {
		return 0, err
	}
	err := run(dir, "text2image",
		"--text", base+".in.txt", "--outputbase", base,
		"--fonts_dir", fontsDir, "--fontconfig_tmpdir", dir,
		"--font", s.Font, "--ptsize", strconv.Itoa(s.PtSize),
		"--resolution", strconv.Itoa(s.Resolution),
		"--xsize", strconv.Itoa(s.Width), "--ysize", strconv.Itoa(s.Height),
		"--margin", strconv.Itoa(s.Margin),
		"--exposure", strconv.Itoa(s.Exposure),
		"--distort_image="+strconv.FormatBool(s.Distort),
		"--degrade_image="+strconv.FormatBool(s.Degrade),
		"--rotate_image="+strconv.FormatBool(s.Rotate),
		"--max_pages", "0", "--strip_unrenderable_words=false")
	if err != nil {
		return 0, err
	}
	box, err := os.ReadFile(filepath.Join(dir, base+".box"))
	if err != nil {
		return 0, err
	}
	// Each box line is "<symbol> x0 y0 x1 y1 page"; spaces and line ends
	// are lines whose symbol is blank; a ligature is one symbol "fi".
	var got strings.Builder
	pages := 0
	for i, line := range strings.Split(string(box), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		p, err := strconv.Atoi(f[len(f)-1])
		if err != nil {
			return 0, fmt.Errorf("%s.box:%d: bad page %q", base, i+1, f[len(f)-1])
		}
		pages = max(pages, p+1)
		if len(f) == 6 {
			got.WriteString(f[0])
		}
	}
	want := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, string(text))
	if got.String() != want {
		g := got.String()
		i := 0
		for i < len(g) && i < len(want) && g[i] == want[i] {
			i++
		}
		return 0, fmt.Errorf("text2image rendered %d of %d characters (first difference at %d: %q)",
			len(g), len(want), i, want[i:min(len(want), i+30)])
	}
	return pages, nil
}
