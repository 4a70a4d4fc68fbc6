package colbert2020

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/repro"
)

// OneClassClaim is our diagnosis of the Table 1 cells that miss because
// the learned classifier predicts one class: a cell is named when, on
// every split that ran it, its test accuracy equals that of always
// predicting the training part's majority class (SplitResult.Majority).
// On Ionosphere the random TK kernels of degree 0 are numerically constant
// once the library scales them to unit trace, so the SVM inside SimpleMKL
// can only use its bias (TestIonosphereSimpleMKLTKConstant); the paper does
// not give its distribution of the random P^s. The row explains when at
// least one cell that misses is such a cell; it is not run when no cell
// misses or none of the misses is of this kind.
func OneClassClaim(rows []Row) repro.Claim {
	const id, statement = "Table 1 (one class)", "Table 1 cells that miss because the classifier predicts one class: accuracy equal to always predicting the training part's majority class on every split (our diagnosis)"
	var named, paper []string
	missed := 0
	for _, r := range rows {
		for j := range Methods {
			c, ok := r.cell(j)
			if !ok || c.Within() {
				continue
			}
			missed++
			same, ran := 0, 0
			for _, s := range r.Splits {
				if s.Ran[j] {
					ran++
					if math.Abs(s.Acc[j]-s.Majority) < 1e-9 {
						same++
					}
				}
			}
			if same == ran {
				named = append(named, fmt.Sprintf("%s [%s]: %.2f %%, the majority class's accuracy on %d of %d splits", c.Row, c.Col, c.Ours.Mean, same, ran))
				paper = append(paper, fmt.Sprintf("%s [%s] %.2f ± %.2f %%", c.Row, c.Col, c.Paper.Mean, c.Paper.Std))
			}
		}
	}
	switch {
	case missed == 0:
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "no Table 1 cell misses: nothing to explain")
	case len(named) == 0:
		return repro.NotRunClaim(id, repro.Diagnostic, statement, fmt.Sprintf("none of the %d cells that miss predicts one class", missed))
	}
	return repro.CheckClaim(id, repro.Diagnostic, statement, strings.Join(paper, "; "), strings.Join(named, "; "),
		"test accuracy equal to the majority class's (to 1e-9) on every split of the cell", true, "")
}
