package datasets

import (
	"bufio"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// ErrFormat reports a data file that does not follow its documented format
// (kernelab CSV, IDX). It is wrapped with the file position of the problem.
var ErrFormat = errors.New("datasets: malformed data file")

// maxCells bounds the size of a table ReadCSV accepts (rows × columns), so a
// corrupt or hostile file cannot make it allocate without limit.
const maxCells = 1 << 28

// ReadCSV parses a data set in kernelab's CSV format, plain or gzip-compressed
// (detected from the first two bytes). The format, written by
// scripts/data/extract.R, is RFC 4180 CSV with
//
//   - optional metadata records before the header:
//     "#levels",COLUMN,LEVEL1,LEVEL2,… gives the ordered levels of a
//     categorical column, and "#text",COLUMN marks a free-text column;
//   - one header record of unique, non-empty column names;
//   - data records with as many fields as the header. Numeric cells are
//     finite decimal numbers; categorical cells are one of the column's levels.
//
// The last column is the label: "class" (categorical, giving Classes and
// Y ∈ {0,…,k−1} in level order) or "target" (numeric, a regression target).
// The other non-text columns become the columns of X; categorical features
// are stored as integer codes 0,…,L−1 in level order and their levels are kept
// in Dataset.Levels (see OneHot). Text columns named "review"/"text",
// "product"/"group" and "split" fill Dataset.Text, Groups and Split.
//
// Malformed input gives an error wrapping ErrFormat (or klearn.ErrNotFinite
// for NaN/Inf, klearn.ErrEmpty for a file without data rows); ReadCSV never
// panics.
func ReadCSV(r io.Reader) (*Dataset, error) {
	if err := klearn.CheckNotNil("datasets: ReadCSV: reader", r); err != nil {
		return nil, err
	}
	br := bufio.NewReader(r)
	var src io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("datasets: gzip header: %v: %w", err, ErrFormat)
		}
		defer zr.Close()
		src = zr
	}
	cr := csv.NewReader(src)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false

	levels := map[string][]string{}
	text := map[string]bool{}
	var header []string
	line := 0
	for header == nil {
		rec, err := cr.Read()
		line++
		if err == io.EOF {
			return nil, fmt.Errorf("datasets: no header record: %w", ErrFormat)
		}
		if err != nil {
			return nil, fmt.Errorf("datasets: record %d: %v: %w", line, err, ErrFormat)
		}
		switch rec[0] {
		case "#levels":
			if len(rec) < 3 || rec[1] == "" {
				return nil, fmt.Errorf("datasets: record %d: #levels needs a column and at least one level: %w", line, ErrFormat)
			}
			if _, dup := levels[rec[1]]; dup || text[rec[1]] {
				return nil, fmt.Errorf("datasets: record %d: column %q described twice: %w", line, rec[1], ErrFormat)
			}
			seen := map[string]bool{}
			for _, l := range rec[2:] {
				if seen[l] {
					return nil, fmt.Errorf("datasets: record %d: level %q repeated for column %q: %w", line, l, rec[1], ErrFormat)
				}
				seen[l] = true
			}
			levels[rec[1]] = rec[2:]
		case "#text":
			if len(rec) != 2 || rec[1] == "" {
				return nil, fmt.Errorf("datasets: record %d: #text needs exactly one column name: %w", line, ErrFormat)
			}
			if _, dup := levels[rec[1]]; dup || text[rec[1]] {
				return nil, fmt.Errorf("datasets: record %d: column %q described twice: %w", line, rec[1], ErrFormat)
			}
			text[rec[1]] = true
		default:
			if strings.HasPrefix(rec[0], "#") {
				return nil, fmt.Errorf("datasets: record %d: unknown metadata %q: %w", line, rec[0], ErrFormat)
			}
			header = rec
		}
	}
	ncol := len(header)
	if ncol < 2 {
		return nil, fmt.Errorf("datasets: header has %d column(s), need features and a label: %w", ncol, ErrFormat)
	}
	index := map[string]int{}
	for j, h := range header {
		if h == "" {
			return nil, fmt.Errorf("datasets: header column %d is empty: %w", j+1, ErrFormat)
		}
		if _, dup := index[h]; dup {
			return nil, fmt.Errorf("datasets: header column %q repeated: %w", h, ErrFormat)
		}
		index[h] = j
	}
	for c := range levels {
		if _, ok := index[c]; !ok {
			return nil, fmt.Errorf("datasets: #levels for unknown column %q: %w", c, ErrFormat)
		}
	}
	for c := range text {
		if _, ok := index[c]; !ok {
			return nil, fmt.Errorf("datasets: #text for unknown column %q: %w", c, ErrFormat)
		}
	}
	label := header[ncol-1]
	_, labelCat := levels[label]
	switch {
	case label == "class" && labelCat:
	case label == "target" && !labelCat && !text[label]:
	default:
		return nil, fmt.Errorf("datasets: last column must be a categorical \"class\" or a numeric \"target\", got %q: %w", label, ErrFormat)
	}

	// Column kinds and lookup tables.
	codes := make([]map[string]int, ncol)
	for j, h := range header {
		if lv, ok := levels[h]; ok {
			codes[j] = make(map[string]int, len(lv))
			for k, l := range lv {
				codes[j][l] = k
			}
		}
	}
	var cols [][]float64 = make([][]float64, ncol)
	var strs [][]string = make([][]string, ncol)
	rows := 0
	for {
		rec, err := cr.Read()
		line++
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("datasets: record %d: %v: %w", line, err, ErrFormat)
		}
		if len(rec) != ncol {
			return nil, fmt.Errorf("datasets: record %d has %d fields, header has %d: %w", line, len(rec), ncol, ErrFormat)
		}
		if (rows+1)*ncol > maxCells {
			return nil, fmt.Errorf("datasets: more than %d cells: %w", maxCells, ErrFormat)
		}
		for j, cell := range rec {
			switch {
			case text[header[j]]:
				strs[j] = append(strs[j], cell)
			case codes[j] != nil:
				k, ok := codes[j][cell]
				if !ok {
					return nil, fmt.Errorf("datasets: record %d, column %q: %q is not one of its levels: %w", line, header[j], cell, ErrFormat)
				}
				cols[j] = append(cols[j], float64(k))
			default:
				v, err := strconv.ParseFloat(strings.TrimSpace(cell), 64)
				if err != nil {
					return nil, fmt.Errorf("datasets: record %d, column %q: %q is not a number: %w", line, header[j], cell, ErrFormat)
				}
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, klearn.Errorf(klearn.ErrNotFinite, "datasets: record %d, column %q: %q", line, header[j], cell)
				}
				cols[j] = append(cols[j], v)
			}
		}
		rows++
	}
	if rows == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: no data records")
	}

	ds := &Dataset{}
	var feat []int
	for j := 0; j < ncol-1; j++ {
		h := header[j]
		if text[h] {
			switch h {
			case "review", "text":
				if ds.Text != nil {
					return nil, fmt.Errorf("datasets: two document columns: %w", ErrFormat)
				}
				ds.Text = strs[j]
			case "product", "group":
				ds.Groups = strs[j]
			case "split":
				ds.Split = strs[j]
			default:
				return nil, fmt.Errorf("datasets: text column %q has no role (review/text, product/group, split): %w", h, ErrFormat)
			}
			continue
		}
		feat = append(feat, j)
	}
	if len(feat) == 0 && ds.Text == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: no feature columns and no documents")
	}
	if len(feat) > 0 {
		ds.X = mat.NewDense(rows, len(feat), nil)
		ds.FeatureNames = make([]string, len(feat))
		ds.Levels = make([][]string, len(feat))
		hasCat := false
		for c, j := range feat {
			ds.FeatureNames[c] = header[j]
			if lv, ok := levels[header[j]]; ok {
				ds.Levels[c] = lv
				hasCat = true
			}
			for i, v := range cols[j] {
				ds.X.Set(i, c, v)
			}
		}
		if !hasCat {
			ds.Levels = nil
		}
	}
	ds.Y = cols[ncol-1]
	if labelCat {
		ds.Classes = levels[label]
	}
	return ds, nil
}
