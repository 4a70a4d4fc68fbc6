package cortes2009

import "testing"

// BenchmarkPropositions times the Propositions job (checks) and, within
// it, the two rows added for issue #36 (Eq1 and Projection at the job's
// sizes), interleaved under -count.
func BenchmarkPropositions(b *testing.B) {
	pr, err := SmallProblem(5)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("job", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := checks(Config{Seed: 2009}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Eq1", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := Eq1(pr, 12, 2009); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Projection", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := Projection(200, 2009); err != nil {
				b.Fatal(err)
			}
		}
	})
}
