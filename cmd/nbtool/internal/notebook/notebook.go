// Package notebook reads, lints, checks and formats Jupyter notebooks
// (nbformat 4) for kernelab's notebook harness, cmd/nbtool. It is pure Go:
// `make test` lints the committed notebooks without Python, and checks the
// notebooks nbconvert executed for errors and for missing expected outputs.
//
// A notebook is kept as decoded JSON (maps and slices, numbers as
// json.Number) so that fields this package does not know survive a
// round trip through Clear and Marshal unchanged.
package notebook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Notebook is a decoded .ipynb document.
type Notebook struct {
	// Doc is the whole JSON document.
	Doc map[string]any
}

// Cell is one decoded cell of Doc["cells"].
type Cell map[string]any

// Parse decodes a notebook. It fails when the document is not a JSON object
// with a "cells" array of objects.
func Parse(data []byte) (*Notebook, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("not a JSON notebook: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("not a JSON notebook: trailing data after the document")
	}
	if doc == nil {
		return nil, fmt.Errorf("not a JSON notebook: null document")
	}
	cells, ok := doc["cells"].([]any)
	if !ok {
		return nil, fmt.Errorf("notebook has no \"cells\" array")
	}
	for i, c := range cells {
		if _, ok := c.(map[string]any); !ok {
			return nil, fmt.Errorf("cell %d is not a JSON object", i)
		}
	}
	return &Notebook{Doc: doc}, nil
}

// Read parses the notebook file at path.
func Read(path string) (*Notebook, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	nb, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return nb, nil
}

// Cells returns the cells in order. Modifying a Cell modifies the notebook.
func (nb *Notebook) Cells() []Cell {
	raw, _ := nb.Doc["cells"].([]any)
	cells := make([]Cell, len(raw))
	for i, c := range raw {
		cells[i] = Cell(c.(map[string]any))
	}
	return cells
}

// Type is "code", "markdown" or "raw".
func (c Cell) Type() string { s, _ := c["cell_type"].(string); return s }

// ID is the cell id ("" when absent).
func (c Cell) ID() string { s, _ := c["id"].(string); return s }

// Source is the cell text, joined when stored as a list of lines.
func (c Cell) Source() string { return joinText(c["source"]) }

// Outputs returns the outputs of a code cell (nil for other cells).
func (c Cell) Outputs() []map[string]any {
	raw, _ := c["outputs"].([]any)
	var outs []map[string]any
	for _, o := range raw {
		if m, ok := o.(map[string]any); ok {
			outs = append(outs, m)
		}
	}
	return outs
}

// Executed reports whether the cell has a non-null execution_count.
func (c Cell) Executed() bool {
	v, ok := c["execution_count"]
	return ok && v != nil
}

// joinText turns nbformat's "multiline string" (a string or a list of
// strings) into one string.
func joinText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, s := range t {
			if str, ok := s.(string); ok {
				b.WriteString(str)
			}
		}
		return b.String()
	}
	return ""
}

// splitLines is the inverse of joinText in Jupyter's style: every line keeps
// its "\n" except the last.
func splitLines(s string) []any {
	lines := []any{}
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// intField returns an integer field of m (nbformat, nbformat_minor).
func intField(m map[string]any, key string) (int, bool) {
	n, ok := m[key].(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil
}

// KernelName returns metadata.kernelspec.name.
func (nb *Notebook) KernelName() string {
	md, _ := nb.Doc["metadata"].(map[string]any)
	ks, _ := md["kernelspec"].(map[string]any)
	s, _ := ks["name"].(string)
	return s
}

// Title returns the text of the first Markdown heading, or "".
func (nb *Notebook) Title() string {
	for _, c := range nb.Cells() {
		if c.Type() != "markdown" {
			continue
		}
		for _, line := range strings.Split(c.Source(), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "#") {
				return strings.TrimSpace(strings.TrimLeft(line, "#"))
			}
		}
	}
	return ""
}

// Marshal encodes the notebook as Jupyter writes it: keys sorted, one-space
// indent, no HTML escaping, a final newline.
func (nb *Notebook) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb.Doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
