"""Engine alone, in-process: what a request costs before any HTTP or database work."""

from __future__ import annotations

import json
from typing import Any

from app.catalog import load_catalog
from app.domain.state import GameState
from app.rulings.resolve import resolve_state
from app.rulings.service import ruling_id
from app.version import engine_version
from bench import boards, engines
from bench.config import BenchConfig, reps_for
from bench.report import Section
from bench.timing import median_ms, timed_ms

LOC = ("body", "state")

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


def _question(normalized: GameState, extra: dict[str, Any]) -> dict[str, Any]:
    return {"state": normalized.model_dump(mode="json"), **extra}


def _ruling_body(question: dict[str, Any], answer: dict[str, Any]) -> str:
    body = {"object": "ruling", "question": question, "answer": answer}
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def could_produce_section(config: BenchConfig) -> Section:
    section = Section("could-produce, engine alone (median ms)", CP_COLUMNS)
    section.notes.append(
        "validate = json.loads + GameState validation; hash = question dump + canonical JSON + "
        "sha256 (RulingService's ruling_id); body_json = the stored ruling's json.dumps"
    )
    could_produce, why = engines.find(engines.COULD_PRODUCE)
    missing = boards.missing_cards(boards.board_cards())
    if could_produce is None or missing:
        reason = why or f"not available yet: catalog lacks {', '.join(missing)}"
        for size in config.sizes:
            section.skip(size, reason)
        return section
    catalog = load_catalog()
    version = engine_version()
    for size in config.sizes:
        reps = reps_for(config.reps, size)
        raw = json.dumps(boards.reflector_board(size))
        try:
            state = GameState.model_validate(json.loads(raw))
            normalized, board = resolve_state(catalog, state, LOC)
            _, verdict = timed_ms(lambda b=board: could_produce(b, None))
            question = _question(normalized, {})
            section.add(
                permanents=size,
                validate_ms=median_ms(lambda r=raw: GameState.model_validate(json.loads(r)), reps),
                resolve_ms=median_ms(lambda s=state: resolve_state(catalog, s, LOC), reps),
                engine_ms=median_ms(lambda b=board: could_produce(b, None), reps),
                **{
                    "resolve+engine_ms": median_ms(
                        lambda s=state: could_produce(resolve_state(catalog, s, LOC)[1], None),
                        reps,
                    ),
                    "hash_ms": median_ms(
                        lambda n=normalized: ruling_id("could_produce", version, _question(n, {})),
                        reps,
                    ),
                    "body_json_ms": median_ms(
                        lambda q=question, v=verdict: _ruling_body(q, v.answer), reps
                    ),
                },
                answered=len(verdict.answer.get("permanents", [])),
            )
        except Exception as exc:
            section.skip(size, f"error: {exc!r}"[:200])
    return section


def activate_section(config: BenchConfig) -> Section:
    section = Section("activate one Forest, engine alone (median ms)", ACT_COLUMNS)
    section.notes.append(
        "k replacement effects from: "
        + ", ".join(f"{n} ({w})" for n, w in boards.ACTIVATION_SOURCES[: config.max_replacements])
        + "; no replacement_order given, so every order is considered (outcomes)"
    )
    activate, why = engines.find(engines.ACTIVATE)
    catalog = load_catalog()
    previous_ms = 0.0
    for k in range(1, config.max_replacements + 1):
        missing = boards.missing_cards(boards.activation_cards(k))
        if activate is None or missing:
            section.skip(k, why or f"not available yet: catalog lacks {', '.join(missing)}")
            continue
        # Bounded: if k+1 effects would plausibly blow the budget (k! growth), stop here.
        if previous_ms * k > config.activate_budget_ms:
            section.skip(k, f"skipped: k={k - 1} took {previous_ms:.0f} ms (budget guard)")
            continue
        raw = json.dumps(boards.activation_board(k))
        try:
            state = GameState.model_validate(json.loads(raw))
            _, board = resolve_state(catalog, state, LOC)
            first_ms, verdict = timed_ms(lambda b=board: _activate(activate, b))
            reps = config.activate_reps if first_ms < config.activate_budget_ms else 1
            engine_ms = median_ms(lambda b=board: _activate(activate, b), reps, warmup=0)
            previous_ms = engine_ms
            answer = verdict.answer
            section.add(
                replacements=k,
                validate_ms=median_ms(lambda r=raw: GameState.model_validate(json.loads(r)), reps),
                resolve_ms=median_ms(lambda s=state: resolve_state(catalog, s, LOC), reps),
                engine_ms=engine_ms,
                **{
                    "resolve+engine_ms": median_ms(
                        lambda s=state: _activate(activate, resolve_state(catalog, s, LOC)[1]),
                        reps,
                        warmup=0,
                    )
                },
                outcomes=len(answer.get("outcomes", [])),
                total=str(answer.get("total", ""))[:24],
            )
        except Exception as exc:
            section.skip(k, f"error: {exc!r}"[:200])
    return section


def _activate(activate: Any, board: Any) -> Any:
    return activate(board, "forest", None, None, None)


__all__ = ["activate_section", "could_produce_section"]
