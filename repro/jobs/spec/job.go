// Package spec is the contract of a paper's jobs in repro/jobs: the Job
// (its canonical spec and identity), the typed Paper with its modes and
// its Kinds, and the package of each kind's code (KindCode). A paper's
// protocol package imports spec, not repro/jobs, so the code digest that
// keys its records covers the contract and not the runner: jobs.Run,
// jobs.MemoAll and the store can change without recomputing anything.
package spec

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"runtime"
	"strings"

	"github.com/kernelab/kernelab/klearn"
)

// Job is one experiment: a cell, curve point or fit of a paper's table or
// figure. Params holds the hyper-parameters (JSON-serialisable values).
// Inputs lists data files (relative to the repository root or absolute)
// whose contents enter the key.
type Job struct {
	Paper  string         `json:"paper"`
	Table  string         `json:"table"`
	Method string         `json:"method"`
	Data   string         `json:"data"`
	Split  int            `json:"split"`
	Params map[string]any `json:"params,omitempty"`
	Inputs []string       `json:"inputs,omitempty"`
}

// Spec returns the job's canonical JSON (map keys sorted by encoding/json).
func (j Job) Spec() ([]byte, error) {
	b, err := json.Marshal(j)
	if err != nil {
		return nil, fmt.Errorf("jobs: job %s/%s/%s: %w", j.Paper, j.Table, j.Method, err)
	}
	return b, nil
}

// ID returns the SHA-256 of the canonical spec alone: the job's identity,
// independent of code and inputs, used for ordering and sharding.
func (j Job) ID() (string, error) {
	b, err := j.Spec()
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), nil
}

// Name is a short human-readable label of the job.
func (j Job) Name() string {
	return fmt.Sprintf("%s/%s/%s/%s/split%d", j.Paper, j.Table, j.Method, j.Data, j.Split)
}

// Maker makes the jobs of one paper under one configuration.
type Maker struct {
	Paper string
	// Config is the run's configuration: every job carries it as its
	// "config" parameter, so a changed configuration is a new job.
	Config any
}

// Job returns the job of m's paper in table, method, data and split, whose
// Params are {"config": m.Config} and the extra parameters.
func (m Maker) Job(table, method, data string, split int, extra map[string]any) Job {
	params := map[string]any{"config": m.Config}
	maps.Copy(params, extra)
	return Job{Paper: m.Paper, Table: table, Method: method, Data: data, Split: split, Params: params}
}

// Param decodes the parameter key of j into v. Parameters have been through
// JSON when a job comes from a store or another process, so a value is read
// back through its JSON form whatever its Go type was when the job was made.
func (j Job) Param(key string, v any) error {
	b, err := json.Marshal(j.Params[key])
	if err == nil {
		err = json.Unmarshal(b, v)
	}
	if err != nil {
		return fmt.Errorf("jobs: job %s: parameter %s: %w", j.Name(), key, err)
	}
	return nil
}

// ModeConfig returns a paper's configuration for one of the three modes
// every repro/<paper> package offers: "quick" (the CI run), "full" (make
// reports on one machine) and "paper" (the printed protocol). Any other
// mode is an ErrParam naming the paper.
func ModeConfig[C any](paper, mode string, quick, full, printed func() C) (C, error) {
	switch mode {
	case "quick":
		return quick(), nil
	case "full":
		return full(), nil
	case "paper":
		return printed(), nil
	}
	var zero C
	return zero, klearn.Errorf(klearn.ErrParam, "%s: mode %q, want quick, full or paper", paper, mode)
}

// FuncPackage returns the import path of the package that defines the
// function f ("" when f is not a function): the package whose code digest
// keys the records f computes.
func FuncPackage(f any) string {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Func || v.IsNil() {
		return ""
	}
	fn := runtime.FuncForPC(v.Pointer())
	if fn == nil {
		return ""
	}
	name := fn.Name() // path/to/pkg.Func, path/to/pkg.Func.func1, path/to/pkg.(*T).M, path/to/pkg.F[...]
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i] // type arguments may hold other paths
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return ""
	}
	return name[:slash+1+dot]
}
