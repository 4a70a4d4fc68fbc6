package notebook

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
)

// validID is the nbformat 4.5 cell id pattern.
var validID = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// Clear puts the notebook in the form kernelab commits: nbformat 4.5 or
// later, every cell with a unique valid id (missing, invalid or duplicate ids
// are replaced by ids derived from the cell's position and text, so the
// result is deterministic), code cells with no outputs and a null
// execution_count, sources stored as lists of lines, and no execution
// metadata (timings written by nbclient). It reports whether anything changed.
func Clear(nb *Notebook) (changed bool, err error) {
	before, err := nb.Marshal()
	if err != nil {
		return false, err
	}
	nb.Doc["nbformat"] = json.Number("4")
	if minor, ok := intField(nb.Doc, "nbformat_minor"); !ok || minor < 5 {
		nb.Doc["nbformat_minor"] = json.Number("5")
	}
	seen := map[string]bool{}
	for i, c := range nb.Cells() {
		id := c.ID()
		if !validID.MatchString(id) || seen[id] {
			id = newID(i, c.Source(), seen)
			c["id"] = id
		}
		seen[id] = true
		if _, ok := c["metadata"].(map[string]any); !ok {
			c["metadata"] = map[string]any{}
		}
		md := c["metadata"].(map[string]any)
		delete(md, "execution")
		delete(md, "collapsed")
		delete(md, "scrolled")
		c["source"] = splitLines(c.Source())
		if c.Type() == "code" {
			c["outputs"] = []any{}
			c["execution_count"] = nil
		} else {
			delete(c, "outputs")
			delete(c, "execution_count")
		}
	}
	after, err := nb.Marshal()
	if err != nil {
		return false, err
	}
	return string(before) != string(after), nil
}

// newID derives an 8-hex-digit id from the cell's index and source, unique in seen.
func newID(index int, source string, seen map[string]bool) string {
	for salt := 0; ; salt++ {
		h := sha256.Sum256([]byte(fmt.Sprintf("%d\x00%d\x00%s", index, salt, source)))
		id := hex.EncodeToString(h[:4])
		if !seen[id] {
			return id
		}
	}
}

// SetKernelEnv sets entries of the "env" object of a Jupyter kernel.json
// document (used by scripts/setup.sh to pin the gonb kernel's PATH).
func SetKernelEnv(kernelJSON []byte, env map[string]string) ([]byte, error) {
	var doc map[string]any
	if err := json.Unmarshal(kernelJSON, &doc); err != nil {
		return nil, fmt.Errorf("kernel.json: %w", err)
	}
	if doc == nil {
		return nil, fmt.Errorf("kernel.json: null document")
	}
	e, _ := doc["env"].(map[string]any)
	if e == nil {
		e = map[string]any{}
	}
	for k, v := range env {
		e[k] = v
	}
	doc["env"] = e
	return json.Marshal(doc)
}
