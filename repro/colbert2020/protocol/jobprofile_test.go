package protocol

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestJobProfile runs Table 1 jobs of full mode as table1Job does
// (loadSplits, then RunMethod) and prints each MethodResult as a JSON line,
// for CPU profiles (go test -cpuprofile) and for comparing two commits'
// records job by job. Set KERNELAB_JOB_PROFILE to a comma-separated list of
// data/split/method, e.g. "pima/0/0,ionosphere/0/1".
func TestJobProfile(t *testing.T) {
	spec := os.Getenv("KERNELAB_JOB_PROFILE")
	if spec == "" {
		t.Skip("set KERNELAB_JOB_PROFILE=data/split/method[,...]")
	}
	cfg := Full()
	for _, js := range strings.Split(spec, ",") {
		f := strings.Split(js, "/")
		if len(f) != 3 {
			t.Fatalf("job %q: want data/split/method", js)
		}
		s, err1 := strconv.Atoi(f[1])
		m, err2 := strconv.Atoi(f[2])
		i := DataSetIndex(f[0])
		if err1 != nil || err2 != nil || i < 0 {
			t.Fatalf("job %q: bad data set, split or method", js)
		}
		data, sp, err := loadSplits(DataSets[i], cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RunMethod(DataSets[i], data, s, sp[s], cfg, m)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(map[string]any{"job": js, "acc": r.Acc, "C": r.C, "eps": r.Eps, "time": r.Time, "fit": r.Fit})
		t.Log(string(b))
	}
}
