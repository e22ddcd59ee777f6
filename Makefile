# Two commands on a fresh machine with Python 3.11+:
#   make demo   install, then run the whole pipeline (dvc repro) on the bundled sample
#   make test   install, then lint, type-check and run the tests
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

.PHONY: install demo test lint clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml requirements/nlp.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(TORCH_INDEX) "$(TORCH_SPEC)"
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements/nlp.txt
	touch $@

demo: install
	umask 077 && $(BIN)/dvc repro  # DVC's cache folders, checkouts and dvc.lock: owner-only
	$(BIN)/python pipelines/where.py

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
