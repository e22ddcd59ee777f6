# Two commands on a fresh machine with Python 3.11+:
#   make demo   install, then run the whole pipeline (dvc repro) on the bundled sample
#   make test   install, then lint, type-check and run the tests
#   make lock   regenerate dvc.lock (and the committed metrics and plots) from a fresh clone
#
# torch is installed first so pip does not pull a multi-GB CUDA build by accident.
# Override for your hardware, e.g.:
#   make demo TORCH_SPEC='torch==2.13.0' TORCH_INDEX='--index-url https://download.pytorch.org/whl/cu128'

PYTHON ?= python3
VENV ?= .venv
TORCH_SPEC ?= torch==2.13.0
TORCH_INDEX ?=
BIN := $(VENV)/bin
export HF_HUB_OFFLINE := 1
export HF_DATASETS_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export PATH := $(abspath $(BIN)):$(PATH)
# The bundled sample is synthetic, so the demo keys its digests of found values with this
# published key: they, and so dvc.lock, come out the same on every machine (tests/test_pipeline.py
# uses it too). Never use it for real data: there the key comes from $GOVERN_HASH_KEY or
# ~/.config/govern/hash.key (README: scan).
DEMO_HASH_KEY := 0000000000000000000000000000000000000000000000000000000000000000

.PHONY: install demo lock test lint clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml requirements/nlp.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(TORCH_INDEX) "$(TORCH_SPEC)"
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements/nlp.txt
	touch $@

demo: install
	umask 077 && GOVERN_HASH_KEY=$(DEMO_HASH_KEY) $(BIN)/dvc repro  # DVC's files: owner-only
	$(BIN)/python pipelines/where.py

# dvc.lock as a fresh clone of HEAD writes it: tests/test_pipeline.py checks that `make demo`
# leaves a clone's `git status` clean. Copies back every file the run changed; commit them.
LOCK_CLONE ?= /tmp/govern-lock-clone
lock: install
	@git diff --quiet HEAD || { echo "lock: commit your changes first (the clone is of HEAD)"; exit 2; }
	rm -rf $(LOCK_CLONE) && git clone -q --no-checkout . $(LOCK_CLONE)
	git -C $(LOCK_CLONE) checkout -q $$(git rev-parse HEAD)
	cd $(LOCK_CLONE) && umask 077 && GOVERN_HASH_KEY=$(DEMO_HASH_KEY) dvc repro
	cd $(LOCK_CLONE) && git status --porcelain --untracked-files=all | cut -c4- | \
	  while read -r name; do mkdir -p "$(CURDIR)/$$(dirname "$$name")" && \
	  cp "$$name" "$(CURDIR)/$$name" && echo "lock: $$name"; done

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
