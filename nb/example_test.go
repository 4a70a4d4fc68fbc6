package nb_test

import (
	"fmt"

	"github.com/kernelab/kernelab/nb"
)

func ExampleCheck() {
	auc := 0.93
	nb.Check(auc > 0.8, "AUC %.2f is far above chance", auc)
	nb.CheckClose("AUC", auc, 0.92, 0.02)
	// Output:
	// ✓ AUC 0.93 is far above chance
	// ✓ AUC: got 0.93, want 0.92 ± 0.02
}

func ExampleTable() {
	fmt.Print(nb.Table([]string{"kernel", "AUC"}, [][]string{{"RBF", "0.93"}, {"linear", "0.88"}}))
	// Output:
	// kernel  AUC
	// ------  ----
	// RBF     0.93
	// linear  0.88
}
