# capeval — make demo, make test. Everything builds from nothing into .venv/.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test lint evals bench schemas clean

install: $(STAMP)

# Reinstall only when packaging or commands change; library code is an editable install.
$(STAMP): setup.cfg pyproject.toml $(wildcard bin/cap-*)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@
	@# PYTHONDONTWRITEBYTECODE may be set here; compile once so every filter starts fast.
	$(BIN)/python -m compileall -q lib >/dev/null

test: install
	$(BIN)/python -m compileall -q lib >/dev/null
	$(BIN)/python -m pytest -q tests

lint: install
	$(BIN)/ruff check lib bin tests
	$(BIN)/ruff format --check lib bin tests

clean:
	rm -rf $(VENV) lib/*.egg-info

# Regenerate the compiled schema validators after editing lib/capeval/schemas/*.json.
schemas: install
	$(BIN)/python -m capeval.schemas.build
