package htmlreport

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

var (
	colRaw   = color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}
	colCorr  = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	colHelp  = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
	colHurt  = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	colGuide = color.RGBA{R: 0xbb, G: 0xbb, B: 0xbb, A: 0xff}
)

// newPlot returns a plot with the report's sans-serif font (the SVG names
// the font; the browser draws it with its own sans-serif when it lacks
// Liberation Sans).
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	sans := font.Font{Typeface: "Liberation", Variant: "Sans"}
	for _, t := range []*draw.TextStyle{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle, &p.X.Tick.Label, &p.Y.Tick.Label} {
		t.Font.Typeface, t.Font.Variant = sans.Typeface, sans.Variant
	}
	p.Legend.TextStyle.Font.Typeface, p.Legend.TextStyle.Font.Variant = sans.Typeface, sans.Variant
	return p
}

// svgOf renders p as an SVG element (no XML prolog) of w x h points.
func svgOf(p *plot.Plot, w, h vg.Length) (string, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return s, nil
}

// headroom leaves room above the bars for the legend.
const headroom = 1.3

// recallScatter plots each document's raw recall against its corrected
// recall, with the diagonal (no change) as a guide.
func recallScatter(raw, corr []float64) (string, error) {
	p := newPlot("recall per document", "raw OCR recall", "corrected recall")
	lo := 1.0
	var pts plotter.XYs
	for i := range raw {
		if math.IsNaN(raw[i]) || math.IsNaN(corr[i]) {
			continue
		}
		pts = append(pts, plotter.XY{X: raw[i], Y: corr[i]})
		lo = math.Min(lo, math.Min(raw[i], corr[i]))
	}
	lo = math.Max(0, math.Floor(lo*10)/10)
	guide, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: 1, Y: 1}})
	if err != nil {
		return "", err
	}
	guide.Color = colGuide
	guide.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(guide)
	if len(pts) > 0 {
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return "", err
		}
		s.Color = colCorr
		s.Radius = vg.Points(2.5)
		p.Add(s)
	}
	p.X.Min, p.Y.Min, p.X.Max, p.Y.Max = lo, lo, 1, 1
	p.Add(plotter.NewGrid())
	return svgOf(p, 340, 320)
}

// kindBars plots, per kind of change, the changes that helped and those
// that hurt.
func kindBars(names []string, helped, hurt []float64) (string, error) {
	p := newPlot("changes by kind", "", "changes")
	w := vg.Points(14)
	h, err := plotter.NewBarChart(plotter.Values(helped), w)
	if err != nil {
		return "", err
	}
	h.Color, h.LineStyle.Width, h.Offset = colHelp, 0, -w/2
	u, err := plotter.NewBarChart(plotter.Values(hurt), w)
	if err != nil {
		return "", err
	}
	u.Color, u.LineStyle.Width, u.Offset = colHurt, 0, w/2
	p.Add(h, u)
	p.Legend.Add("helped (matched more gt words)", h)
	p.Legend.Add("hurt (matched fewer)", u)
	p.Legend.Top = true
	p.NominalX(names...)
	p.Y.Min = 0
	p.Y.Max = headroom * math.Max(1, math.Max(floats.Max(helped), floats.Max(hurt)))
	return svgOf(p, 420, 320)
}

// recallHist plots the distribution of per-document recall in bins of
// 0.05 (or finer when all documents are above 0.8): one series per
// reading given (raw and corrected, or the prediction alone).
func recallHist(series [][]float64, labels []string) (string, error) {
	p := newPlot("documents by recall", "recall", "documents")
	lo, hi := 1.0, 0.0
	for _, xs := range series {
		for _, x := range xs {
			if !math.IsNaN(x) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	step := 0.05
	if hi-lo <= 0.2 {
		step = 0.01
	}
	start := math.Floor(lo/step+1e-9) * step
	nb := int(math.Floor((hi-start)/step+1e-9)) + 1
	if nb < 1 {
		nb = 1
	}
	names := make([]string, nb)
	for i := range names {
		if i%max(1, nb/6) == 0 {
			names[i] = fmt.Sprintf("%.2f", start+float64(i)*step)
		}
	}
	w := vg.Points(math.Max(2, math.Min(14, 300/float64(nb*len(series)))))
	top := 1.0
	cols := []color.Color{colRaw, colCorr}
	for k, xs := range series {
		counts := make(plotter.Values, nb)
		for _, x := range xs {
			if math.IsNaN(x) {
				continue
			}
			b := int(math.Floor((x - start + 1e-9) / step))
			counts[min(max(b, 0), nb-1)]++
		}
		top = math.Max(top, floats.Max(counts))
		bc, err := plotter.NewBarChart(counts, w)
		if err != nil {
			return "", err
		}
		bc.LineStyle.Width = 0
		bc.Color = cols[(k+len(cols)-len(series))%len(cols)]
		bc.Offset = w * vg.Length(float64(k)-float64(len(series)-1)/2)
		p.Add(bc)
		p.Legend.Add(labels[k], bc)
	}
	p.Legend.Top = true
	p.NominalX(names...)
	p.Y.Min = 0
	p.Y.Max = headroom * top
	return svgOf(p, 420, 320)
}
