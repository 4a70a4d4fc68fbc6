package viz

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Tags mark what a group of drawing operations is: the plotted data, a
// legend, the plot area, a label with markup. They travel through any
// vg.Canvas as a translation by a few nanopoints (invisible), which the
// layout recorder decodes and the SVG post-processing turns into
// <g class="kl-…"> elements, so a browser test can find the legend and the
// data of a figure with getBBox.
type tag int

const (
	tagNone   tag = iota
	tagData       // plotted data: lines, bands, markers, bars, fields, contours
	tagLegend     // a legend box and its entries
	tagArea       // the plot area (an invisible rectangle)
	tagLabel      // one label drawn as several runs (sub/superscripts)
	tagBar        // a colour bar's raster and frame
	tagPanel      // one panel of a figure
	nTags
)

var tagNames = [nTags]string{"", "kl-data", "kl-legend", "kl-area", "kl-label", "kl-colorbar", "kl-panel"}

// tagOffset is the translation that encodes t: (t × 10⁻⁹, 7 × 10⁻⁹) points.
func tagOffset(t tag) vg.Point {
	return vg.Point{X: vg.Length(float64(t) * 1e-9), Y: 7e-9}
}

// decodeTag reports the tag a translation encodes, if any.
func decodeTag(p vg.Point) (tag, bool) {
	if p.Y != 7e-9 {
		return tagNone, false
	}
	for t := tagData; t < nTags; t++ {
		if p.X == tagOffset(t).X {
			return t, true
		}
	}
	return tagNone, false
}

func beginTag(c vg.Canvas, t tag) {
	c.Push()
	c.Translate(tagOffset(t))
}

func endTag(c vg.Canvas) { c.Pop() }

// tagged wraps a plotter so that what it draws is tagged t; it forwards the
// data range and glyph boxes.
type tagged struct {
	t tag
	p plot.Plotter
}

func (d tagged) Plot(c draw.Canvas, p *plot.Plot) {
	beginTag(c, d.t)
	d.p.Plot(c, p)
	endTag(c)
}

func (d tagged) DataRange() (xmin, xmax, ymin, ymax float64) {
	if dr, ok := d.p.(plot.DataRanger); ok {
		return dr.DataRange()
	}
	return 0, 0, 0, 0
}

func (d tagged) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	if gb, ok := d.p.(plot.GlyphBoxer); ok {
		return gb.GlyphBoxes(p)
	}
	return nil
}

// addData adds plotters to p as tagged data.
func addData(p *plot.Plot, ps ...plot.Plotter) {
	for _, x := range ps {
		p.Add(tagged{tagData, x})
	}
}

// markArea draws an invisible rectangle tagged as the plot area.
func markArea(c draw.Canvas) {
	beginTag(c, tagArea)
	c.SetColor(transparent{})
	c.Fill(c.Rectangle.Path())
	endTag(c)
}

type transparent struct{}

func (transparent) RGBA() (r, g, b, a uint32) { return 0, 0, 0, 0 }

var (
	tagGroupRe = regexp.MustCompile(`<g transform="translate\(([1-9])e-09, 7e-09\)">`)
	imageRe    = regexp.MustCompile(`<image ([^>]*)xlink:href="data:image/jpg;base64,`)
	textRe     = regexp.MustCompile(`(?s)<text x="([^"]*)" y="([^"]*)" transform="scale\(1, -1\)"\s*(style="[^"]*")?>(.*?)</text>\n`)
)

// fixSVG post-processes gonum/plot's SVG: tag groups become classes; raster
// images are labelled image/png (gonum writes PNG bytes as image/jpg) and
// stretched to their box (preserveAspectRatio="none": without it a browser
// letterboxes them, drawing a colour bar 1 px wide and a heat-map field
// shrunk and centred); the runs of a label with markup become tspans of one
// text element; the font family lists metric-compatible fallbacks.
func fixSVG(svg []byte) []byte {
	s := string(svg)
	s = tagGroupRe.ReplaceAllStringFunc(s, func(m string) string {
		k := int(m[len(`<g transform="translate(`)] - '0')
		if k > 0 && k < int(nTags) {
			return fmt.Sprintf(`<g class="%s">`, tagNames[k])
		}
		return m
	})
	s = imageRe.ReplaceAllString(s, `<image ${1}preserveAspectRatio="none" xlink:href="data:image/png;base64,`)
	s = mergeLabelRuns(s)
	s = fixWidths(s)
	// Metric-compatible fallbacks, for browsers without Liberation Sans.
	s = strings.ReplaceAll(s, "font-family:Liberation Sans;", "font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;")
	return []byte(s)
}

// runRe matches a run of text (a <text> or <tspan> holding only text),
// its attributes, its font size and its text.
var runRe = regexp.MustCompile(`<(text|tspan) ([^>]*?font-size:([0-9.]+)px[^>]*)>([^<]+)</(?:text|tspan)>`)

// fixWidths gives every run of text the width gonum laid it out with
// (textLength, lengthAdjust="spacingAndGlyphs": Liberation Sans at the
// run's size), so a browser that draws another font stretches or squeezes
// the run to that width instead of running it into its neighbours or off
// the figure. In Liberation Sans, Arimo or Arial nothing changes.
func fixWidths(s string) string {
	return runRe.ReplaceAllStringFunc(s, func(m string) string {
		sm := runRe.FindStringSubmatch(m)
		size, err := strconv.ParseFloat(sm[3], 64)
		if err != nil || !(size > 0) {
			return m
		}
		f := sans
		f.Size = vg.Length(size)
		face := vizText.plain.Fonts.Lookup(f, f.Size)
		w := face.Width(html.UnescapeString(sm[4]))
		return fmt.Sprintf(`<%s %s textLength="%s" lengthAdjust="spacingAndGlyphs">%s</%s>`,
			sm[1], sm[2], strconv.FormatFloat(float64(w), 'f', 2, 64), sm[4], sm[1])
	})
}

// mergeLabelRuns rewrites each <g class="kl-label"> group's consecutive
// <text> elements into one <text> with a <tspan> per run.
func mergeLabelRuns(s string) string {
	const open = `<g class="kl-label">`
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+len(open)])
		s = s[i+len(open):]
		// The group's content runs to its matching </g>.
		end := matchGroupEnd(s)
		if end < 0 {
			b.WriteString(s)
			return b.String()
		}
		inner := s[:end]
		b.WriteString(mergeTexts(inner))
		s = s[end:]
	}
}

// matchGroupEnd returns the index of the </g> closing a group whose
// opening tag was just consumed, or −1.
func matchGroupEnd(s string) int {
	depth := 1
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "<g "), strings.HasPrefix(s[i:], "<g>"):
			depth++
			i += 2
		case strings.HasPrefix(s[i:], "</g>"):
			depth--
			if depth == 0 {
				return i
			}
			i += 4
		default:
			i++
		}
	}
	return -1
}

// mergeTexts merges the <text> elements of one label's runs into tspans.
// The first run of each line keeps gonum's position; a run that continues
// its line (its x to the right of the previous run's) flows after it, moved
// only vertically (dy, the sub- or superscript's shift). gonum places the
// runs with Liberation Sans's metrics, so a browser drawing another font
// (DejaVu Sans where Liberation, Arimo and Arial are missing) would
// otherwise overlap them.
func mergeTexts(inner string) string {
	locs := textRe.FindAllStringSubmatchIndex(inner, -1)
	if len(locs) < 2 {
		return inner
	}
	var tspans bytes.Buffer
	prevX, prevY := math.NaN(), 0.0
	for _, l := range locs {
		x, y := inner[l[2]:l[3]], inner[l[4]:l[5]]
		style := ""
		if l[6] >= 0 {
			style = " " + inner[l[6]:l[7]]
		}
		xv, errX := strconv.ParseFloat(x, 64)
		yv, errY := strconv.ParseFloat(y, 64)
		if errX != nil || errY != nil {
			xv = math.NaN() // kept where gonum put it, and nothing flows after it
		}
		if xv > prevX {
			fmt.Fprintf(&tspans, `<tspan dy="%s"%s>%s</tspan>`, strconv.FormatFloat(math.Round((yv-prevY)*1e4)/1e4, 'f', -1, 64), style, inner[l[8]:l[9]])
		} else {
			fmt.Fprintf(&tspans, `<tspan x="%s" y="%s"%s>%s</tspan>`, x, y, style, inner[l[8]:l[9]])
		}
		prevX, prevY = xv, yv
	}
	merged := `<text transform="scale(1, -1)">` + tspans.String() + "</text>\n"
	return inner[:locs[0][0]] + merged + inner[locs[len(locs)-1][1]:]
}
