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
	X, y := logisticRows(1, 20000, 3, func(rng *rand.Rand, row []float32) float64 {
		a, b, c := rng.NormFloat64(), rng.NormFloat64()*5+10, rng.NormFloat64()
		row[0], row[1], row[2] = float32(a), float32(b), float32(c)
		return 2*a - 0.4*(b-10) + 0
	})
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

// TestFitOwnWeights draws rows where feature a raises the odds on the
// ordinary rows and lowers them on the rows flagged by column own: a
// plain fit can only average the two, Fit with Own learns both, and Logit
// applies the own weights only where the flag is set.
func TestFitOwnWeights(t *testing.T) {
	const d = 2
	X, y := logisticRows(3, 20000, d, func(rng *rand.Rand, row []float32) float64 {
		a := rng.NormFloat64()
		o := rng.IntN(2)
		row[0], row[1] = float32(a), float32(o)
		if o == 1 {
			return -1.5*a + 0.5
		}
		return 2 * a
	})
	names := []string{"a", "own"}
	m, err := Fit(X, y, nil, names, FitOptions{L2: 1e-6, Unbalanced: true, Own: "own"})
	if err != nil {
		t.Fatal(err)
	}
	if m.OwnCol != 1 || len(m.Own) != d {
		t.Fatalf("own column %d, %d own weights", m.OwnCol, len(m.Own))
	}
	wa, woa := m.W[0]/m.Scale[0], (m.W[0]+m.Own[0])/m.Scale[0]
	if math.Abs(wa-2) > 0.2 || math.Abs(woa+1.5) > 0.2 {
		t.Errorf("weight of a %.3f on ordinary rows, %.3f on own rows; want about 2 and -1.5", wa, woa)
	}
	if p := m.Prob([]float32{2, 0}); p < 0.9 {
		t.Errorf("P(ordinary row, a=2) = %.3f, want above 0.9", p)
	}
	if p := m.Prob([]float32{2, 1}); p > 0.2 {
		t.Errorf("P(own row, a=2) = %.3f, want below 0.2", p)
	}
	plain, err := Fit(X, y, nil, names, FitOptions{L2: 1e-6, Unbalanced: true})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Own != nil {
		t.Errorf("a fit without Own has own weights %v", plain.Own)
	}
	if _, err := Fit(X, y, nil, names, FitOptions{Own: "nope"}); err == nil {
		t.Error("own weights on a column that does not exist: want an error")
	}
	again, err := Fit(X, y, nil, names, FitOptions{L2: 1e-6, Unbalanced: true, Own: "own", Init: m})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(again.Own[0]-m.Own[0]) > 1e-3 {
		t.Errorf("warm-started fit: own weight %v, cold %v", again.Own[0], m.Own[0])
	}
}

// logisticRows draws n rows of d features with draw, which fills a row
// and returns its log-odds, and a label for each drawn with that
// probability, from a stream seeded with seed.
func logisticRows(seed uint64, n, d int, draw func(rng *rand.Rand, row []float32) float64) ([]float32, []uint8) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	X := make([]float32, n*d)
	y := make([]uint8, n)
	for r := range y {
		if z := draw(rng, X[r*d:(r+1)*d]); rng.Float64() < 1/(1+math.Exp(-z)) {
			y[r] = 1
		}
	}
	return X, y
}
