package donini2017

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
)

// The measured costs behind the cuts that full mode (protocol.Full) and
// paper mode (protocol.PaperProtocol) keep, from protocol.Full's doc
// comment, named here so that a row that runs a cut gives its reason with
// the number. The sizes of each cut are read from the configurations and
// the records, never typed here.
const (
	// NestedCVExpLo and NestedCVExpHi bound the exponent with which the CPU
	// time of a nested-CV outer fold grows with its rows n (protocol.Full:
	// "the nested CV grows as n^1.8 to n^2.2", Abalone's folds).
	NestedCVExpLo, NestedCVExpHi = 1.8, 2.2
	// Fig6CPUMinutes is the CPU time of Figure 6 on the paper's protocol
	// (10 × 10 folds, its grid of v, 50 000 steps, D = 1…10) on Ionosphere
	// and a 1 000-row subset of Abalone, measured at 33e6106
	// (protocol.Full).
	Fig6CPUMinutes = 30
	// DegreeCostRatio is the cost of the nested CV of Figures 3–5 over ten
	// degrees against six (protocol.Full: "the ten degrees of the grid
	// cost 1.7 times the six", the QPs costing about the same per D).
	DegreeCostRatio = 1.7
	// Fig7Seconds is the time of the Figure 7 job in full mode (kernelab
	// status at 981b80a: 4.93 s): no cost sets its degrees.
	Fig7Seconds = 5
	// MemTotalKB is the memory of the 2-core machine the full runs run on
	// (MemTotal in /proc/meminfo, 2026-11-30): 25.3 GB.
	MemTotalKB = 24684084
	// Fig10GramsHeld is the number of n × n matrices of training images
	// that Figure 10 holds at once, counted from protocol's runFig10 (not
	// measured): the cosine matrix and two more (EasyMKL's sum kernel and
	// its QP's signed copy, one degree at a time, then the kernel matrices
	// of two SVM paths at a time).
	Fig10GramsHeld = 3
)

// withCuts returns c with the cuts of its run (the non-empty ones)
// appended to Ours: "…; reduced: a; b". They are stated whatever the
// outcome (Decide keeps a Reason only for a miss).
func withCuts(c repro.Claim, cuts ...string) repro.Claim {
	var s []string
	for _, x := range cuts {
		if x != "" {
			s = append(s, x)
		}
	}
	if len(s) > 0 {
		c.Ours += "; reduced: " + strings.Join(s, "; ")
	}
	return c
}

// intSet writes an increasing set of integers with runs of three or more
// as ranges: {1–5, 10, 15}.
func intSet(v []int) string {
	var s []string
	for i := 0; i < len(v); {
		j := i
		for j+1 < len(v) && v[j+1] == v[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			s = append(s, fmt.Sprintf("%d–%d", v[i], v[j]))
		default:
			for k := i; k <= j; k++ {
				s = append(s, fmt.Sprint(v[k]))
			}
		}
		i = j + 1
	}
	return "{" + strings.Join(s, ", ") + "}"
}

// missingDegrees returns the degrees of paper mode's grid for Figures 3–5
// (protocol.PaperProtocol().Ds, our reading: the paper prints no D grid)
// that ran does not hold, up to ran's largest (a smaller largest D is
// said by the row's quick label).
func missingDegrees(ran []int) []int {
	if len(ran) == 0 {
		return nil
	}
	top := slices.Max(ran)
	var out []int
	for _, D := range protocol.PaperProtocol().Ds {
		if D <= top && !slices.Contains(ran, D) {
			out = append(out, D)
		}
	}
	return out
}

// degreeCut states a cut of a D grid: the degrees that ran and those of
// paper mode's grid for Figures 3–5 that did not, with the reason why
// (quick mode's own in quick mode); "" when none is missing.
func degreeCut(mode string, ran []int, why string) string {
	miss := missingDegrees(ran)
	if len(miss) == 0 {
		return ""
	}
	if mode == "quick" {
		why = "quick mode"
	}
	return fmt.Sprintf("D ∈ %s, without %s of paper mode's grid %s (our reading: the paper prints no D grid): %s",
		intSet(ran), intSet(miss), intSet(protocol.PaperProtocol().Ds), why)
}

// curvesDegreeCut is the cut of the D grid of Figures 3–5 (Config.Ds, the
// degrees of the records) and its reason: the cost of a degree, about
// the same for each (DegreeCostRatio).
func curvesDegreeCut(mode string, ran []int) string {
	n, paper := len(ran), len(protocol.PaperProtocol().Ds)
	return degreeCut(mode, ran, fmt.Sprintf("the nested CV costs about the same per D (protocol.Full: ten degrees cost %g times six), so paper mode's %d degrees cost about %.1f times these %d",
		DegreeCostRatio, paper, float64(paper)/float64(max(n, 1)), n))
}

// fig7DegreeCut is the cut of Figure 7's D grid (Config.Fig7Ds, the
// degrees of the records): in full and paper mode no cost sets it.
func fig7DegreeCut(mode string, ran []int) string {
	return degreeCut(mode, ran, fmt.Sprintf("not for cost (the job takes about %d s in full mode); Config.Fig7Ds predates that grid", Fig7Seconds))
}

// fig6Cut is the cut of Figure 6's Abalone rows (Config.Fig6MaxN, which
// protocol applies to Abalone alone) and its reason: the nested CV grows
// as n^NestedCVExpLo to n^NestedCVExpHi; "" when Abalone did not run or
// ran all its rows.
func fig6Cut(res *Results) string {
	n := res.Fig6MaxN
	ran := slices.ContainsFunc(res.Fig6, func(f protocol.RandomFamily) bool { return f.Data == "Abalone" })
	b, ok := protocol.BenchByName("Abalone")
	info, err := datasets.Info(b.Load)
	if !ran || !ok || err != nil || n <= 0 {
		return ""
	}
	all := info.Rows
	if b.MaxN > 0 {
		all = min(all, b.MaxN)
	}
	if n >= all {
		return ""
	}
	paper := "all"
	if p := protocol.PaperProtocol().Fig6MaxN; p > 0 && p < all {
		paper = fmt.Sprint(p)
	}
	r := float64(all) / float64(n)
	why := "quick mode"
	if res.Mode != "quick" {
		why = fmt.Sprintf("the nested CV grows as n^%g to n^%g, so all rows cost %.0f–%.0f times the subset: hours, where the figure takes about %d CPU minutes (protocol.Full, measured at 33e6106)",
			NestedCVExpLo, NestedCVExpHi, math.Pow(r, NestedCVExpLo), math.Pow(r, NestedCVExpHi), Fig6CPUMinutes)
	}
	return fmt.Sprintf("Abalone on a seeded %d of its %d rows (paper mode: %s): %s", n, all, paper, why)
}

// gramGB is the size of an n × n matrix of float64 in GB.
func gramGB(n int) float64 { return 8 * float64(n) * float64(n) / 1e9 }

// fig10Cut is the cut of Figure 10's MNIST images (Config.MNISTTrain,
// MNISTVal and MNISTTest, the sizes of the record) and its reason: the
// memory of the Gram matrices of the training images.
func fig10Cut(f *protocol.MNISTCurve) string {
	tr, errTr := datasets.Info("mnist-train")
	te, errTe := datasets.Info("mnist-test")
	if errTr != nil || errTe != nil {
		return ""
	}
	full, paper := protocol.Full(), protocol.PaperProtocol()
	mem := float64(MemTotalKB) * 1024 / 1e9
	s := fmt.Sprintf("trained on %d images (%d more held out to choose C) of MNIST's %d, tested on %d of its %d (the paper gives no split for Figure 10; full mode trains on %d, paper mode on %d)",
		f.Train, f.Val, tr.Rows, f.Test, te.Rows, full.MNISTTrain, paper.MNISTTrain)
	if f.Train+f.Val < tr.Rows {
		// GB held at n training images, (a n² + b n)/1e9: the Gram
		// matrices and the cosines of the validation and test images. The
		// most that fit under the runner's limit solve a n² + b n = lim.
		a, b := 8*float64(Fig10GramsHeld), 8*float64(f.Val+f.Test)
		held := func(n int) float64 { return (a*float64(n)*float64(n) + b*float64(n)) / 1e9 }
		lim := 0.75 * mem
		most := int((math.Sqrt(b*b+4*a*lim*1e9) - b) / (2 * a))
		s += fmt.Sprintf(": it holds %d n × n matrices (counted from the code) and the %d validation and test cosines, %.1f GB at n = %d and %.0f GB at %d; at most n = %d fits the runner's %.1f GB limit (3/4 of %.1f GB)",
			Fig10GramsHeld, f.Val+f.Test, held(f.Train), f.Train, held(tr.Rows), tr.Rows, most, lim, mem)
	}
	if f.Test < te.Rows {
		s += fmt.Sprintf("; no measured cost sets the %d test images", f.Test)
	}
	return s
}
