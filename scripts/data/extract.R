# extract.R — read the data sets listed in data/README.md from unpacked Debian
# packages and write one CSV per data set in kernelab's committed format.
#
# Usage: Rscript scripts/data/extract.R ROOT OUTDIR
#   ROOT   directory the .deb files were unpacked into (dpkg-deb -x PKG.deb ROOT)
#   OUTDIR where NAME.csv files are written (build.sh gzips them into data/)
#
# File format (read by klearn/datasets, documented in data/README.md):
#   * zero or more metadata records   "#levels",COLUMN,LEVEL1,LEVEL2,...
#     giving the ordered levels of a categorical column (features or label),
#     and                              "#text",COLUMN
#     marking a free-text column (kept as strings, not a feature);
#   * one header record with the column names;
#   * data records. Numbers are written with up to 15 significant digits;
#     categorical cells hold the level text (quoted). The label is the last
#     column, named "class" (categorical) or "target" (numeric).
# Every count printed here is checked against datasets.md with stopifnot.

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) stop("usage: Rscript extract.R ROOT OUTDIR")
root <- args[1]
out <- args[2]
dir.create(out, showWarnings = FALSE, recursive = TRUE)
lib <- file.path(root, "usr/lib/R/site-library")
weka <- file.path(root, "usr/share/doc/weka/examples")
fann <- file.path(root, "usr/share/doc/libfann-dev/examples/datasets")
sk <- file.path(root, "usr/lib/python3/dist-packages/sklearn/datasets/data")

csvq <- function(s) paste0("\"", gsub("\"", "\"\"", s, fixed = TRUE), "\"")

# write_ds writes df (label column `label` moved last and renamed) to OUT/name.csv.
write_ds <- function(df, name, label, regression = FALSE) {
  df <- as.data.frame(df, stringsAsFactors = FALSE)
  y <- df[[label]]
  df[[label]] <- NULL
  if (regression) df$target <- y else df$class <- y
  if (!regression && !is.factor(df$class)) df$class <- factor(df$class)
  rownames(df) <- NULL
  lines <- character(0)
  for (nm in names(df)) {
    if (is.factor(df[[nm]])) {
      # Levels are kept as the source declares them, used or not, so integer
      # codes are the source's own (ARFF order for weka files).
      lines <- c(lines, paste(c(csvq("#levels"), csvq(nm), csvq(levels(df[[nm]]))), collapse = ","))
    } else if (is.character(df[[nm]])) {
      stopifnot(!anyNA(df[[nm]]))
      lines <- c(lines, paste(c(csvq("#text"), csvq(nm)), collapse = ","))
    } else {
      df[[nm]] <- as.numeric(df[[nm]])
      stopifnot(all(is.finite(df[[nm]])))
    }
  }
  f <- file.path(out, paste0(name, ".csv"))
  con <- file(f, "wb")
  writeLines(lines, con)
  write.table(df, con, sep = ",", quote = which(vapply(df, function(c) is.factor(c) || is.character(c), TRUE)),
              row.names = FALSE, col.names = TRUE, qmethod = "double", eol = "\n", na = "")
  close(con)
  cat(sprintf("%-24s %6d x %4d  %s\n", name, nrow(df), ncol(df) - 1,
              if (regression) "regression" else paste(names(table(df$class)), table(df$class), sep = ":", collapse = " ")))
}

rda <- function(pkg, file) { e <- new.env(); load(file.path(lib, pkg, "data", file), envir = e); e }
lazy <- function(pkg) { e <- new.env(); lazyLoad(file.path(lib, pkg, "data", "Rdata"), envir = e); e }
counts <- function(f) as.vector(table(f))
num <- function(f) as.numeric(as.character(f))

# ---- r-cran-mlbench 2.1-3-1 ----
sonar <- rda("mlbench", "Sonar.rda")$Sonar
stopifnot(nrow(sonar) == 208, counts(sonar$Class) == c(111, 97))
write_ds(sonar, "sonar", "Class")

ion <- rda("mlbench", "Ionosphere.rda")$Ionosphere
ion$V1 <- num(ion$V1); ion$V2 <- num(ion$V2)
stopifnot(nrow(ion) == 351, counts(ion$Class) == c(126, 225))
write_ds(ion, "ionosphere", "Class")

bc <- rda("mlbench", "BreastCancer.rda")$BreastCancer
bc$Id <- NULL
bc <- bc[complete.cases(bc), ]
for (j in 1:9) bc[[j]] <- num(bc[[j]])
stopifnot(nrow(bc) == 683, counts(bc$Class) == c(444, 239))
write_ds(bc, "breast-wisconsin", "Class")

pima <- rda("mlbench", "PimaIndiansDiabetes.rda")$PimaIndiansDiabetes
stopifnot(nrow(pima) == 768, counts(pima$diabetes) == c(500, 268))
write_ds(pima, "pima", "diabetes")

let <- rda("mlbench", "LetterRecognition.rda")$LetterRecognition
stopifnot(nrow(let) == 20000, length(levels(let$lettr)) == 26)
write_ds(let, "letter", "lettr")

dna <- rda("mlbench", "DNA.rda")$DNA
for (j in 1:180) dna[[j]] <- num(dna[[j]])
stopifnot(nrow(dna) == 3186, counts(dna$Class) == c(767, 765, 1654))
write_ds(dna, "splice-statlog", "Class")

# ---- r-cran-ddalpha 1.3.13-1 (whitespace text, header X1.. C) ----
dd <- function(f) read.table(gzfile(file.path(lib, "ddalpha", "data", f)), header = TRUE)
bupa <- dd("bupa.txt.gz")
names(bupa) <- c("mcv", "alkphos", "sgpt", "sgot", "gammagt", "drinks", "selector")
bupa$selector <- factor(bupa$selector)
stopifnot(nrow(bupa) == 345, counts(bupa$selector) == c(145, 200))
write_ds(bupa, "bupa", "selector")

hab <- dd("haberman.txt.gz")
names(hab) <- c("age", "year", "nodes", "status")
hab$status <- factor(hab$status)
stopifnot(nrow(hab) == 306, counts(hab$status) == c(225, 81))
write_ds(hab, "haberman", "status")

heart <- dd("heart.txt.gz")
names(heart) <- c("age", "sex", "chest_pain", "rest_bp", "cholesterol", "fasting_sugar", "rest_ecg",
                  "max_hr", "exercise_angina", "oldpeak", "slope", "major_vessels", "thal", "class")
heart$class <- factor(heart$class)
stopifnot(nrow(heart) == 270, counts(heart$class) == c(150, 120))
write_ds(heart, "heart", "class")

# ---- r-cran-mclust 6.0.0-1 (lazy-load DB) ----
thy <- lazy("mclust")$thyroid
stopifnot(nrow(thy) == 215, counts(thy$Diagnosis)[match(c("Normal", "Hypo", "Hyper"), levels(thy$Diagnosis))] == c(150, 30, 35))
write_ds(thy, "thyroid", "Diagnosis")

# ---- weka 3.6.14-3 (ARFF) ----
read_arff <- function(f) {
  L <- readLines(f, warn = FALSE)
  L <- trimws(L)
  L <- L[L != "" & !startsWith(L, "%")]
  di <- which(tolower(L) == "@data")
  stopifnot(length(di) == 1)
  attrs <- L[grepl("^@attribute", L, ignore.case = TRUE)]
  nm <- character(0); lev <- list()
  for (a in attrs) {
    rest <- trimws(sub("^@attribute", "", a, ignore.case = TRUE))
    if (startsWith(rest, "'")) {
      n <- sub("^'([^']*)'.*$", "\\1", rest); rest <- trimws(sub("^'[^']*'", "", rest))
    } else {
      n <- sub("^([^[:space:]]+).*$", "\\1", rest); rest <- trimws(sub("^[^[:space:]]+", "", rest))
    }
    nm <- c(nm, n)
    if (startsWith(rest, "{")) {
      inner <- sub("^\\{(.*)\\}$", "\\1", rest)
      lev[[n]] <- trimws(scan(text = inner, what = "", sep = ",", quote = "'", strip.white = TRUE, quiet = TRUE))
    } else lev[n] <- list(NULL)
  }
  d <- read.table(text = L[(di + 1):length(L)], sep = ",", quote = "'", na.strings = "?", strip.white = TRUE,
                  colClasses = "character", col.names = nm, check.names = FALSE, comment.char = "")
  for (n in nm) {
    if (is.null(lev[[n]])) d[[n]] <- as.numeric(d[[n]])
    else {
      stopifnot(all(is.na(d[[n]]) | d[[n]] %in% lev[[n]]))
      d[[n]] <- factor(d[[n]], levels = lev[[n]])
    }
  }
  d
}

bcl <- read_arff(file.path(weka, "breast-cancer.arff"))
stopifnot(nrow(bcl) == 286)
bcl <- bcl[complete.cases(bcl), ]
stopifnot(nrow(bcl) == 277)
bcl <- bcl[!duplicated(bcl), ]
stopifnot(nrow(bcl) == 263, counts(bcl$Class) == c(186, 77))
write_ds(bcl, "breast-cancer-ljubljana", "Class")

cg <- read_arff(file.path(weka, "credit-g.arff"))
stopifnot(nrow(cg) == 1000, ncol(cg) == 21, counts(cg$class) == c(700, 300))
write_ds(cg, "german", "class")

seg <- rbind(read_arff(file.path(weka, "segment-challenge.arff")), read_arff(file.path(weka, "segment-test.arff")))
stopifnot(nrow(seg) == 2310, ncol(seg) == 20, length(unique(seg[["region-pixel-count"]])) == 1)
seg[["region-pixel-count"]] <- NULL
seg <- seg[!duplicated(seg), ]
stopifnot(nrow(seg) == 2086, ncol(seg) == 19, min(counts(seg$class)) >= 292, max(counts(seg$class)) <= 300)
write_ds(seg, "image", "class")

# ---- r-cran-caret 6.0-93+dfsg-1 ----
gc <- rda("caret", "GermanCredit.RData")$GermanCredit
stopifnot(nrow(gc) == 1000, ncol(gc) == 62, counts(gc$Class) == c(300, 700))
write_ds(gc, "german-numeric", "Class")

# ---- libfann-doc 2.2.0+ds-8 (FANN text: "n nin nout", then input line, output line) ----
read_fann <- function(f) {
  v <- scan(f, quiet = TRUE)
  n <- v[1]; ni <- v[2]; no <- v[3]
  stopifnot(length(v) == 3 + n * (ni + no))
  m <- matrix(v[-(1:3)], nrow = n, byrow = TRUE)
  list(x = m[, 1:ni, drop = FALSE], y = m[, ni + (1:no), drop = FALSE])
}
fann2 <- function(stem) {
  a <- read_fann(file.path(fann, paste0(stem, ".train"))); b <- read_fann(file.path(fann, paste0(stem, ".test")))
  list(x = rbind(a$x, b$x), y = rbind(a$y, b$y))
}

# gene: 60 bases x 2 bits, output one-hot of 3 classes. The bit code of each
# base and the order of the outputs are recovered by matching the rows with
# the StatLog DNA set (mlbench), whose code is A=100 C=010 G=001 T=000.
g <- fann2("gene")
stopifnot(nrow(g$x) == 3175, ncol(g$x) == 120, all(g$x %in% c(0, 1)), all(rowSums(g$y) == 1))
codes <- matrix(paste0(g$x[, seq(1, 120, 2)], g$x[, seq(2, 120, 2)]), nrow = 3175)
dbits <- as.matrix(dna[, 1:180])
dbase <- matrix("T", nrow = nrow(dbits), ncol = 60)
for (k in 1:60) {
  b <- dbits[, 3 * k - 2:0]
  dbase[b[, 1] == 1, k] <- "A"; dbase[b[, 2] == 1, k] <- "C"; dbase[b[, 3] == 1, k] <- "G"
}
perms <- function(v) if (length(v) == 1) list(v) else do.call(c, lapply(seq_along(v), function(i) lapply(perms(v[-i]), function(p) c(v[i], p))))
best <- NULL; bestn <- -1
dkeys <- apply(dbase, 1, paste, collapse = "")
for (p in perms(c("A", "C", "G", "T"))) {
  map <- setNames(p, c("00", "01", "10", "11"))
  keys <- apply(matrix(map[codes], nrow = 3175), 1, paste, collapse = "")
  nmatch <- sum(keys %in% dkeys)
  if (nmatch > bestn) { bestn <- nmatch; best <- map }
}
cat("gene bit code:", paste(names(best), best, sep = "=", collapse = " "), "- rows found in StatLog DNA:", bestn, "\n")
stopifnot(bestn > 2500)
bases <- matrix(best[codes], nrow = 3175)
keys <- apply(bases, 1, paste, collapse = "")
ycol <- max.col(g$y)
dcls <- as.character(dna$Class)[match(keys, dkeys)]
tab <- table(ycol, dcls)
print(tab)
outmap <- colnames(tab)[apply(tab, 1, which.max)]
stopifnot(length(unique(outmap)) == 3)
cls <- factor(toupper(outmap[ycol]), levels = c("EI", "IE", "N"))
splice <- as.data.frame(lapply(1:60, function(k) factor(bases[, k], levels = c("A", "C", "G", "T"))))
names(splice) <- sprintf("pos%02d", 1:60)
splice$class <- cls
stopifnot(counts(cls) == c(762, 765, 1648), sum(!duplicated(splice)) == 2991)
write_ds(splice, "splice", "class")

# abelone: inputs = sex one-hot (3) + 7 measurements, all multiplied by
# 0.35392; output = (rings - 1) / 28. Both scalings are undone.
ab <- fann2("abelone")
stopifnot(nrow(ab$x) == 4177, ncol(ab$x) == 10)
sexbits <- round(ab$x[, 1:3] / 0.35392)
stopifnot(all(rowSums(sexbits) == 1))
sexcount <- colSums(sexbits)
# UCI: M 1528, F 1307, I 1342 — identify the one-hot positions by their counts.
sexlev <- c("M", "F", "I")[match(sexcount, c(1528, 1307, 1342))]
stopifnot(!anyNA(sexlev))
abal <- data.frame(sex = factor(sexlev[max.col(sexbits)], levels = c("M", "F", "I")))
meas <- round(ab$x[, 4:10] / 0.35392, 4)
colnames(meas) <- c("length", "diameter", "height", "whole_weight", "shucked_weight", "viscera_weight", "shell_weight")
abal <- cbind(abal, as.data.frame(meas))
abal$rings <- round(ab$y[, 1] * 28 + 1)
stopifnot(min(abal$rings) == 1, max(abal$rings) == 29, abs(ab$y[, 1] * 28 + 1 - abal$rings) < 1e-4)
write_ds(abal, "abalone", "rings", regression = TRUE)

kin <- fann2("kin32fm")
stopifnot(nrow(kin$x) == 4096, ncol(kin$x) == 32)
kd <- as.data.frame(kin$x); names(kd) <- sprintf("x%02d", 1:32)
kd$y <- kin$y[, 1]
write_ds(kd, "kin32fm", "y", regression = TRUE)

# ---- r-cran-modeldata 1.1.0-1 (lazy-load DB) ----
md <- lazy("modeldata")
pd <- as.data.frame(md$pd_speech)
keep <- c("PPE", "DFA", "RPDE", "meanPeriodPulses", "stdDevPeriodPulses", "locPctJitter", "locAbsJitter",
          "rapJitter", "ppq5Jitter", "ddpJitter", "locShimmer", "locDbShimmer", "apq3Shimmer", "apq5Shimmer",
          "apq11Shimmer", "ddaShimmer", "meanAutoCorrHarmonicity", "meanNoiseToHarmHarmonicity",
          "meanHarmToNoiseHarmonicity")
pd <- pd[, c(keep, "class")]
pd$class <- factor(pd$class)
print(table(pd$class))
stopifnot(nrow(pd) == 252, length(keep) == 19, sort(counts(pd$class)) == c(64, 188))
write_ds(pd, "pd-speech", "class")

cd <- as.data.frame(md$credit_data)
stopifnot(nrow(cd) == 4454)
cd <- cd[complete.cases(cd), ]
stopifnot(nrow(cd) == 4039, ncol(cd) == 14, counts(cd$Status) == c(1026, 3013))
write_ds(cd, "credit-data", "Status")

tr <- as.data.frame(md$training_data); te <- as.data.frame(md$testing_data)
tr$split <- "train"; te$split <- "test"
ff <- rbind(tr, te)
ff <- ff[, c("product", "split", "review", "score")]
stopifnot(nrow(ff) == 5000, counts(ff$score) == c(3258, 1742), !anyNA(ff$review))
write_ds(ff, "amazon-reviews", "score")

# ---- r-bioc-multtest 2.54.0-1 ----
ge <- rda("multtest", "golub.RData")
gx <- as.data.frame(t(ge$golub))
stopifnot(nrow(gx) == 38, ncol(gx) == 3051)
gn <- ge$golub.gnames[, 3]
names(gx) <- make.unique(gn)
gx$class <- factor(ifelse(ge$golub.cl == 0, "ALL", "AML"), levels = c("ALL", "AML"))
stopifnot(counts(gx$class) == c(27, 11))
write_ds(gx, "golub", "class")

# ---- python3-sklearn 1.2.1+dfsg-1 ----
dg <- read.csv(gzfile(file.path(sk, "digits.csv.gz")), header = FALSE)
stopifnot(nrow(dg) == 1797, ncol(dg) == 65)
names(dg) <- c(sprintf("pixel_%d_%d", rep(0:7, each = 8), rep(0:7, 8)), "digit")
dg$digit <- factor(dg$digit, levels = 0:9)
stopifnot(min(counts(dg$digit)) == 174, max(counts(dg$digit)) == 183)
write_ds(dg, "digits", "digit")
