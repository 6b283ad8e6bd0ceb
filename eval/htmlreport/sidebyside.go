package htmlreport

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"ocrfix/align"
	"ocrfix/eval"
)

// Word classes of the document pages (CSS classes).
const (
	clsOK    = ""    // right throughout
	clsFixed = "fix" // wrong in the OCR, right after correction
	clsBrk   = "brk" // right in the OCR, lost by the correction
	clsWrong = "wrg" // wrong in both
	clsErr   = "err" // a word of a reading the alignment does not match
)

// Cand is one candidate of an OCR position with the ranker's score
// (log-odds), shown when the pointer rests on a changed word.
type Cand struct {
	Text  string
	Span  int
	Score float64
}

// hits returns, for each gt word, the index of the pred word the
// alignment of EvaluateDoc (under opt) matches it to, or -1, and for each
// pred word whether it is matched.
func hits(gt, pred []string, opt eval.Options) (gtTo []int, predHit []bool) {
	r := eval.EvaluateDoc("", gt, pred, opt)
	// EvaluateDoc drops words that normalise to ""; map its indices back.
	gk, pk := keptIndex(gt, r.GT), keptIndex(pred, r.Pred)
	gtTo = make([]int, len(gt))
	for i := range gtTo {
		gtTo[i] = -1
	}
	predHit = make([]bool, len(pred))
	for _, p := range r.Pairs {
		gtTo[gk[p.A]] = pk[p.B]
		predHit[pk[p.B]] = true
	}
	return gtTo, predHit
}

// keptIndex maps the indices of kept (a subsequence of all) to indices of
// all.
func keptIndex(all, kept []string) []int {
	idx := make([]int, len(kept))
	j := 0
	for i := range kept {
		for j < len(all) && all[j] != kept[i] {
			j++
		}
		idx[i] = j
		j++
	}
	return idx
}

// sbsWord is one word shown in a column.
type sbsWord struct {
	text, class, title string
	changed            bool
}

// sbsRow is one aligned row: words of the truth and of each reading.
type sbsRow struct {
	cols [][]sbsWord
}

// rowWords is how many gt words a row holds before it may be cut (at a
// word every reading matches).
const rowWords = 12

// sideBySide aligns the readings (one or two: raw OCR, and the corrected
// text) with the truth and cuts them into rows at gt words that every
// reading matches. classes gives the class of each word of each reading;
// gtClass that of each gt word.
func sideBySide(gt []string, gtClass []string, readings [][]sbsWord, gtTo [][]int) []sbsRow {
	var rows []sbsRow
	g0 := 0
	start := make([]int, len(readings))
	cut := func(g1 int, ends []int) {
		r := sbsRow{cols: make([][]sbsWord, 1+len(readings))}
		for g := g0; g < g1; g++ {
			r.cols[0] = append(r.cols[0], sbsWord{text: gt[g], class: gtClass[g]})
		}
		for k := range readings {
			r.cols[k+1] = readings[k][start[k]:ends[k]]
			start[k] = ends[k]
		}
		rows = append(rows, r)
		g0 = g1
	}
	ends := make([]int, len(readings))
	for g := range gt {
		anchor := true
		for k := range readings {
			if gtTo[k][g] < 0 {
				anchor = false
				break
			}
		}
		if !anchor || g+1-g0 < rowWords {
			continue
		}
		for k := range readings {
			ends[k] = gtTo[k][g] + 1
		}
		cut(g+1, ends)
	}
	for k := range readings {
		ends[k] = len(readings[k])
	}
	if g0 < len(gt) || start[0] < len(readings[0]) {
		cut(len(gt), ends)
	}
	return rows
}

// writeRows writes the rows as a table with the given headers.
func (p *printer) writeRows(headers []string, rows []sbsRow) {
	p.s("<table class=\"sbs\"><thead><tr>")
	for _, h := range headers {
		p.f("<th>%s</th>", esc(h))
	}
	p.s("</tr></thead><tbody>\n")
	for _, r := range rows {
		p.s("<tr>")
		for _, ws := range r.cols {
			p.s("<td>")
			for i, w := range ws {
				if i > 0 {
					p.s(" ")
				}
				cls := w.class
				if w.changed {
					cls = strings.TrimSpace(cls + " chg")
				}
				switch {
				case cls == "" && w.title == "":
					p.s(esc(w.text))
				case w.title == "":
					p.f("<span class=\"%s\">%s</span>", cls, esc(w.text))
				default:
					p.f("<span class=\"%s\" tabindex=\"0\" title=\"%s\">%s</span>", cls, esc(w.title), esc(w.text))
				}
			}
			p.s("</td>")
		}
		p.s("</tr>\n")
	}
	p.s("</tbody></table>\n")
}

// candTitle is the hover text of a changed word: the OCR text, and the
// candidates with their scores, best first.
func candTitle(orig string, kind eval.Kind, cands []Cand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "OCR: %s (%s)", orig, kind)
	for _, c := range cands {
		b.WriteString("\n")
		b.WriteString(strconv.FormatFloat(c.Score, 'f', 2, 64))
		b.WriteString("  ")
		b.WriteString(c.Text)
		if c.Span > 1 {
			fmt.Fprintf(&b, " (merges %d)", c.Span)
		}
	}
	return b.String()
}

// charConfusion counts one character confusion: gt rune G read as P (0:
// nothing, an insertion or deletion).
type charConfusion struct {
	G, P  rune
	Count int
}

// maxConfusionRunes bounds the spans whose characters are aligned (the
// character alignment is quadratic).
const maxConfusionRunes = 60

// charConfusions counts the character substitutions, insertions and
// deletions of the mismatched spans between matched words of r (gt words
// gtTo matched into pred), by the unit-cost character alignment of each
// pair of spans.
func charConfusions(count map[[2]rune]int, gt, pred []string, gtTo []int) {
	g, p := 0, 0
	flush := func(g1, p1 int) {
		if g1 > g && p1 > p {
			a := []rune(strings.Join(gt[g:g1], " "))
			b := []rune(strings.Join(pred[p:p1], " "))
			if len(a) <= maxConfusionRunes && len(b) <= maxConfusionRunes {
				_, ops := align.EditOps(a, b, nil)
				for _, o := range ops {
					if o.Kind != align.Match {
						count[[2]rune{o.A, o.B}]++
					}
				}
			}
		}
	}
	for i, j := range gtTo {
		if j < 0 {
			continue
		}
		flush(i, j)
		g, p = i+1, j+1
	}
	flush(len(gt), len(pred))
}

// heatMap writes the most frequent character confusions as a table
// coloured by count: rows the truth's characters, columns the reading's.
func (p *printer) heatMap(count map[[2]rune]int, n int) {
	var all []charConfusion
	for k, c := range count {
		all = append(all, charConfusion{k[0], k[1], c})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Count != all[j].Count {
			return all[i].Count > all[j].Count
		}
		if all[i].G != all[j].G {
			return all[i].G < all[j].G
		}
		return all[i].P < all[j].P
	})
	if len(all) == 0 {
		p.s("<p class=\"note\">No character confusions.</p>\n")
		return
	}
	top := all[:min(len(all), 40)]
	var gs, ps []rune
	inG, inP := map[rune]bool{}, map[rune]bool{}
	for _, c := range top {
		if !inG[c.G] && len(gs) < n {
			inG[c.G] = true
			gs = append(gs, c.G)
		}
		if !inP[c.P] && len(ps) < n {
			inP[c.P] = true
			ps = append(ps, c.P)
		}
	}
	maxc := top[0].Count
	label := func(r rune) string {
		switch r {
		case 0:
			return "∅"
		case ' ':
			return "␣"
		}
		return string(r)
	}
	p.s("<div class=\"scroll\"><table class=\"heat\"><thead><tr><th>truth \\ read as</th>")
	for _, r := range ps {
		p.f("<th>%s</th>", esc(label(r)))
	}
	p.s("</tr></thead><tbody>\n")
	for _, g := range gs {
		p.f("<tr><th>%s</th>", esc(label(g)))
		for _, r := range ps {
			c := count[[2]rune{g, r}]
			if c == 0 {
				p.s("<td></td>")
				continue
			}
			a := 0.12 + 0.88*float64(c)/float64(maxc)
			fg := "#000"
			if a > 0.6 {
				fg = "#fff"
			}
			p.f("<td style=\"background:rgba(180,30,30,%.2f);color:%s\" title=\"%s read as %s: %d\">%d</td>", a, fg, esc(label(g)), esc(label(r)), c, c)
		}
		p.s("</tr>\n")
	}
	p.s("</tbody></table></div>\n")
}
