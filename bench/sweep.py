"""`python -m bench.sweep [FILE] [--every N] [--workers N] [--first-faces]`: every card of a
card file asked each kind of question, over HTTP in-process, with the suite's ruling checks on
(app/rulings/checks.py). Prints the answers by question and status, and every 5xx with the
question that caused it and the error the server logged.

What it is for: the service must never answer a real card with a 500, and every ruling it makes
must pass the checks the suite runs on its own (invented) cards. The file is imported into a
fresh SQLite database first, as `rulings cards import` would (FILE defaults to RULINGS_CORPUS;
the repository holds no real card). Not part of `make bench`: a 35,000-card file takes about
half an hour on two cores (`--every 10` asks a tenth of the cards).

`--first-faces` reads a JSON list of MTGJSON-like first faces (the development corpus, which
drops every face after the first): multi-faced layouts are read as single-faced cards, and a
card the model can't hold is skipped and counted (as the importer does for un-set cards)
instead of refusing the whole file.
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine

# Layouts a first-faces file keeps as they are: one face in the file is all they have.
ONE_FACED = frozenset({
    "normal", "planar", "vanguard", "scheme", "saga", "class", "case", "leveler", "prototype",
    "mutate", "augment", "host",
})  # fmt: skip

Question = tuple[str, str, dict[str, Any]]  # (label, path, body)


@dataclass(frozen=True)
class SweptCard:
    """A card of the file, and the names of the costs a free cast may name."""

    name: str
    additional_costs: tuple[str, ...] = ()
    alternative_costs: tuple[str, ...] = ()


@dataclass
class Findings:
    """Answers by (question label, status), refusals by (label, problem code), and each 5xx:
    label, body, the error logged."""

    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    refusals: Counter[tuple[str, str]] = field(default_factory=Counter)
    errors: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)

    def add(self, other: Findings) -> None:
        self.statuses.update(other.statuses)
        self.refusals.update(other.refusals)
        self.errors.extend(other.errors)


def questions(card: SweptCard) -> Iterator[Question]:
    """What is asked of one card: on the battlefield beside reflectors, Blood Moon, Humility,
    Urborg and replacement effects; tapped for mana; its mana value in every zone; cast
    without paying its mana cost with each of its costs, and on a board where it is (601.2f);
    revealed, cascaded into, and kept in a hand with Serum Powder."""
    name = card.name
    me = {"id": "x", "card": name, "controller": "alice", "controlled_since_turn_start": False}
    forest = {"id": "f", "card": "Forest", "controller": "alice", "tapped": True}

    def state(*others: dict[str, Any], effects: tuple[dict[str, Any], ...] = ()) -> Any:
        return {"turn": 3, "active_player": "alice", "battlefield": [me, *others],
                "effects": list(effects)}  # fmt: skip

    moon = state(forest, {"id": "o", "card": "Exotic Orchard", "controller": "bob"},
                 {"id": "b", "card": "Blood Moon", "controller": "bob"})  # fmt: skip
    humble = state({"id": "h", "card": "Humility", "controller": "bob"},
                   {"id": "u", "card": "Urborg, Tomb of Yawgmoth", "controller": "bob"},
                   effects=({"id": "pm", "card": "Pale Moon", "controller": "bob"},))  # fmt: skip
    replaced = state({"id": "r", "card": "Mana Reflection", "controller": "alice"},
                     {"id": "c", "card": "Contamination", "controller": "bob"})  # fmt: skip
    yield "could-produce, Blood Moon", "/v1/mana/could-produce", {"state": moon}
    yield "could-produce, Humility", "/v1/mana/could-produce", {"state": humble}
    yield "activate, summoning sick", "/v1/mana/activate", {"state": moon, "permanent_id": "x",
                                                            "ability": 0}  # fmt: skip
    yield "activate, replaced", "/v1/mana/activate", {"state": replaced, "permanent_id": "x",
                                                      "ability": 0}  # fmt: skip
    yield "activate, choose G", "/v1/mana/activate", {"state": replaced, "permanent_id": "x",
                                                      "choose": "G"}  # fmt: skip
    mv = "/v1/spells/mana-value"
    for zone in ("library", "hand", "graveyard", "exile"):
        yield f"mana value, {zone}", mv, {"card": name, "zone": zone, "x": 1}
    yield "mana value, stack, free", mv, {"card": name, "zone": "stack", "x": 4,
                                          "cast_without_paying_mana_cost": True}  # fmt: skip
    yield "mana value, battlefield", mv, {"card": name, "zone": "battlefield", "x": 4,
                                          "cast": False}  # fmt: skip
    free = "/v1/spells/cast-without-paying"
    additional, alternative = card.additional_costs, card.alternative_costs
    yield "free cast", free, {"card": name, "x": 3}
    if additional:
        yield "free cast, costs", free, {"card": name, "additional_costs": list(additional[:1]),
                                         "unpayable": list(additional[1:2])}  # fmt: skip
        yield "free cast, unpayable", free, {"card": name, "unpayable": list(additional)}
    if alternative:
        yield "free cast, alternative", free, {"card": name, "alternative_cost": alternative[0]}
    # 601.2f: its static abilities on the board change what spells cost, an opponent's and its
    # controller's own (the card itself cast while another is on the battlefield).
    yield "free cast, on its board", free, {"card": "Lightning Bolt", "state": moon,
                                            "caster": "bob"}  # fmt: skip
    yield "free cast, itself on its board", free, {"card": name, "state": replaced}
    reveal = "/v1/library/reveal-until"
    yield "reveal", reveal, {"library": [name, "Forest", name], "mode": "reveal",
                             "max_mana_value": 20, "nonlegendary": True, "seed": 2}  # fmt: skip
    yield "cascade", reveal, {"library": ["Forest", name], "mode": "cascade",
                              "cascade_mana_value": 20, "seed": 2}  # fmt: skip
    yield "mulligan, Serum Powder", "/v1/mulligan", {
        "hand": [name, "Serum Powder", "Forest"], "library": [name, "Island", "Forest"],
        "action": "serum_powder", "starting_hand_size": 3, "seed": 4,
    }  # fmt: skip


class _Logged(logging.Handler):
    """The last line of each error the server logged (the exception it failed with)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.last = ""

    def emit(self, record: logging.LogRecord) -> None:
        trace = self.format(record) if record.exc_info else record.getMessage()
        self.last = trace.strip().splitlines()[-1]


@contextmanager
def _errors_logged() -> Iterator[_Logged]:
    """The server's error log, caught here alone (the rest of its log stays quiet)."""
    errors = logging.getLogger("rulings.errors")
    saved = errors.level, errors.propagate
    logged = _Logged()
    errors.setLevel(logging.ERROR)
    errors.propagate = False
    errors.addHandler(logged)
    try:
        yield logged
    finally:
        errors.removeHandler(logged)
        errors.level, errors.propagate = saved


def ask(url: str, cards: list[SweptCard]) -> Findings:
    """Every question about these cards, asked of one in-process app on the database `url`."""
    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.rulings import checks
    from app.settings import Settings

    checks.ENABLED = True  # as the suite runs: a ruling that fails them is a 500
    settings = Settings(database_url=url, migrate_on_startup=False, log_level="CRITICAL")
    found = Findings()
    app = create_app(settings)  # configures logging: the error log is caught after it
    with _errors_logged() as logged, TestClient(app, raise_server_exceptions=False) as client:
        for card in cards:
            for label, path, body in questions(card):
                logged.last = ""
                response = client.post(path, json=body)
                found.statuses[label, response.status_code] += 1
                if 400 <= response.status_code < 500:
                    found.refusals[label, str(response.json().get("code"))] += 1
                elif response.status_code >= 500:
                    found.errors.append((label, body, logged.last))
    return found


def first_faces_document(path: Path) -> dict[str, Any]:
    """An AtomicCards document from a JSON list of first faces (`--first-faces`)."""
    data: dict[str, list[dict[str, Any]]] = {}
    for face in json.loads(path.read_text(encoding="utf-8")):
        face = dict(face)
        if face.get("layout") not in ONE_FACED:
            face["layout"] = "normal"  # the other faces are not in the file
        face["isFunny"] = True  # what the model can't hold is skipped, not fatal
        data.setdefault(face["name"], []).append(face)
    return {"meta": {"version": "first faces"}, "data": data}


def imported(path: Path, directory: Path, first_faces: bool) -> tuple[str, list[SweptCard]]:
    """The database url of a fresh SQLite database holding the file's cards, and the file's
    cards (a bundled card the file names too is one of them: the import adds its text)."""
    from app.catalog.importer import import_read, read_cards
    from app.db.migrate import migrate

    if first_faces:
        converted = directory / "AtomicCards.json"
        converted.write_text(json.dumps(first_faces_document(path)), encoding="utf-8")
        path = converted
    url = f"sqlite:///{directory / 'sweep.db'}"
    engine = create_engine(url)
    # The importer's own reading, written as it is and kept: exactly the cards it imported.
    read = read_cards(path)
    try:
        migrate(engine)
        summary = import_read(engine, path, read)
        print(f"imported {summary.cards} cards; skipped {dict(summary.skipped)}", file=sys.stderr)
    finally:
        engine.dispose()
    cards = [
        SweptCard(
            card.name,
            tuple(c.name for face in card.card_faces for c in face.additional_costs),
            tuple(c.name for face in card.card_faces for c in face.alternative_costs),
        )
        for card in read[1]
    ]
    return url, sorted(cards, key=lambda card: card.name)


def sweep(path: Path, *, every: int = 1, workers: int = 1, first_faces: bool = False) -> Findings:
    """Import `path` into a temporary database and ask every `every`-th card its questions, in
    `workers` processes (1: in this one)."""
    with tempfile.TemporaryDirectory(prefix="rulings-sweep-") as tmp:
        url, cards = imported(path, Path(tmp), first_faces)
        cards = cards[::every]
        if workers <= 1:
            return ask(url, cards)
        found = Findings()
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            for part in pool.map(ask, [url] * workers, [cards[i::workers] for i in range(workers)]):
                found.add(part)
        return found


def render(found: Findings) -> str:
    labels = sorted({label for label, _ in found.statuses})
    codes = sorted({status for _, status in found.statuses})
    lines = [" | ".join(["question", *map(str, codes)])]
    for label in labels:
        lines.append(" | ".join([label, *(str(found.statuses[label, c]) for c in codes)]))
    lines.append("refused (4xx), by problem code:")
    lines += [f"  {label}: {code} {n}" for (label, code), n in sorted(found.refusals.items())]
    lines.append(f"{len(found.errors)} answers were 5xx")
    lines += [f"  {label}: {json.dumps(body)} -> {error}" for label, body, error in found.errors]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.sweep", description=__doc__.split("\n")[0]
    )
    parser.add_argument("file", nargs="?", default=os.environ.get("RULINGS_CORPUS"))
    parser.add_argument("--every", type=int, default=1, help="ask every N-th card only")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--first-faces", action="store_true", help="a list of first faces")
    args = parser.parse_args(argv)
    if not args.file or not Path(args.file).is_file():
        parser.error("give a card file, or set RULINGS_CORPUS")
    found = sweep(Path(args.file), every=args.every, workers=args.workers,
                  first_faces=args.first_faces)  # fmt: skip
    print(render(found))
    return 1 if found.errors else 0


if __name__ == "__main__":
    sys.exit(main())
