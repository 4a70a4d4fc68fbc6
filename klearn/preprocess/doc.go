// Package preprocess holds feature scalers that are fitted on training data
// and then applied, unchanged, to test data, so no statistic of the test set
// leaks into training.
//
//	t, err := preprocess.MinMax{}.Fit(Xtrain)   // learn per-feature min and max
//	Xtr, err := t.Transform(Xtrain)             // (x − min)/(max − min) ∈ [0, 1]
//	Xte, err := t.Transform(Xtest)              // same affine map; may leave [0, 1]
//
// Every scaler is an affine map per feature, x'_j = (x_j − shift_j)·scale_j,
// held by a *Transform. MinMax, Standardizer and Centerer only differ in how
// they choose shift and scale; UnitNorm scales rows and needs no fit;
// CenterLabels centres regression targets. Inputs are never mutated; the
// scalers match scikit-learn 1.2.1's MinMaxScaler, StandardScaler,
// StandardScaler(with_std=False) and normalize(norm="l2").
//
// The papers use min-max scaling to [0, 1] (Donini & Aiolli 2017,
// §5 and Colbert & Peet (2020)), standardisation (Cortes et al. 2009, §5) and
// centred labels for kernel ridge regression without a bias (Cortes et al., 2009).
package preprocess
