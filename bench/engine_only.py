"""Engine alone, in-process: what a request costs before any HTTP or database work."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import orjson
from orjson import Fragment

from app.api.classes import validate_by_class
from app.api.routers.could_produce import CouldProduceRequest
from app.catalog import load_catalog
from app.domain.answers import Answer, answer_json
from app.domain.ruling import Verdict
from app.domain.state import GameState
from app.main import tune_garbage_collector
from app.rulings.json_text import json_bytes
from app.rulings.questions import state_question
from app.rulings.resolve import resolve_state
from app.rulings.service import ruling_id
from app.version import engine_version
from bench import boards, engines
from bench.config import BenchConfig, reps_for
from bench.report import Cell, Section
from bench.timing import interleaved_medians_ms, median_ms, timed_ms

LOC = ("state",)
Engine = Callable[..., Verdict]

CP_COLUMNS = [
    "permanents",
    "validate_ms",
    "resolve_ms",
    "engine_ms",
    "resolve+engine_ms",
    "hash_ms",
    "body_json_ms",
    "answered",
]
ACT_COLUMNS = [
    "replacements",
    "validate_ms",
    "resolve_ms",
    "engine_ms",
    "resolve+engine_ms",
    "outcomes",
    "total",
]


def _ruling_body(question: dict[str, Any], answer: Answer) -> bytes:
    # As the service writes a ruling: the typed answer serialized once, inside the body's JSON.
    body = {"object": "ruling", "question": question, "answer": Fragment(answer_json(answer))}
    return json_bytes(body)


Row = dict[str, Cell]


def could_produce_section(config: BenchConfig) -> Section:
    # Measure the engine as the server runs it: with the server's garbage-collector settings.
    tune_garbage_collector()
    section = Section("could-produce, engine alone (median ms)", CP_COLUMNS)
    section.notes.append(
        "validate = the request validated as the service does (a big battlefield by class from "
        "orjson's parse, the shape check's; else from the JSON bytes); hash = question "
        "dump + canonical JSON + sha256 (RulingService's ruling_id); body_json = the stored "
        "ruling's json.dumps"
    )
    could_produce, why = engines.find(engines.COULD_PRODUCE)
    missing = boards.missing_cards(boards.board_cards())
    if could_produce is None or missing:
        reason = why or f"not available yet: catalog lacks {', '.join(missing)}"
        for size in config.sizes:
            section.skip(size, reason)
        return section
    works: dict[int, tuple[Work, int]] = {}
    for size in config.sizes:
        try:
            works[size] = _could_produce_work(could_produce, size)
        except Exception as exc:
            section.skip(size, f"error: {exc!r}"[:200])
    # Every size in turn, as many rounds as the smallest size had repetitions: the growth
    # section divides these, and sizes timed minutes apart on this machine gave ratios from 5
    # to 13 for the same code.
    try:
        section.rows.extend(_timed_rows(works, max(config.reps.values())))
    except Exception as exc:
        for size in works:
            section.skip(size, f"error: {exc!r}"[:200])
    section.rows.sort(key=lambda row: int(row["permanents"] or 0))
    return section


def small_board_engine_cpu_ms(reps: int) -> float | None:
    """CPU ms of the engine alone on the HTTP floor's small board (the median of `reps` calls,
    under the server's collector settings): with healthz's own server CPU, the least a new small
    question can cost a server, before it is validated, checked, stored and committed. None
    where the engine or the board's cards are missing."""
    could_produce, _ = engines.find(engines.COULD_PRODUCE)
    if could_produce is None or boards.missing_cards(boards.small_board_cards()):
        return None
    tune_garbage_collector()
    raw = orjson.dumps(boards.could_produce_request(boards.small_board()))
    state = CouldProduceRequest.model_validate_json(raw).state
    board = resolve_state(load_catalog(), state, LOC)[1]
    # The warm-up call fills the catalog's and faces' caches; CPU time, as the server's is.
    return median_ms(lambda: could_produce(board, None), reps, clock=time.process_time)


def layers_section(config: BenchConfig) -> Section:
    """The largest board again with Blood Moon, Urborg and Prismatic Omen (613 layers): must
    stay within 1.5x of the same board without them, the two engines timed in turn."""
    section = Section("could-produce with layers, engine alone (median ms)", CP_COLUMNS)
    size = max(config.sizes)
    could_produce, why = engines.find(engines.COULD_PRODUCE)
    missing = boards.missing_cards(boards.LAYER_CARDS)
    if could_produce is None or missing:
        section.skip(size, why or f"not available yet: catalog lacks {', '.join(missing)}")
        return section
    reps = reps_for(config.reps, size)
    layered = _could_produce_work(could_produce, size, layers=True)
    section.rows.extend(_timed_rows({size: layered}, reps))
    plain, _ = _could_produce_work(could_produce, size)
    times = interleaved_medians_ms(
        {"plain": plain["engine_ms"], "layers": layered[0]["engine_ms"]}, reps * 3
    )
    section.notes.append(
        f"the {size:,}-permanent board with three permanents swapped for "
        f"{'; '.join(boards.LAYER_CARDS)}; the engine on it and on the same board without "
        f"them, timed in turn ({reps * 3} rounds): {times['layers']:.1f} against "
        f"{times['plain']:.1f} ms, {times['layers'] / times['plain']:.2f}x (limit 1.5x)"
    )
    return section


# A board's timed work, by the column it fills, and how many permanents the answer lists.
Work = dict[str, Callable[[], object]]


def _could_produce_work(
    could_produce: Engine, size: int, *, layers: bool = False
) -> tuple[Work, int]:
    catalog = load_catalog()
    version = engine_version()
    board_json = boards.reflector_board(size)
    raw = orjson.dumps(
        boards.could_produce_request(boards.with_layers(board_json) if layers else board_json)
    )

    def validate() -> CouldProduceRequest:
        # As the service validates a body: a big battlefield by class from the parse its shape
        # check made (app/api/classes.py), any other body from its bytes in one pass
        # (app/api/bodies.py).
        by_class = validate_by_class(CouldProduceRequest, orjson.loads(raw))
        if isinstance(by_class, CouldProduceRequest):
            return by_class
        return CouldProduceRequest.model_validate_json(raw)

    state = validate().state
    normalized, board = resolve_state(catalog, state, LOC)
    verdict: Verdict = could_produce(board, None)
    question = state_question(normalized, {}, board.classes)  # as the service builds it

    def resolve() -> object:
        return resolve_state(catalog, state, LOC)

    def engine() -> object:
        return could_produce(board, None)

    def resolve_and_engine() -> object:
        return could_produce(resolve_state(catalog, state, LOC)[1], None)

    def hash_question() -> object:
        question = state_question(normalized, {}, board.classes)
        return ruling_id("could_produce", version, (), question)

    def body_json() -> object:
        return _ruling_body(question, verdict.answer)

    work: Work = {
        "validate_ms": validate,
        "resolve_ms": resolve,
        "engine_ms": engine,
        "resolve+engine_ms": resolve_and_engine,
        "hash_ms": hash_question,
        "body_json_ms": body_json,
    }
    return work, len(verdict.answer_data.get("permanents", []))


def _timed_rows(works: dict[int, tuple[Work, int]], rounds: int) -> list[Row]:
    """A row per board size: each column's work timed at every size in turn."""
    rows: dict[int, Row] = {
        size: {"permanents": size, "answered": answered} for size, (_, answered) in works.items()
    }
    columns = next(iter(works.values()))[0] if works else {}
    for column in columns:
        medians = interleaved_medians_ms(
            {str(size): work[column] for size, (work, _) in works.items()}, rounds
        )
        for size in works:
            rows[size][column] = medians[str(size)]
    return [{c: row.get(c) for c in CP_COLUMNS} for row in rows.values()]


def activate_section(config: BenchConfig) -> Section:
    section = Section("activate one Forest, engine alone (median ms)", ACT_COLUMNS)
    section.notes.append(
        "k replacement effects from: "
        + ", ".join(f"{n} ({w})" for n, w in boards.ACTIVATION_SOURCES[: config.max_replacements])
        + "; no replacement_order given, so every order is considered (outcomes)"
    )
    activate, why = engines.find(engines.ACTIVATE)
    previous_ms = 0.0
    for k in range(1, config.max_replacements + 1):
        missing = boards.missing_cards(boards.activation_cards(k))
        if activate is None or missing:
            section.skip(k, why or f"not available yet: catalog lacks {', '.join(missing)}")
            continue
        # Bounded: the search grows fast with k; if k+1 effects would plausibly blow the
        # budget, stop escalating.
        if previous_ms * k > config.activate_budget_ms:
            section.skip(k, f"skipped: k={k - 1} took {previous_ms:.0f} ms (budget guard)")
            continue
        try:
            row = _activate_row(activate, k, config)
        except Exception as exc:
            section.skip(k, f"error: {exc!r}"[:200])
            continue
        previous_ms = float(row["engine_ms"] or 0.0)
        section.rows.append(row)
    return section


def _activate_row(activate: Engine, k: int, config: BenchConfig) -> Row:
    catalog = load_catalog()
    raw = json.dumps(boards.activation_board(k))
    state = GameState.model_validate(json.loads(raw))
    _, board = resolve_state(catalog, state, LOC)

    def engine() -> Verdict:
        return activate(board, "forest", None, None, None)

    def validate() -> object:
        # As the service validates a body: from its bytes, in one pass (app/api/bodies.py).
        return GameState.model_validate_json(raw)

    def resolve() -> object:
        return resolve_state(catalog, state, LOC)

    def resolve_and_engine() -> object:
        return activate(resolve_state(catalog, state, LOC)[1], "forest", None, None, None)

    first_ms, verdict = timed_ms(engine)
    reps = config.activate_reps if first_ms < config.activate_budget_ms else 1
    answer = verdict.answer_data
    return {
        "replacements": k,
        "validate_ms": median_ms(validate, reps),
        "resolve_ms": median_ms(resolve, reps),
        "engine_ms": median_ms(engine, reps, warmup=0),
        "resolve+engine_ms": median_ms(resolve_and_engine, reps, warmup=0),
        "outcomes": len(answer.get("outcomes", [])),
        "total": str(answer.get("total", ""))[:24],
    }


__all__ = ["activate_section", "could_produce_section", "layers_section"]
