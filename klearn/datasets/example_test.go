package datasets_test

import (
	"fmt"
	"log"

	"github.com/kernelab/kernelab/klearn/datasets"
)

func ExampleLoad() {
	// Sonar (Gorman & Sejnowski 1988; UCI): 208 sonar returns, 60 energies,
	// 111 mines ("M") and 97 rocks ("R") — the counts of the UCI
	// documentation.
	ds, err := datasets.Load("sonar")
	if err != nil {
		log.Fatal(err)
	}
	n, d := ds.X.Dims()
	fmt.Println(ds.Name, n, d, ds.Classes)
	y, err := datasets.Binary(ds, "M")
	if err != nil {
		log.Fatal(err)
	}
	pos := 0
	for _, v := range y {
		if v > 0 {
			pos++
		}
	}
	fmt.Println("mines:", pos, "rocks:", n-pos)
	// Output:
	// sonar 208 60 [M R]
	// mines: 111 rocks: 97
}

func ExampleTwoSpirals() {
	// Lang & Witbrock (1988): 2 × 97 points. Row 0 is i = 0: φ = 0, ρ = 6.5,
	// the point (ρ sin φ, ρ cos φ) = (0, 6.5) of class +1; row 1 is its
	// negation, class −1 (closed form of the generator). Y holds indices
	// into Classes; Binary turns them into ±1 labels.
	ds := datasets.TwoSpirals()
	n, d := ds.X.Dims()
	fmt.Println(n, d, ds.Classes)
	y, err := datasets.Binary(ds)
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		r := ds.X.RawRowView(i)
		fmt.Printf("(%.4f, %.4f) class %s, label %v\n", r[0]+0, r[1], ds.Classes[int(ds.Y[i])], y[i])
	}
	// Output:
	// 194 2 [-1 +1]
	// (0.0000, 6.5000) class +1, label 1
	// (0.0000, -6.5000) class -1, label -1
}
