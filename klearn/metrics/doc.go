// Package metrics holds the scores kernelab reports. For predictions, they
// are classification accuracy and error, ROC-AUC with tied scores averaged,
// and regression errors (MSE, RMSE, R²). For kernel matrices, they are
// Frobenius products, alignment and centred alignment, target alignment, the
// spectral ratio and the approximate radius of the minimum enclosing ball.
//
// Conventions: binary labels are ±1; every function validates its inputs and
// returns an error wrapping a klearn sentinel (ErrShape for mismatched
// lengths, ErrEmpty, ErrNotFinite, ErrLabels, ErrOneClass, ErrSingular for a
// measure whose denominator vanishes) instead of returning NaN.
//
// References:
//
//   - Cristianini, Shawe-Taylor, Elisseeff, Kandola (2001), "On kernel-target
//     alignment": A(K₁, K₂) = ⟨K₁, K₂⟩_F / (‖K₁‖_F ‖K₂‖_F).
//   - Cortes, Mohri, Rostamizadeh (2012), "Algorithms for learning kernels
//     based on centered alignment", Definition 4 — the centred alignment used
//     by Afkanpour et al. (2013) (Eq. (2) of Afkanpour et al. 2013).
//   - Donini & Aiolli (2017), "Learning deep kernels in the space of dot
//     product polynomials": spectral ratio, Eq. (3) and (4); MEB radius and
//     its average-kernel approximation, §3.1.3.
//   - Mann & Whitney (1947); Hanley & McNeil (1982): AUC as the normalised
//     Mann–Whitney U statistic, ties counted one half.
//
// The notebooks 02-donini2017.ipynb and 05-afkanpour2013.ipynb use these
// measures.
package metrics
