package model

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFitRecoversSeparator draws rows from a known logistic model and checks
// that Fit finds weights with the same signs and roughly the same ratio, and
// that the result does not depend on anything but the data.
func TestFitRecoversSeparator(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n, d = 20000, 3
	X := make([]float32, n*d)
	y := make([]uint8, n)
	for r := 0; r < n; r++ {
		a, b, c := rng.NormFloat64(), rng.NormFloat64()*5+10, rng.NormFloat64()
		X[r*d], X[r*d+1], X[r*d+2] = float32(a), float32(b), float32(c)
		z := 2*a - 0.4*(b-10) + 0
		if rng.Float64() < 1/(1+math.Exp(-z)) {
			y[r] = 1
		}
	}
	names := []string{"a", "b", "c"}
	m, err := Fit(X, y, nil, names, FitOptions{L2: 1e-6, Unbalanced: true})
	if err != nil {
		t.Fatal(err)
	}
	// Weights on raw scale.
	wa, wb, wc := m.W[0]/m.Scale[0], m.W[1]/m.Scale[1], m.W[2]/m.Scale[2]
	if math.Abs(wa-2) > 0.2 || math.Abs(wb+0.4) > 0.05 || math.Abs(wc) > 0.1 {
		t.Errorf("weights (%.3f, %.3f, %.3f), want about (2, -0.4, 0)", wa, wb, wc)
	}
	m2, err := Fit(X, y, nil, names, FitOptions{L2: 1e-6, Unbalanced: true})
	if err != nil {
		t.Fatal(err)
	}
	for j := range m.W {
		if m.W[j] != m2.W[j] {
			t.Fatalf("Fit is not deterministic: %v vs %v", m.W, m2.W)
		}
	}
	if p := m.Prob([]float32{3, 10, 0}); p < 0.99 {
		t.Errorf("Prob of a clear positive = %.3f", p)
	}
}

func TestFitErrors(t *testing.T) {
	if _, err := Fit([]float32{1, 2}, []uint8{1, 1}, nil, []string{"x"}, FitOptions{}); err == nil {
		t.Error("one class only: want an error")
	}
	if _, err := Fit([]float32{1, 2, 3}, []uint8{1, 0}, nil, []string{"x"}, FitOptions{}); err == nil {
		t.Error("shape mismatch: want an error")
	}
	if _, err := Fit(nil, nil, nil, []string{"x"}, FitOptions{}); err == nil {
		t.Error("no rows: want an error")
	}
}
