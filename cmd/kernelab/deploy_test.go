package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKubernetesManifest checks the structure of the Indexed Job without a
// YAML parser (none in go.mod): no tabs, an Indexed Job whose completions,
// parallelism and SHARDS agree, and a --shard argument built from
// JOB_COMPLETION_INDEX with flags the command accepts.
func TestKubernetesManifest(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", "kernelab-job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if strings.Contains(s, "\t") {
		t.Fatal("tab in YAML")
	}
	for _, want := range []string{"kind: Job", "completionMode: Indexed", "restartPolicy: Never",
		`--shard "$JOB_COMPLETION_INDEX/$SHARDS"`, "claimName: kernelab-results", "ReadWriteMany"} {
		if !strings.Contains(s, want) {
			t.Errorf("manifest lacks %q", want)
		}
	}
	get := func(re string) string {
		m := regexp.MustCompile(re).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("manifest lacks %s", re)
		}
		return m[1]
	}
	c, p, n := get(`(?m)^  completions: (\d+)$`), get(`(?m)^  parallelism: (\d+)$`), get(`(?m)name: SHARDS\n\s+value: "(\d+)"`)
	if c != n || p != n {
		t.Fatalf("completions %s, parallelism %s, SHARDS %s: want equal", c, p, n)
	}
	// Every flag the manifests pass exists in the command.
	for _, f := range []string{"kernelab-job.yaml", "kernelab-merge.yaml"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`--([a-z]+)`).FindAllStringSubmatch(string(b), -1) {
			switch m[1] {
			case "shard", "mode", "results", "workers", "recompute", "for", "timeout":
			default:
				t.Errorf("%s passes unknown flag --%s", f, m[1])
			}
		}
	}
}
