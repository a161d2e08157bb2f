# Rulings Engine — the two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test lint openapi bench migrate install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

install: $(STAMP)

migrate: $(STAMP)
	$(BIN)/rulings migrate

# The app migrates the database and loads the catalog as it starts (RULINGS_MIGRATE_ON_STARTUP).
run: $(STAMP)
	HOST=$(HOST) PORT=$(PORT) $(BIN)/rulings serve

# One test worker per core (pytest-xdist): each test's databases, servers and ports are its own.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check app tests bench migrations
	$(BIN)/ruff format --check app tests bench migrations
	$(BIN)/mypy app bench

openapi: $(STAMP)
	$(BIN)/rulings openapi > openapi/openapi.json

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) rulings.db rulings.db-wal rulings.db-shm
