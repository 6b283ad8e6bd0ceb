package experiment_test

import (
	"fmt"
	"math"

	"ocrfix/experiment"
)

// ExampleFormatContext shows how bench prints the language model's part
// in each fold's decisions: weight/band, or off where training chose to
// decide each position alone.
func ExampleFormatContext() {
	fmt.Println(experiment.FormatContext([]experiment.Context{{Weight: 0.5, Band: 4}, {}, {Weight: 0.35, Band: 0}}))
	fmt.Println(experiment.FormatMargins([]float64{0, 0.12, math.Inf(1)}))
	// Output:
	// 0.5/4 off 0.35/0
	// 0.00 0.12 never
}
