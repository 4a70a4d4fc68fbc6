// Package protocol is the computation of the reproduction of Argyriou,
// Hauser, Micchelli & Pontil (2006): the configuration of each mode, the
// MNIST tasks, the measurements of the numerical checks of Sections 2–4,
// the fits of Tables 1 and 2, the four-variance run, the training-size
// runs and Figure 2's diagnostic, as the jobs of Jobs and their kinds. The
// report (criteria, verdicts, the claims decided from the checks, charts)
// is package argyriou2006, so a change to it keeps these jobs' stored
// results.
//
// Conventions. The Gaussian is exp(−‖x − t‖²/σ²) on raw pixels 0–255, the
// only reading under which the paper's σ ranges [75, 25000], [100, 10000]
// and [500, 5000] make sense (squared distances between MNIST digits are
// of order 10⁶–10⁷); the DC program runs in ω = σ⁻², in which the exponent
// is linear. "Equally spaced σ" (the initial kernel, the finite grids) means
// equally spaced in σ.
package protocol
