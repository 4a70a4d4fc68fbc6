package protocol

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestJobProfile runs jobs of full mode, for CPU profiles (go test
// -cpuprofile) and for comparing two commits' records job by job. Set
// KERNELAB_JOB_PROFILE to a comma-separated list of Table 1 jobs
// data/split/method (run as table1Job does: loadSplits, then RunMethod;
// the MethodResult is printed as a JSON line), e.g.
// "pima/0/0,ionosphere/0/1", or of the figure jobs figure1, figure2,
// iono, chance, figure6/<problem> and curve/<problem> (the SHA-256 of the
// result's JSON is printed).
func TestJobProfile(t *testing.T) {
	spec := os.Getenv("KERNELAB_JOB_PROFILE")
	if spec == "" {
		t.Skip("set KERNELAB_JOB_PROFILE=data/split/method[,...]")
	}
	cfg := Full()
	for _, js := range strings.Split(spec, ",") {
		if figureJob(t, cfg, js) {
			continue
		}
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

// figureJob runs the figure job named js of full mode and logs the SHA-256
// of its result's JSON; it reports false for a Table 1 job.
func figureJob(t *testing.T, cfg Config, js string) bool {
	kind, arg, _ := strings.Cut(js, "/")
	var res any
	var err error
	switch kind {
	case "figure1":
		res, err = RunFigure1(cfg.Seed, cfg.Figure1Grid, cfg.Figure1Iter)
	case "figure2":
		res, err = RunFigure2(cfg.Figure2M, cfg.Figure2TK, cfg.Figure2GPK, cfg.Seed)
	case "iono":
		res, err = RunIonosphere(cfg.IonoSplits, cfg.Seed)
	case "chance":
		res, err = RunCurve(CurveLiver, cfg.CurveSizes[0][:1], cfg.ChanceReps, cfg)
	case "figure6":
		res, err = Figure6Panels(arg, cfg)
	case "curve":
		for i, p := range CurveProblems {
			if p == arg {
				res, err = RunCurve(p, cfg.CurveSizes[i], cfg.CurveReps, cfg)
			}
		}
	default:
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf(`{"job":%q,"sha256":"%x"}`, js, sha256.Sum256(b))
	if out := os.Getenv("KERNELAB_JOB_JSON"); out != "" {
		if err := os.WriteFile(fmt.Sprintf("%s.%s.json", out, strings.ReplaceAll(js, "/", "_")), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return true
}
