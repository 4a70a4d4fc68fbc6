package viz

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// axisTicks places and labels the ticks of one axis.
//
//   - Linear axes get "nice" steps (1, 2, 2.5 or 5 × 10^k), as many as fit:
//     about one label per 60 pt across and 30 pt up, at most 10.
//   - Log axes label every power of ten and, when the data have few
//     distinct values (at most maxDataTicks), the data's own values
//     (100, 300, 1000, 3000); with fewer than two decades in range and no
//     data values, also 2 and 5 × 10^k.
//   - With at set, ticks go only at those values (the data's x, say
//     D = 1, 2, 5, 10, 20, 30).
//
// When the axis length is known (set before drawing), labels that would
// overlap are dropped, keeping the ends, then the powers of ten, then the
// rest in order; the tick marks stay. Every loop is bounded by a fixed
// count, so no input makes labelling slow.
type axisTicks struct {
	log      bool
	data     []float64 // values worth labelling (sorted, distinct)
	at       bool      // ticks only at data
	vertical bool
	length   vg.Length   // axis length; 0: unknown, no thinning
	sty      *text.Style // the tick label style
}

const maxDataTicks = 12

// distinct returns the sorted distinct values of the slices.
func distinct(vs ...[]float64) []float64 {
	var all []float64
	for _, v := range vs {
		all = append(all, v...)
	}
	sort.Float64s(all)
	out := all[:0]
	for i, v := range all {
		if i == 0 || v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

func (t *axisTicks) Ticks(lo, hi float64) []plot.Tick {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || hi < lo {
		return nil
	}
	if t.log && !(lo > 0) {
		return nil
	}
	var ticks []plot.Tick
	var prio []int // label priority of each tick, lower first; −1: unlabelled
	switch {
	case t.at:
		for _, v := range t.data {
			if v >= lo-1e-9*math.Abs(lo) && v <= hi+1e-9*math.Abs(hi) {
				ticks = append(ticks, plot.Tick{Value: v, Label: t.format(v, 0)})
				prio = append(prio, 2)
			}
		}
	case t.log:
		ticks, prio = t.logTicks(lo, hi)
	default:
		ticks, prio = t.linearTicks(lo, hi)
	}
	if len(ticks) > 0 {
		for _, i := range []int{0, len(ticks) - 1} {
			if prio[i] >= 0 && ticks[i].Label != "" {
				prio[i] = min(prio[i], 1)
			}
		}
	}
	t.thin(ticks, prio, lo, hi)
	sort.SliceStable(ticks, func(a, b int) bool { return ticks[a].Value < ticks[b].Value })
	return ticks
}

// format labels v; step is the tick spacing of a linear axis (0 for log
// axes and data ticks).
func (t *axisTicks) format(v, step float64) string {
	if v == 0 {
		return "0"
	}
	if step > 0 {
		if a := math.Max(math.Abs(v), step); a >= 1e6 || step < 1e-4 {
			return expLabel(v, 3)
		}
		d := 0
		if s := -math.Floor(math.Log10(step) + 1e-9); s > 0 {
			d = int(s)
		}
		m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if math.Abs(m-2.5) < 1e-6 {
			d++
		}
		return strings.Replace(strconv.FormatFloat(v, 'f', d, 64), "-", "−", 1)
	}
	a := math.Abs(v)
	if a >= 1e-4 && a < 1e6 {
		r := roundSig(v, 4)
		return strings.Replace(strconv.FormatFloat(r, 'f', -1, 64), "-", "−", 1)
	}
	return expLabel(v, 3)
}

// expLabel writes v as m×10^{k} (10^{k} when m = 1) in label markup.
func expLabel(v float64, sig int) string {
	sign := ""
	if v < 0 {
		sign, v = "−", -v
	}
	k := math.Floor(math.Log10(v))
	m := roundSig(v/math.Pow(10, k), sig)
	if m >= 10 {
		m, k = m/10, k+1
	}
	ks := strings.Replace(strconv.Itoa(int(k)), "-", "−", 1)
	if m == 1 {
		return sign + "10^{" + ks + "}"
	}
	return sign + strconv.FormatFloat(m, 'f', -1, 64) + "×10^{" + ks + "}"
}

func roundSig(v float64, sig int) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	p := math.Pow(10, float64(sig)-math.Ceil(math.Log10(math.Abs(v))))
	if math.IsInf(p, 0) || p == 0 {
		return v
	}
	r := math.Round(v*p) / p
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return v
	}
	return r
}

// targetLabels is how many labels fit the axis: one per 60 pt across or
// 24 pt up, between 3 and 10 (8 when the length is unknown).
func (t *axisTicks) targetLabels() int {
	if t.length <= 0 {
		return 8
	}
	per := 60.0
	if t.vertical {
		per = 24
	}
	return max(3, min(10, int(float64(t.length)/per)+1))
}

func (t *axisTicks) linearTicks(lo, hi float64) ([]plot.Tick, []int) {
	if lo == hi {
		d := math.Max(math.Abs(lo)*1e-3, 0.5)
		lo, hi = lo-d, hi+d
		if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			return []plot.Tick{{Value: (lo + hi) / 2, Label: t.format((lo+hi)/2, 0)}}, []int{1}
		}
	}
	half := hi/2 - lo/2 // finite even when hi − lo overflows
	if !(half > 0) {
		return nil, nil
	}
	target := t.targetLabels()
	raw := 2 * half / float64(target)
	if math.IsInf(raw, 0) {
		raw = math.MaxFloat64
	}
	e := math.Floor(math.Log10(raw))
	var step float64
	var first, count float64
	for _, m := range []float64{1, 2, 2.5, 5, 10, 20, 25, 50, 100} {
		step = m * math.Pow(10, e)
		if math.IsInf(step, 0) {
			step = math.MaxFloat64
		}
		// The 10⁻⁹ slack keeps ticks at the ends (0.6/0.1 = 5.999…).
		first = math.Ceil(lo/step - 1e-9)
		count = math.Floor(hi/step+1e-9) - first + 1
		if count <= float64(target) {
			break
		}
	}
	if !(count >= 1) || count > 50 { // a step too coarse or too fine to represent
		return []plot.Tick{{Value: lo, Label: t.format(lo, 0)}, {Value: hi, Label: t.format(hi, 0)}}, []int{1, 1}
	}
	n := int(count)
	var ticks []plot.Tick
	var prio []int
	// Minor ticks: fifths of the step, quarters of a 2 × 10^k step.
	minor := step / 5
	if m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); math.Abs(m-2) < 1e-6 {
		minor = step / 4
	}
	for k := 0; k < n; k++ {
		v := (first + float64(k)) * step
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: t.format(v, step)})
		prio = append(prio, 2)
	}
	// Minor ticks between and beyond the labelled ones (at most 50).
	if minor > 0 && !math.IsInf(minor, 0) {
		f := math.Ceil(lo / minor)
		for k := 0; k < 50; k++ {
			v := (f + float64(k)) * minor
			if v > hi {
				break
			}
			r := v / step
			if math.Abs(r-math.Round(r)) < 1e-6 {
				continue
			}
			ticks = append(ticks, plot.Tick{Value: v})
			prio = append(prio, -1)
		}
	}
	return ticks, prio
}

func (t *axisTicks) logTicks(lo, hi float64) ([]plot.Tick, []int) {
	e0 := math.Floor(math.Log10(lo) + 1e-9)
	e1 := math.Floor(math.Log10(hi) + 1e-9)
	ndec := e1 - e0
	var ticks []plot.Tick
	var prio []int
	inRange := func(v float64) bool { return v >= lo*(1-1e-9) && v <= hi*(1+1e-9) }
	// Powers of ten; with many decades every k-th one, at most 40 marks.
	every := math.Max(1, math.Ceil((ndec+1)/40))
	for e := e0; e <= e1; e += every {
		v := math.Pow(10, e)
		if inRange(v) {
			ticks = append(ticks, plot.Tick{Value: v, Label: t.format(v, 0)})
			prio = append(prio, 2)
		}
	}
	labelled := len(ticks)
	data := t.data
	if len(data) > maxDataTicks {
		data = nil
	}
	for _, v := range data {
		if inRange(v) && !isPow10(v) {
			ticks = append(ticks, plot.Tick{Value: v, Label: t.format(v, 0)})
			prio = append(prio, 3)
		}
	}
	// Unlabelled minor marks at 2..9 × 10^k when there are few decades;
	// with fewer than two powers of ten in range, 2, 3 and 5 × 10^k are
	// labelled too.
	if ndec <= 12 {
		for e := e0; e <= e1; e++ {
			for m := 2; m < 10; m++ {
				v := float64(m) * math.Pow(10, e)
				if !inRange(v) {
					continue
				}
				lab, p := "", -1
				if labelled < 2 && len(data) == 0 && (m == 2 || m == 3 || m == 5) {
					lab, p = t.format(v, 0), 3
				}
				if !hasTick(ticks, v) {
					ticks = append(ticks, plot.Tick{Value: v, Label: lab})
					prio = append(prio, p)
				}
			}
		}
	}
	if labelled < 2 && len(data) == 0 && len(ticks) < 3 {
		// Less than a decade with no mark inside: label the ends.
		ticks = append(ticks, plot.Tick{Value: lo, Label: t.format(lo, 0)}, plot.Tick{Value: hi, Label: t.format(hi, 0)})
		prio = append(prio, 1, 1)
	}
	return ticks, prio
}

func isPow10(v float64) bool {
	e := math.Round(math.Log10(v))
	return math.Abs(v-math.Pow(10, e)) <= 1e-9*v
}

func hasTick(ticks []plot.Tick, v float64) bool {
	for _, t := range ticks {
		if math.Abs(t.Value-v) <= 1e-9*math.Abs(v) {
			return true
		}
	}
	return false
}

// thin clears the labels that would overlap a label of higher priority.
func (t *axisTicks) thin(ticks []plot.Tick, prio []int, lo, hi float64) {
	if t.length <= 0 || t.sty == nil || len(ticks) < 2 {
		return
	}
	pos := func(v float64) float64 {
		if t.log {
			return (math.Log(v) - math.Log(lo)) / (math.Log(hi) - math.Log(lo)) * float64(t.length)
		}
		return (v/2 - lo/2) / (hi/2 - lo/2) * float64(t.length)
	}
	idx := make([]int, 0, len(ticks))
	for i := range ticks {
		if ticks[i].Label != "" && prio[i] >= 0 {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if prio[idx[a]] != prio[idx[b]] {
			return prio[idx[a]] < prio[idx[b]]
		}
		return ticks[idx[a]].Value < ticks[idx[b]].Value
	})
	const gap = 4
	type span struct{ a, b float64 }
	var kept []span
	for _, i := range idx {
		ext := float64(t.sty.Width(ticks[i].Label))
		if t.vertical {
			ext = float64(t.sty.Height(ticks[i].Label))
		}
		c := pos(ticks[i].Value)
		s := span{c - ext/2 - gap/2, c + ext/2 + gap/2}
		ok := !math.IsNaN(c)
		for _, k := range kept {
			if s.a < k.b && k.a < s.b {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, s)
		} else {
			ticks[i].Label = ""
		}
	}
	for i := range ticks {
		if prio[i] < 0 {
			ticks[i].Label = ""
		}
	}
}
