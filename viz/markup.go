package viz

import (
	"math"
	"strings"
	"unicode"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Chart labels (titles, axis labels, legend names, category names) accept a
// small markup for subscripts and superscripts, so that symbols read as in
// the papers:
//
//	K_{MKL}   K with subscript MKL       σ^2     σ with superscript 2
//	η_s       η with subscript s          x_i^2   subscript i, then superscript 2
//	K_MKL     the same as K_{MKL}: an unbraced _ takes the following run of
//	          letters and digits (gHKL_1.5 too); an unbraced ^ takes a sign and digits
//	          (σ^2, 10^-4, ∇^2F), else one letter (x^T)
//	a\_b      a literal underscore (likewise \^ and \\)
//
// Static charts draw sub- and superscripts at 70 % size, shifted down or up
// (in SVG the runs of one label are tspans of one text element); the
// interactive charts use Unicode sub- and superscript characters where they
// exist and otherwise rich text.

// run is a piece of a label: text at the base line (0), subscript (−1) or
// superscript (+1).
type run struct {
	text  string
	shift int
}

// parseMarkup splits s into runs. It never fails: a '_' or '^' with nothing
// after it is kept literally.
func parseMarkup(s string) []run {
	var runs []run
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			runs = append(runs, run{cur.String(), 0})
			cur.Reset()
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '\\' && i+1 < len(rs) && (rs[i+1] == '_' || rs[i+1] == '^' || rs[i+1] == '\\' || rs[i+1] == '{' || rs[i+1] == '}') {
			cur.WriteRune(rs[i+1])
			i++
			continue
		}
		if (r == '_' || r == '^') && i+1 < len(rs) {
			shift := -1
			if r == '^' {
				shift = 1
			}
			var arg string
			j := i + 1
			if rs[j] == '{' {
				depth, k := 1, j+1
				for ; k < len(rs); k++ {
					if rs[k] == '{' {
						depth++
					} else if rs[k] == '}' {
						depth--
						if depth == 0 {
							break
						}
					}
				}
				if k == len(rs) { // unbalanced: literal
					cur.WriteRune(r)
					continue
				}
				arg = string(rs[j+1 : k])
				i = k
			} else {
				k := j
				if shift < 0 {
					// K_MKL, η_s, K_10, gHKL_1.5: the run of letters and
					// digits (a decimal point between digits included).
					for k < len(rs) && (unicode.IsLetter(rs[k]) || unicode.IsDigit(rs[k]) ||
						(rs[k] == '.' && k > j && unicode.IsDigit(rs[k-1]) && k+1 < len(rs) && unicode.IsDigit(rs[k+1]))) {
						k++
					}
				} else {
					// σ^2, 10^-4, ∇^2F, x^T: an optional sign and digits,
					// else one letter (as in TeX).
					if rs[k] == '-' || rs[k] == '−' || rs[k] == '+' {
						k++
					}
					d := k
					for k < len(rs) && unicode.IsDigit(rs[k]) {
						k++
					}
					if k == d { // no digits: one letter, or literal after a lone sign
						k = j
						if d == j && k < len(rs) && unicode.IsLetter(rs[k]) {
							k++
						}
					}
				}
				if k == j { // "_ " or "^)": literal
					cur.WriteRune(r)
					continue
				}
				arg = string(rs[j:k])
				i = k - 1
			}
			flush()
			runs = append(runs, run{arg, shift})
			continue
		}
		cur.WriteRune(r)
	}
	flush()
	return runs
}

// hasMarkup reports whether s needs the markup renderer.
func hasMarkup(s string) bool { return strings.ContainsAny(s, "_^\\") }

// subScale is the size of sub- and superscripts relative to the text; the
// shifts are in units of the base font size.
const (
	subScale   = 0.7
	subShift   = 0.22
	superShift = 0.38
)

// markupHandler is the gonum/plot text handler of every viz chart: Plain
// text plus the sub/superscript markup.
type markupHandler struct {
	plain text.Plain
}

var vizText = markupHandler{plain: text.Plain{Fonts: font.DefaultCache}}

func init() {
	// The handler shares gonum/plot's font cache, where the Liberation
	// fonts are registered by package plot's init.
	if h, ok := plot.DefaultTextHandler.(text.Plain); ok {
		vizText.plain = h
	}
}

// MaxLabelRunes is the length beyond which a static chart cuts a label:
// its first MaxLabelRunes characters are measured and drawn, then "…".
const MaxLabelRunes = 1000

// clipLabel returns txt cut to MaxLabelRunes characters and "…".
func clipLabel(txt string) string {
	if len(txt) <= MaxLabelRunes { // bytes ≥ runes
		return txt
	}
	n := 0
	for i := range txt {
		if n == MaxLabelRunes {
			return txt[:i] + "…"
		}
		n++
	}
	return txt
}

func (h markupHandler) Cache() *font.Cache                 { return h.plain.Cache() }
func (h markupHandler) Extents(fnt font.Font) font.Extents { return h.plain.Extents(fnt) }
func (h markupHandler) Lines(txt string) []string          { return h.plain.Lines(clipLabel(txt)) }

func runFont(fnt font.Font, r run) font.Font {
	if r.shift != 0 {
		fnt.Size = vg.Length(float64(fnt.Size) * subScale)
	}
	return fnt
}

// Box is the extent of one line of markup: the widths of its runs, the
// height above the base line and the depth below it, with shifted runs
// counted where they reach.
func (h markupHandler) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	txt = clipLabel(txt)
	if !hasMarkup(txt) {
		return h.plain.Box(txt, fnt)
	}
	ext := h.plain.Extents(fnt)
	height, depth = ext.Ascent, ext.Descent
	for _, r := range parseMarkup(txt) {
		f := runFont(fnt, r)
		face := h.plain.Fonts.Lookup(f, f.Size)
		width += face.Width(r.text)
		e := face.Extents()
		off := runOffset(fnt, r)
		height = vg.Length(math.Max(float64(height), float64(e.Ascent+off)))
		depth = vg.Length(math.Max(float64(depth), float64(e.Descent-off)))
	}
	return width, height, depth
}

func runOffset(fnt font.Font, r run) vg.Length {
	switch r.shift {
	case -1:
		return -vg.Length(subShift * float64(fnt.Size))
	case 1:
		return vg.Length(superShift * float64(fnt.Size))
	}
	return 0
}

// Draw draws txt as text.Plain does (alignment, rotation, lines), one
// FillString per run. A label with markup is drawn inside a group tagged
// tagLabel, so the SVG post-processing makes its runs tspans of one text
// element and the layout check treats it as one box.
func (h markupHandler) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(clipLabel(txt), "\n")
	if !hasMarkup(txt) {
		h.plain.Draw(c, txt, sty, pt)
		return
	}
	if len(txt) == 0 {
		return
	}
	beginTag(c, tagLabel)
	defer endTag(c)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
		defer c.Pop()
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	ht := sty.Height(txt)
	pt.Y += ht*vg.Length(sty.YAlign) - h.plain.Extents(sty.Font).Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, sty.Font)
		n := vg.Length(len(lines) - i)
		p := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * w, Y: n * sty.Font.Size})
		for _, r := range parseMarkup(line) {
			f := runFont(sty.Font, r)
			face := h.plain.Fonts.Lookup(f, f.Size)
			c.FillString(face, vg.Point{X: p.X, Y: p.Y + runOffset(sty.Font, r)}, r.text)
			p.X += face.Width(r.text)
		}
	}
}

// Unicode sub- and superscript forms, for the interactive charts.
var (
	subChars   = map[rune]rune{'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉', '+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎', 'a': 'ₐ', 'e': 'ₑ', 'h': 'ₕ', 'i': 'ᵢ', 'j': 'ⱼ', 'k': 'ₖ', 'l': 'ₗ', 'm': 'ₘ', 'n': 'ₙ', 'o': 'ₒ', 'p': 'ₚ', 'r': 'ᵣ', 's': 'ₛ', 't': 'ₜ', 'u': 'ᵤ', 'v': 'ᵥ', 'x': 'ₓ', 'β': 'ᵦ', 'γ': 'ᵧ', 'ρ': 'ᵨ', 'φ': 'ᵩ', 'χ': 'ᵪ'}
	superChars = map[rune]rune{'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', 'a': 'ᵃ', 'b': 'ᵇ', 'c': 'ᶜ', 'd': 'ᵈ', 'e': 'ᵉ', 'f': 'ᶠ', 'g': 'ᵍ', 'h': 'ʰ', 'i': 'ⁱ', 'j': 'ʲ', 'k': 'ᵏ', 'l': 'ˡ', 'm': 'ᵐ', 'n': 'ⁿ', 'o': 'ᵒ', 'p': 'ᵖ', 'r': 'ʳ', 's': 'ˢ', 't': 'ᵗ', 'u': 'ᵘ', 'v': 'ᵛ', 'w': 'ʷ', 'x': 'ˣ', 'y': 'ʸ', 'z': 'ᶻ', 'T': 'ᵀ', '*': '*', '∘': '°'}
)

// unicodeRun maps r's text to Unicode sub/superscript characters, or
// reports false when one of them has no such form.
func unicodeRun(r run) (string, bool) {
	m := subChars
	if r.shift > 0 {
		m = superChars
	}
	var b strings.Builder
	for _, c := range r.text {
		u, ok := m[c]
		if !ok {
			return "", false
		}
		b.WriteRune(u)
	}
	return b.String(), true
}

// richLabel converts markup for ECharts: the plain string when every
// shifted run has Unicode forms (rich = false), else ECharts rich text with
// the styles "sub" and "sup" (rich = true; special characters of rich text
// are escaped).
func richLabel(s string) (out string, rich bool) {
	if !hasMarkup(s) {
		return s, false
	}
	runs := parseMarkup(s)
	var b strings.Builder
	for _, r := range runs {
		if r.shift == 0 {
			b.WriteString(r.text)
			continue
		}
		u, ok := unicodeRun(r)
		if !ok {
			rich = true
			break
		}
		b.WriteString(u)
	}
	if !rich {
		return b.String(), false
	}
	b.Reset()
	esc := strings.NewReplacer("{", "(", "}", ")", "|", "¦")
	for _, r := range runs {
		t := esc.Replace(r.text)
		switch r.shift {
		case -1:
			b.WriteString("{sub|" + t + "}")
		case 1:
			b.WriteString("{sup|" + t + "}")
		default:
			b.WriteString(t)
		}
	}
	return b.String(), true
}
