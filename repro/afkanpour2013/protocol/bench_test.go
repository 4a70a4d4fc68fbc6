//go:build unix

package protocol

import (
	"context"
	"testing"

	"github.com/kernelab/kernelab/internal/cputime"
	"github.com/kernelab/kernelab/repro/jobs"
)

// benchTask runs one method of Table 2 on the first repetition of task of
// table under cfg, as runTask times it (kernel learning, the validation
// sweeps over C, and over λ for CA-nD, and the final classifier), and
// reports the seconds runTask measured and the stages.
func benchTask(b *testing.B, cfg Config, table, task, method string) {
	var job *jobs.Job
	for _, j := range Jobs(cfg) {
		if j.Table == table && j.Data == task && j.Method == method && j.Split == 0 {
			job = &j
			break
		}
	}
	if job == nil {
		b.Fatalf("no job %s %s %s", table, task, method)
	}
	p, err := taskProblem(cfg, *job)
	if err != nil {
		b.Skipf("%s %s: %v (run `make data`)", table, task, err)
	}
	b.ResetTimer()
	c0 := cputime.Process().Seconds()
	var secs float64
	var stages int
	for i := 0; i < b.N; i++ {
		res, err := runTask(method, p, cfg.TaskCs, cfg.TaskMus)
		if err != nil {
			b.Fatal(err)
		}
		secs, stages = secs+res.Seconds, res.Stages
	}
	b.ReportMetric(secs/float64(b.N), "s/task")
	b.ReportMetric((cputime.Process().Seconds()-c0)/float64(b.N), "cpu-s/task")
	b.ReportMetric(float64(stages), "stages")
}

// BenchmarkTable2 times CA-1D and CA-nD per task under the printed protocol
// of Table 2 (PaperProtocol: MNIST 500/1000/2000 with C ∈ 10^{−5:0.5:5};
// Letter 300/200/1000 and, for CA-nD, λ ∈ 10^{−5}, …, 10^{14}), the
// paper's running times being 12 s (MNIST) and 9 s (Letter) per task for
// CA-1D and 1,986 s (Letter) for CA-nD. Run with
// `go test -run '^$' -bench Table2 -benchtime 1x ./repro/afkanpour2013/`
// (MNIST needs `make data`).
func BenchmarkTable2(b *testing.B) {
	benchTasks(b, PaperProtocol(), [][3]string{
		{JobMNIST, "odd-even", "CA-1D"}, {JobMNIST, "3-8", "CA-1D"},
		{JobLetter, "A-B", "CA-1D"}, {JobLetter, "O-Q", "CA-1D"},
		{JobLetter, "A-B", "CA-nD"}, {JobLetter, "O-Q", "CA-nD"},
	})
}

// benchTasks runs benchTask on each {table, task, method} of cases as a
// sub-benchmark named table/task/method (MNIST, Letter or UCI).
func benchTasks(b *testing.B, cfg Config, cases [][3]string) {
	short := map[string]string{JobMNIST: "MNIST", JobLetter: "Letter", JobUCI: "UCI"}
	for _, c := range cases {
		b.Run(short[c[0]]+"/"+c[1]+"/"+c[2], func(b *testing.B) { benchTask(b, cfg, c[0], c[1], c[2]) })
	}
}

// BenchmarkTaskFull times the costliest methods of the task tables in
// full mode (Full), one job each: CR and CA-nD on a Letter pair, ℓ1 MKL
// (D1) and CR on Table 3's Banana. Run with
// `go test -run '^$' -bench TaskFull -benchtime 1x ./repro/afkanpour2013/protocol/`.
func BenchmarkTaskFull(b *testing.B) {
	benchTasks(b, Full(), [][3]string{
		{JobLetter, "A-B", "CR"}, {JobLetter, "A-B", "CA-nD"},
		{JobUCI, "Banana", "D1"}, {JobUCI, "Banana", "CR"}, {JobUCI, "Waveform", "D1"},
	})
}

// BenchmarkFigure1Full times one Figure 1(b) job per method in full mode
// (Full: 500/500/1000 points, C ∈ 10^{−5:0.5:5}, five μ for CR) on draw 1
// of the sine problem, as the job runner runs it (KindFigure1.Run), and
// reports its CPU seconds: the cost of one draw is the sum over the
// methods plus the three-frequency SVM's job. Run with
// `GOAMD64=v3 go test -run '^$' -bench Figure1Full -benchtime 1x ./repro/afkanpour2013/protocol/`.
func BenchmarkFigure1Full(b *testing.B) { benchFigure1(b, Full()) }

// BenchmarkFigure1Quick is BenchmarkFigure1Full in quick mode (Quick:
// 150/150/500 points, seven C, three μ).
func BenchmarkFigure1Quick(b *testing.B) { benchFigure1(b, Quick()) }

// benchFigure1 times the Figure 1(b) jobs of draw 1 under cfg, one
// sub-benchmark per method.
func benchFigure1(b *testing.B, cfg Config) {
	for _, j := range Jobs(cfg) {
		if j.Table != JobFigure1 || j.Split != 1 {
			continue
		}
		b.Run(j.Method, func(b *testing.B) {
			c0 := cputime.Process().Seconds()
			for i := 0; i < b.N; i++ {
				if _, err := KindFigure1.Run(context.Background(), cfg, j); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cputime.Process().Seconds()-c0)/float64(b.N), "cpu-s/job")
		})
	}
}
