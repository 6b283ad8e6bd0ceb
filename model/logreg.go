package model

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"

	"ocrfix/internal/par"
)

// LogReg is a binary logistic regression over standardised features:
// P(y=1|x) = sigmoid(B + sum_i (W[i] + o*Own[i]) * (x[i]-Mean[i]) / Scale[i]),
// where o is 1 on a row whose column OwnCol is not 0 and 0 elsewhere (or
// always 0 when Own is nil). The own weights let one kind of row, the OCR
// token's own reading among its candidates, weigh the features in its own
// way: a word form no word list knows says one thing of the token itself
// (likely misread) and another of a candidate; a plain linear model must
// give both one weight.
type LogReg struct {
	Names []string  // feature names, in column order
	Mean  []float64 // per-feature mean used for standardisation
	Scale []float64 // per-feature standard deviation (1 where constant)
	W     []float64 // weights on the standardised features
	B     float64   // bias
	// Own holds the weights added to W on the rows whose column OwnCol
	// is not 0 (nil: none).
	Own    []float64
	OwnCol int
}

// FitOptions control Fit. The zero value means: L2 1e-4, 200 L-BFGS
// iterations, classes balanced.
type FitOptions struct {
	L2      float64 // L2 penalty on W (not on B), in units of the mean loss
	MaxIter int     // maximum L-BFGS major iterations
	// Init, when not nil, is a model of the same features to start from
	// (a warm start); the result does not depend on it beyond the
	// optimiser's tolerance.
	Init *LogReg
	// Unbalanced turns off class balancing. By default positive and
	// negative rows are reweighted so that each class carries half the
	// total weight.
	Unbalanced bool
	// Own, when not empty, names the column that selects the rows given
	// their own weights besides W (LogReg.Own): the rows where its raw
	// value is not 0.
	Own string
	// OwnL2 is the L2 penalty on the own weights (0: L2).
	OwnL2 float64
}

// Fit learns a LogReg from a dense row-major matrix X of rows x len(names)
// float32 values, labels y (0 or 1) and optional per-row weights w (nil
// for 1). It minimises the weighted mean log loss plus L2/2*|W|^2 with
// gonum's L-BFGS. The result is deterministic: the gradient is summed over
// fixed row chunks in a fixed order.
func Fit(X []float32, y []uint8, w []float32, names []string, opt FitOptions) (*LogReg, error) {
	d := len(names)
	if d == 0 {
		return nil, errors.New("logreg: no features")
	}
	if len(X)%d != 0 || len(X)/d != len(y) {
		return nil, fmt.Errorf("logreg: %d values for %d rows of %d features", len(X), len(y), d)
	}
	if w != nil && len(w) != len(y) {
		return nil, fmt.Errorf("logreg: %d weights for %d rows", len(w), len(y))
	}
	n := len(y)
	if n == 0 {
		return nil, errors.New("logreg: no training rows")
	}
	if opt.L2 == 0 {
		opt.L2 = 1e-4
	}
	if opt.MaxIter == 0 {
		opt.MaxIter = 200
	}
	rw, wsum, err := rowWeights(y, w, opt.Unbalanced)
	if err != nil {
		return nil, err
	}
	m := &LogReg{Names: append([]string(nil), names...), Mean: make([]float64, d), Scale: make([]float64, d), W: make([]float64, d)}
	var own []bool
	if opt.Own != "" {
		m.OwnCol = slices.Index(names, opt.Own)
		if m.OwnCol < 0 {
			return nil, fmt.Errorf("logreg: no column %q for the own weights", opt.Own)
		}
		m.Own = make([]float64, d)
		own = make([]bool, n)
		for r := range own {
			own[r] = X[r*d+m.OwnCol] != 0
		}
	}
	f := newLogLoss(m.standardise(X, n), y, own, rw, wsum, opt.L2)
	f.ownL2 = opt.L2
	if opt.OwnL2 > 0 {
		f.ownL2 = opt.OwnL2
	}
	// L-BFGS asks for the value and the gradient at the same point in two
	// calls; one pass computes both and the second call reuses it.
	var lastX, lastG []float64
	var lastL float64
	both := func(x []float64) (float64, []float64) {
		if lastX != nil && slices.Equal(lastX, x) {
			return lastL, lastG
		}
		l, g := f.eval(x, true)
		lastX, lastL, lastG = append(lastX[:0], x...), l, g
		return l, g
	}
	prob := optimize.Problem{
		Func: func(x []float64) float64 { l, _ := both(x); return l },
		Grad: func(grad, x []float64) { _, g := both(x); copy(grad, g) },
	}
	settings := &optimize.Settings{
		MajorIterations:   opt.MaxIter,
		GradientThreshold: 1e-6,
		Converger:         &optimize.FunctionConverge{Absolute: 1e-8, Relative: 1e-7, Iterations: 10},
	}
	x0 := m.warmStart(opt.Init)
	res, err := optimize.Minimize(prob, x0, settings, &optimize.LBFGS{})
	if err != nil && res == nil {
		return nil, fmt.Errorf("logreg: %w", err)
	}
	copy(m.W, res.X[:d])
	m.B = res.X[d]
	if m.Own != nil {
		copy(m.Own, res.X[d+1:])
	}
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errors.New("logreg: fit diverged (non-finite weight)")
		}
	}
	return m, nil
}

// rowWeights returns the weight of each row (w, nil for 1), scaled so
// that both classes weigh the same unless unbalanced, and their sum.
func rowWeights(y []uint8, w []float32, unbalanced bool) ([]float64, float64, error) {
	rw := make([]float64, len(y))
	var wpos, wneg float64
	for i := range rw {
		rw[i] = 1
		if w != nil {
			rw[i] = float64(w[i])
		}
		if y[i] == 1 {
			wpos += rw[i]
		} else {
			wneg += rw[i]
		}
	}
	if wpos == 0 || wneg == 0 {
		return nil, 0, fmt.Errorf("logreg: need both classes (positive weight %g, negative weight %g)", wpos, wneg)
	}
	if !unbalanced {
		tot := wpos + wneg
		for i := range rw {
			if y[i] == 1 {
				rw[i] *= tot / (2 * wpos)
			} else {
				rw[i] *= tot / (2 * wneg)
			}
		}
	}
	var wsum float64
	for _, v := range rw {
		wsum += v
	}
	return rw, wsum, nil
}

// standardise sets m's Mean and Scale from the n rows of X and returns
// the standardised rows.
func (m *LogReg) standardise(X []float32, n int) []float32 {
	d := len(m.Mean)
	for r := 0; r < n; r++ {
		row := X[r*d : r*d+d]
		for j, v := range row {
			m.Mean[j] += float64(v)
		}
	}
	for j := range m.Mean {
		m.Mean[j] /= float64(n)
	}
	for r := 0; r < n; r++ {
		row := X[r*d : r*d+d]
		for j, v := range row {
			dv := float64(v) - m.Mean[j]
			m.Scale[j] += dv * dv
		}
	}
	for j := range m.Scale {
		s := math.Sqrt(m.Scale[j] / float64(n))
		if s < 1e-12 || math.IsNaN(s) {
			s = 1
		}
		m.Scale[j] = s
	}
	Z := make([]float32, len(X))
	for r := 0; r < n; r++ {
		for j := 0; j < d; j++ {
			Z[r*d+j] = float32((float64(X[r*d+j]) - m.Mean[j]) / m.Scale[j])
		}
	}
	return Z
}

// warmStart returns the starting point (W..., B, Own...) of a fit: init's
// weights moved onto m's scales, or zeros when init is nil or of other
// features. (The own weights' share of the shift of the means is left
// out: a start needs only be near.)
func (m *LogReg) warmStart(init *LogReg) []float64 {
	d := len(m.W)
	x0 := make([]float64, d+1+len(m.Own))
	if init != nil && len(init.W) == d {
		for j := 0; j < d; j++ {
			x0[j] = init.W[j] / init.Scale[j] * m.Scale[j]
		}
		x0[d] = init.B
		for j := 0; j < d; j++ {
			x0[d] += init.W[j] / init.Scale[j] * (m.Mean[j] - init.Mean[j])
		}
		if m.Own != nil && len(init.Own) == d {
			for j := 0; j < d; j++ {
				x0[d+1+j] = init.Own[j] / init.Scale[j] * m.Scale[j]
			}
		}
	}
	return x0
}

// lossChunk is how many rows one task of the loss sums.
const lossChunk = 1 << 14

// logLoss is the objective of Fit: the weighted mean log loss of the
// standardised rows Z plus l2/2*|W|^2 + ownL2/2*|Own|^2, summed over fixed
// row chunks in a fixed order so the result does not depend on scheduling.
// The parameters are x = (W..., B, Own...), Own present when own is not
// nil (own[r]: row r takes the own weights).
type logLoss struct {
	Z      []float32
	own    []bool
	y      []uint8
	rw     []float64
	n, d   int
	wsum   float64
	l2     float64
	ownL2  float64     // L2 on the own weights
	grads  [][]float64 // per chunk
	losses []float64   // per chunk
}

func newLogLoss(Z []float32, y []uint8, own []bool, rw []float64, wsum, l2 float64) *logLoss {
	n := len(y)
	nchunks := (n + lossChunk - 1) / lossChunk
	f := &logLoss{Z: Z, own: own, y: y, rw: rw, n: n, d: len(Z) / n, wsum: wsum, l2: l2, grads: make([][]float64, nchunks), losses: make([]float64, nchunks)}
	for c := range f.grads {
		f.grads[c] = make([]float64, f.params())
	}
	return f
}

// params returns the number of parameters: W, B and, with own rows, Own.
func (f *logLoss) params() int {
	if f.own != nil {
		return 2*f.d + 1
	}
	return f.d + 1
}

// eval computes the loss and, with wantGrad, its gradient at x = (W..., B,
// Own...).
func (f *logLoss) eval(x []float64, wantGrad bool) (float64, []float64) {
	d := f.d
	par.Do(len(f.grads), 0, func(c int) { f.chunk(c, x, wantGrad) })
	var loss float64
	var grad []float64
	if wantGrad {
		grad = make([]float64, f.params())
	}
	for c := range f.grads {
		loss += f.losses[c]
		if wantGrad {
			for j, v := range f.grads[c] {
				grad[j] += v
			}
		}
	}
	loss /= f.wsum
	var reg, ownReg float64
	for j := 0; j < d; j++ {
		reg += x[j] * x[j]
	}
	for j := d + 1; j < len(x); j++ {
		ownReg += x[j] * x[j]
	}
	loss += f.l2/2*reg + f.ownL2/2*ownReg
	if wantGrad {
		for j := range grad {
			grad[j] /= f.wsum
			switch {
			case j < d:
				grad[j] += f.l2 * x[j]
			case j > d:
				grad[j] += f.ownL2 * x[j]
			}
		}
	}
	return loss, grad
}

// chunk sums the loss (and gradient) of the rows of chunk c.
func (f *logLoss) chunk(c int, x []float64, wantGrad bool) {
	d, y, rw := f.d, f.y, f.rw
	g := f.grads[c]
	for j := range g {
		g[j] = 0
	}
	var loss float64
	lo, hi := c*lossChunk, min((c+1)*lossChunk, f.n)
	for r := lo; r < hi; r++ {
		row := f.Z[r*d : r*d+d]
		z := x[d]
		for j, v := range row {
			z += x[j] * float64(v)
		}
		own := f.own != nil && f.own[r]
		if own {
			for j, v := range row {
				z += x[d+1+j] * float64(v)
			}
		}
		// log loss and sigmoid from one exp and one log1p:
		// with e = exp(-|z|), softplus(z) = max(z,0) + log1p(e)
		// and sigmoid(z) = 1/(1+e) for z >= 0, e/(1+e) below.
		e := math.Exp(-math.Abs(z))
		l1p := math.Log1p(e)
		var p, l float64
		if z >= 0 {
			p = 1 / (1 + e)
			if y[r] == 1 {
				l = l1p
			} else {
				l = z + l1p
			}
		} else {
			p = e / (1 + e)
			if y[r] == 1 {
				l = -z + l1p
			} else {
				l = l1p
			}
		}
		loss += rw[r] * l
		if wantGrad {
			e := rw[r] * (p - float64(y[r]))
			for j, v := range row {
				g[j] += e * float64(v)
			}
			g[d] += e
			if own {
				for j, v := range row {
					g[d+1+j] += e * float64(v)
				}
			}
		}
	}
	f.losses[c] = loss
}

// Logit returns the log-odds of a raw (unstandardised) feature row.
func (m *LogReg) Logit(row []float32) float64 {
	z := m.B
	if m.Own != nil && row[m.OwnCol] != 0 {
		for j, v := range row {
			z += (m.W[j] + m.Own[j]) * (float64(v) - m.Mean[j]) / m.Scale[j]
		}
		return z
	}
	for j, v := range row {
		z += m.W[j] * (float64(v) - m.Mean[j]) / m.Scale[j]
	}
	return z
}

// Prob returns P(y=1) for a raw feature row.
func (m *LogReg) Prob(row []float32) float64 { return sigmoid(m.Logit(row)) }

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}
