package main

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

// v3Flags are the /proc/cpuinfo flags the Makefile asks for before it
// builds with GOAMD64=v3 (the x86-64-v3 level: AVX, AVX2, BMI1, BMI2, F16C,
// FMA, LZCNT, MOVBE, XSAVE).
var v3Flags = []string{"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}

// makeLevel is the GOAMD64 level make builds at: the caller's GOAMD64 when
// set (env, set; set but empty is Go's default, v1), else v3 when the
// first flags line of cpuinfo (the text of /proc/cpuinfo) holds every one
// of v3Flags, else v1, Go's default. (A level written with go env -w,
// which make does not see, is not read.)
func makeLevel(env string, set bool, cpuinfo []byte) string {
	if set {
		if env == "" {
			return "v1"
		}
		return env
	}
	for _, line := range bytes.Split(cpuinfo, []byte("\n")) {
		if !bytes.HasPrefix(line, []byte("flags")) {
			continue
		}
		_, list, _ := strings.Cut(string(line), ":")
		have := strings.Fields(list)
		for _, f := range v3Flags {
			if !slices.Contains(have, f) {
				return "v1"
			}
		}
		return "v3"
	}
	return "v1"
}

// levelNote is the warning run prints when the binary's GOAMD64 level
// (built, "" for Go's default v1) differs from the one make builds at
// (makeLevel): a record's key holds the build level (jobs.BuildTag), so
// the records of this run are not the ones make reports reads, and it
// computes its own. "" when they agree.
func levelNote(built, env string, set bool, cpuinfo []byte) string {
	if built == "" {
		built = "v1"
	}
	want := makeLevel(env, set, cpuinfo)
	if built == want {
		return ""
	}
	return fmt.Sprintf("kernelab: warning: this binary is built at GOAMD64=%s and make builds at %s on this machine; a record's key holds the build level, so make reports will not read this run's records (build with GOAMD64=%s go build ./cmd/kernelab to share them)", built, want, want)
}

// builtLevel is the GOAMD64 level of the running binary ("" when it
// records none or is not an amd64 build).
func builtLevel() string {
	if runtime.GOARCH != "amd64" {
		return ""
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GOAMD64" {
				return s.Value
			}
		}
	}
	return ""
}
