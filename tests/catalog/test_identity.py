"""Ruling identity: kind, rules version (the rules code's syntax tree), the digests of the
cards the question names, and the canonical question."""

from __future__ import annotations

from app.catalog import Catalog, load_catalog
from app.domain.card import Card
from app.rulings.identity import card_digest, code_digest, rules_version, ruling_id
from app.rulings.service import RulingService

CODE = '''"""Module docstring."""


def mana_value(x: int) -> int:
    """Add one."""
    return x + 1  # a comment
'''


def test_rules_version_ignores_comments_and_docstrings() -> None:
    base = code_digest([("engine/a.py", CODE)])
    reworded = CODE.replace("Add one.", "Adds one, per 202.3.").replace("a comment", "why")
    reworded = reworded.replace('"""Module docstring."""', '"""Another."""\n# more words')
    assert code_digest([("engine/a.py", reworded)]) == base


def test_rules_version_changes_with_the_code() -> None:
    base = code_digest([("engine/a.py", CODE)])
    assert code_digest([("engine/a.py", CODE.replace("x + 1", "x + 2"))]) != base
    assert code_digest([("engine/b.py", CODE)]) != base  # a moved module is a change too
    assert code_digest([("engine/a.py", CODE), ("domain/c.py", "X = 1\n")]) != base


def test_rules_version_covers_the_engine_and_domain_files() -> None:
    assert len(rules_version()) == 12
    assert rules_version() == rules_version()


def _card(name: str, cost: str) -> Card:
    return Card.model_validate({"name": name, "mana_cost": cost, "types": ["instant"]})


def test_card_digest_follows_the_cards_data() -> None:
    a = _card("Quill Spark", "{R}")
    assert card_digest(a) == card_digest(_card("Quill Spark", "{R}"))
    assert card_digest(a) != card_digest(_card("Quill Spark", "{1}{R}"))
    assert card_digest(a) != card_digest(a.model_copy(update={"text": "Templated words."}))


def test_ruling_id_uses_sorted_card_digests() -> None:
    q = {"card": "Quill Spark"}
    assert ruling_id("k", "r", ["b", "a"], q) == ruling_id("k", "r", ["a", "b"], q)
    assert ruling_id("k", "r", ["a"], q) != ruling_id("k", "r", ["c"], q)
    assert ruling_id("k", "r", ["a"], q) != ruling_id("k", "r2", ["a"], q)
    assert ruling_id("k", "r", ["a"], q) != ruling_id("k2", "r", ["a"], q)


def test_ruling_id_scheme_is_pinned() -> None:
    # A ruling's id may change only with what it is made of (above), never with a new way of
    # hashing it: questions asked before the change would each get a second ruling, and a
    # retry across an upgrade a new id. A new scheme must change this value on purpose.
    assert ruling_id("could_produce", "r1", ["d2", "d1"], '{"turn":1}') == (
        "a587c254f59d09faa8cb754b925a6418"
    )


def test_a_changed_card_rekeys_only_its_questions() -> None:
    before = Catalog([_card("Quill Spark", "{R}"), _card("Ember Note", "{U}")])
    after = Catalog([_card("Quill Spark", "{2}{R}"), _card("Ember Note", "{U}")])
    # The service keys by the digests its catalog gives; no session is needed for that.
    old, new = RulingService(None, before, "v"), RulingService(None, after, "v")  # type: ignore[arg-type]
    assert old.card_digests(["Quill Spark"]) != new.card_digests(["Quill Spark"])
    assert old.card_digests(["Ember Note"]) == new.card_digests(["Ember Note"])
    # A name the catalog lacks (an inline definition) adds no digest.
    assert old.card_digests(["Not A Card"]) == []


def test_bundled_cards_round_trip_through_their_served_form() -> None:
    # The database serves `public()` and the engine parses it back: nothing may be lost.
    for card in load_catalog():
        again = Card.model_validate(card.public())
        assert again.public() == card.public()
        assert again.mana_value_off_stack() == card.mana_value_off_stack()
