# columnrag: every target sets up .venv itself when it is missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# The upgraded pip retries a dropped connection and resumes a half-fetched wheel (pymupdf's is
# 69 MB) rather than failing the install on one network hiccup.
PIP    := $(PY) -m pip install -q --retries 10 --resume-retries 10
SAMPLE := data/sample
CORPUS ?= $(SAMPLE)
DB     ?= data/chroma
# Whether CORPUS includes the generated sample (however the path is written).
WITH_SAMPLE := $(filter $(abspath $(SAMPLE)),$(abspath $(CORPUS)))
# The sample's folder as the store records its files: absolute, symlinks resolved.
SAMPLE_SOURCE = $(shell $(PY) -c 'import os, sys; print(os.path.realpath(sys.argv[1]))' $(SAMPLE))
Q      ?= What does the lab protocol say about incubation?

.PHONY: venv ingest query stats audit test bench clean

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --retries 10 --upgrade pip
	$(PIP) -c constraints.txt torch==2.13.0
	$(PIP) -c constraints.txt -e '.[test,bench,ray]'
	touch $@

$(SAMPLE)/.made: | venv
	$(PY) -m columnrag.ingest.samples $(SAMPLE)
	touch $@

# A corpus of your own takes the sample's place in the store (its chunks would come up in the
# answers); `make ingest` puts the sample back.
ingest: venv $(if $(WITH_SAMPLE),$(SAMPLE)/.made)
ifeq ($(WITH_SAMPLE),)
	@if $(PY) -m columnrag files --db $(DB) 2>/dev/null | grep -qF " $(SAMPLE_SOURCE)/"; then \
		echo "taking the sample corpus ($(SAMPLE)) out of $(DB): $(CORPUS) takes its place"; \
		$(PY) -m columnrag delete $(SAMPLE) --db $(DB); \
	fi
endif
	$(PY) -m columnrag ingest $(CORPUS) --db $(DB)

query: venv
	$(PY) -m columnrag query "$(Q)" --db $(DB)

# Without PDF= the audit would be given an empty path: say how to call it, before building anything.
ifneq ($(filter audit,$(MAKECMDGOALS)),)
ifeq ($(strip $(PDF)),)
$(error usage: make audit PDF=paper.pdf [PAGES=1-3] [OUT=DIR] [CHUNKS=1], or PDF=FOLDER to rank its pages by layout confidence)
endif
endif

audit: venv
	$(PY) -m columnrag audit "$(PDF)" $(if $(PAGES),--pages $(PAGES)) $(if $(OUT),--out $(OUT)) $(if $(CHUNKS),--chunks)

stats: venv
	$(PY) -m columnrag stats --db $(DB)

test: venv
	$(PY) -m pytest

bench: venv
	$(PY) -m benchmarks

clean:
	rm -rf data/chroma data/sample
