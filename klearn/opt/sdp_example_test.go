package opt_test

import (
	"fmt"

	"github.com/kernelab/kernelab/klearn/opt"
)

// The Lovász theta function of the 5-cycle, θ(C5) = max ⟨J, X⟩ s.t.
// tr X = 1, X_ij = 0 on the edges, X ⪰ 0, equals √5 ≈ 2.236068.
func ExampleSolveSDP() {
	n := 5
	p := &opt.SDP{Blocks: []int{n}, B: []float64{1}}
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			p.AddC(0, i, j, -1) // minimise ⟨−J, X⟩
		}
		p.AddA(0, 0, i, i, 1) // tr X = 1
	}
	for i := 0; i < n; i++ {
		p.AddA(len(p.B), 0, i, (i+1)%n, 1) // X_{i,i+1} = 0
		p.B = append(p.B, 0)
	}
	r, err := opt.SolveSDP(p, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%v θ = %.6f, relative gap ≤ 1e-8: %v\n", r.Status, -r.PrimalObj, r.RelGap <= 1e-8)
	// Output: Success θ = 2.236068, relative gap ≤ 1e-8: true
}
