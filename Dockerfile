# Rulings Engine: one uvicorn process, SQLite under /data by default, PostgreSQL by URL.
#
#   docker build -t rulings-engine .
#   docker run -p 8000:8000 -v rulings-data:/data rulings-engine          # SQLite, migrates at start
#   docker run -e RULINGS_DATABASE_URL=postgresql+psycopg://… rulings-engine rulings migrate   # one-shot
#   docker run --rm -v rulings-data:/data -v "$PWD":/import:ro rulings-engine \
#       rulings cards import /import/AtomicCards.json.gz                  # every card (docs/importing.md)
#
# See docs/operations.md.

ARG PYTHON_IMAGE=python:3.12-slim

# ---- build: the package and its dependencies in a virtualenv (network only here) ----
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
RUN python3 -m venv /opt/venv
WORKDIR /src
# Dependencies first, from pyproject.toml alone, so code changes reuse this layer.
COPY pyproject.toml README.md ./
RUN python3 -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
 && /opt/venv/bin/pip install -r /tmp/requirements.txt
COPY app ./app
# A real (non-editable) install: the image needs no source tree.
RUN /opt/venv/bin/pip install --no-deps .

# ---- runtime: the virtualenv, the migrations, a non-root user ----
FROM ${PYTHON_IMAGE} AS runtime
RUN groupadd --gid 10001 rulings \
 && useradd --uid 10001 --gid rulings --home-dir /nonexistent --no-create-home \
        --shell /usr/sbin/nologin rulings \
 && mkdir -p /data \
 && chown rulings:rulings /data
COPY --from=build /opt/venv /opt/venv
COPY migrations /opt/rulings/migrations
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    RULINGS_DATABASE_URL=sqlite:////data/rulings.db \
    RULINGS_MIGRATE_ON_STARTUP=true \
    RULINGS_MIGRATIONS_DIR=/opt/rulings/migrations
WORKDIR /data
VOLUME ["/data"]
USER rulings:rulings
# Fail the build, not the first start, if the installed package lacks a module, its card data
# or the migrations (importing the app loads all three; it doesn't open the database).
RUN python3 -c "import app.main, app.cli, app.catalog.importer; from app.catalog import load_catalog; assert len(load_catalog()) > 0"
EXPOSE 8000
# Liveness only (the process answers); readiness (/readyz) is for the orchestrator to probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python3", "-c", "import os, sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=4).status == 200 else 1)"]
# One process: `rulings serve` runs uvicorn on $HOST:$PORT with one worker (migrating first
# when RULINGS_MIGRATE_ON_STARTUP is true). Other commands: `rulings migrate`, `rulings openapi`,
# `rulings cards import PATH`.
CMD ["rulings", "serve"]
