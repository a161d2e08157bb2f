"""The card catalog: the bundled cards (JSON files in `cards/`, one list per group) and the
interface every lookup goes through.

`Catalog` holds cards in memory (the bundled ones; tests and benchmarks use it directly). The
app serves from `app.catalog.store.DbCatalog`, the same interface over the database, so it finds
any of the tens of thousands of imported cards by an index hit. Names are matched as people
type them (`app.catalog.names.fold`): any case, accents, apostrophes, split-card slashes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from app.catalog.names import fold
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.rulings.identity import card_digest

CARDS_DIR = Path(__file__).with_name("cards")
MAX_SUGGESTIONS = 5


def card_keys(card: Card) -> list[tuple[str, int]]:
    """The folded names a card is found by, with their rank: its full name (0) before any one
    face's name (1), so a card named like another card's face is found by its own name."""
    keys = [(fold(card.name), 0)]
    keys += [(k, 1) for k in dict.fromkeys(fold(f.name) for f in card.faces) if k != keys[0][0]]
    return keys


def suggest_from(name: str, keys: Iterable[str], names: list[str]) -> list[str]:
    """Up to five card names close to `name`: rapidfuzz's edit-distance ratio over the folded
    keys (one C-level pass, about 1.5 ms over 35,000 names; WRatio's partial matches were
    ten times slower and suggested any name sharing a short word). `names[i]` is the card
    that `keys[i]` finds."""
    from rapidfuzz import fuzz, process

    found: list[str] = []
    for _key, _score, index in process.extract(
        fold(name), list(keys), scorer=fuzz.ratio, limit=MAX_SUGGESTIONS * 3, score_cutoff=60
    ):
        if names[index] not in found:
            found.append(names[index])
        if len(found) == MAX_SUGGESTIONS:
            break
    return found


def missing_card(catalog: Catalog, name: str, loc: tuple[str | int, ...]) -> QuestionError:
    """The 4xx for a name the catalog finds no single card by, at `loc`: a face several cards
    share (`ambiguous_card`), else an unknown name (`unknown_card`)."""
    shared = catalog.shared_by(name)
    if shared:
        return QuestionError(
            loc,
            f"{name!r} is a face of several cards ({', '.join(repr(n) for n in shared)}), and "
            "each is a different card with a mana value and characteristics of its own: name "
            "the card by its full name",
            "ambiguous_card",
        )
    return QuestionError(loc, unknown_card_message(catalog, name), "unknown_card")


def unknown_card_message(catalog: Catalog, name: str) -> str:
    """What a 422 `unknown_card` says: the suggestions and where to go next."""
    suggestions = catalog.suggest(name)
    did_you_mean = (
        "did you mean " + ", ".join(repr(s) for s in suggestions) + "? " if suggestions else ""
    )
    return (
        f"unknown card {name!r}: not in the catalog; {did_you_mean}"
        "search names with GET /v1/cards?q=, or describe the card inline with 'definition'"
    )


class Catalog:
    """Cards by name: the full name (faces joined by ' // ') or any one face's name, as people
    type it (docs/api.md "Reads")."""

    def __init__(self, cards: list[Card]) -> None:
        self._cards: dict[str, Card] = {}
        self._index: dict[str, Card] = {}
        self._digests: dict[str, str] = {}
        for card in cards:
            key = fold(card.name)
            if key in self._cards:
                raise ValueError(f"duplicate card in catalog: {card.name}")
            self._cards[key] = card
        # Full names first, so a card named like another card's face is found by its own name;
        # a face's name several cards share names none of them (names_one_card).
        for key, card in self._cards.items():
            self._index[key] = card
        by_face: dict[str, list[str]] = {}
        for card in cards:
            for key, _rank in card_keys(card)[1:]:
                if key not in self._cards:
                    by_face.setdefault(key, []).append(card.name)
        self._shared = {key: sorted(names) for key, names in by_face.items() if len(names) > 1}
        for key, names in by_face.items():
            if key not in self._shared:
                self._index[key] = self._cards[fold(names[0])]

    def get(self, name: str) -> Card | None:
        return self._index.get(fold(name))

    def shared_by(self, name: str) -> list[str]:
        """The cards whose faces share this name when it names none of them alone (a meld
        card's melded back face), by full name; [] otherwise."""
        return self._shared.get(fold(name), [])

    def digest(self, name: str) -> str | None:
        """The digest of the card's canonical data (it keys the rulings about it)."""
        card = self.get(name)
        if card is None:
            return None
        found = self._digests.get(card.name)
        if found is None:
            found = self._digests[card.name] = card_digest(card)
        return found

    def cached_digest(self, name: str) -> str | None:
        """`digest` when memory alone can tell it, else None: the event loop asks this, and
        must never wait on a database. A catalog held in memory always can."""
        return self.digest(name)

    def suggest(self, name: str) -> list[str]:
        keys = list(self._index)
        return suggest_from(name, keys, [self._index[k].name for k in keys])

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self._cards.values(), key=lambda c: c.name))

    def __len__(self) -> int:
        return len(self._cards)


def _files() -> list[Path]:
    return sorted(CARDS_DIR.glob("*.json"))


@lru_cache
def load_catalog() -> Catalog:
    cards: list[Card] = []
    for path in _files():
        for raw in json.loads(path.read_text(encoding="utf-8")):
            cards.append(Card.model_validate(raw))
    return Catalog(cards)


@lru_cache
def catalog_digest() -> str:
    """A digest of the bundled card files (what `rulings migrate` loads)."""
    h = hashlib.sha256()
    for path in _files():
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]
