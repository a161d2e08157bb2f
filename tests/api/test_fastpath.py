"""A question asked again byte for byte is answered through its alias (app/rulings/fastpath.py)
without running the endpoint, and only while the alias still holds: same rules version, same
cards, no server-picked seed. Bad bodies keep their 4xx."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from app.api.fastpath import STORE_LOOKUP_ABOVE, RecentAliases, RepeatedQuestionMiddleware
from app.api.limits import LIMITS_KEY
from app.api.routers import reveal as reveal_router
from app.catalog import Catalog, load_catalog
from app.db.repositories import AliasHit, StoredRuling
from app.rulings import fastpath, questions
from app.rulings.fastpath import RecordingCatalog
from app.rulings.identity import card_digest
from tests.api.helpers import perm, state

CP = "/v1/mana/could-produce"
HEADERS = {"content-type": "application/json"}


def body_bytes(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


QUESTION = {"state": state(perm("f", "Forest"), perm("i", "Island", "bob"))}
# Larger than STORE_LOOKUP_ABOVE: not remembered, its bytes are looked up before the full path.
LARGER_QUESTION = {"state": state(*(perm(f"forest-{i}", "Forest") for i in range(120)))}


def forget_every_alias(client: TestClient) -> None:
    """Empty the memory of aliases (as a restart, or another replica, would find it)."""
    client.app.state.recent_aliases.clear()  # type: ignore[attr-defined]


@pytest.fixture
def endpoint_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the could-produce endpoint got as far as checking its state."""
    calls: list[int] = []
    original = questions.check_state

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(questions, "check_state", counting)
    return calls


def post(client: TestClient, raw: bytes, path: str = CP) -> Any:
    return client.post(path, content=raw, headers=HEADERS)


def test_the_same_bytes_again_are_served_from_the_store_without_the_endpoint(
    client: TestClient, endpoint_runs: list[int]
) -> None:
    raw = body_bytes(QUESTION)
    first = post(client, raw)
    assert first.status_code == 201
    assert len(endpoint_runs) == 1
    again = post(client, raw)
    assert again.status_code == 200
    assert len(endpoint_runs) == 1  # answered through the alias
    assert again.content == first.content
    assert again.headers["etag"] == first.headers["etag"]
    assert again.headers["location"] == first.headers["location"]
    assert again.headers["content-type"] == "application/json"
    assert "x-request-id" in again.headers
    stored = client.get(first.headers["location"])
    assert stored.content == again.content and stored.headers["etag"] == again.headers["etag"]


def alias_rows(client: TestClient) -> int:
    with client.app.state.db.engine.connect() as conn:  # type: ignore[attr-defined]
        return int(conn.execute(text("SELECT count(*) FROM ruling_aliases")).scalar_one())


def test_equal_questions_spelled_differently_share_one_ruling_with_an_alias_each(
    client: TestClient, endpoint_runs: list[int]
) -> None:
    # Larger than STORE_LOOKUP_ABOVE, so each spelling's alias is stored, not only remembered.
    respelled = {"state": state(*(perm(f"forest-{i}", "FOREST") for i in range(120)))}
    reordered = json.dumps(LARGER_QUESTION, indent=2, sort_keys=True).encode()
    first = post(client, body_bytes(LARGER_QUESTION))
    second = post(client, body_bytes(respelled))
    third = post(client, reordered)
    assert [first.status_code, second.status_code, third.status_code] == [201, 200, 200]
    assert first.json()["id"] == second.json()["id"] == third.json()["id"]
    assert len(endpoint_runs) == 3  # each new spelling goes the full way once...
    assert post(client, body_bytes(respelled)).content == first.content
    assert post(client, reordered).content == first.content
    assert len(endpoint_runs) == 3  # ...and is a lookup after that
    with client.app.state.db.engine.connect() as conn:  # type: ignore[attr-defined]
        rulings = conn.execute(text("SELECT count(*) FROM rulings")).scalar()
    assert (rulings, alias_rows(client)) == (1, 3)


def test_a_small_body_alias_is_remembered_not_stored_a_larger_one_is_stored(
    client: TestClient, endpoint_runs: list[int]
) -> None:
    small = body_bytes(QUESTION)
    respelled = body_bytes({"state": state(perm("f", "forest"), perm("i", "ISLAND", "bob"))})
    assert len(small) <= STORE_LOOKUP_ABOVE and len(respelled) <= STORE_LOOKUP_ABOVE
    first = post(client, small)
    assert first.status_code == 201 and post(client, respelled).status_code == 200
    # The store is never asked for a small body's alias (_hit), so none is written for one...
    assert alias_rows(client) == 0
    # ...and both spellings are answered from memory all the same.
    assert post(client, small).content == post(client, respelled).content == first.content
    assert len(endpoint_runs) == 2
    larger = post(client, body_bytes(LARGER_QUESTION))
    assert larger.status_code == 201 and alias_rows(client) == 1


def _catalog_with(replaced: dict[str, Callable[[Any], Any]]) -> Catalog:
    return Catalog([replaced.get(c.name, lambda c: c)(c) for c in load_catalog()])


def test_a_remembered_hit_whose_cards_memory_vouches_for_needs_no_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = body_bytes(QUESTION)
    first = post(client, raw)
    assert first.status_code == 201 and post(client, raw).status_code == 200  # now remembered
    catalog = client.app.state.catalog  # type: ignore[attr-defined]
    monkeypatch.setattr(catalog, "_check_every", 3600.0)  # its generation stays fresh
    catalog.digest("Forest")

    def no_thread(*_: Any) -> None:
        raise AssertionError("looked up on the thread pool")

    monkeypatch.setattr(RepeatedQuestionMiddleware, "_find", no_thread)
    again = post(client, raw)
    assert again.status_code == 200 and again.content == first.content
    assert again.headers["etag"] == first.headers["etag"]


def test_a_small_question_not_remembered_goes_the_full_path_without_a_lookup(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_lookup(*_: Any) -> None:
        raise AssertionError("looked up in the store before the full path")

    monkeypatch.setattr(RepeatedQuestionMiddleware, "_find", no_lookup)
    raw = body_bytes(QUESTION)
    assert len(raw) <= STORE_LOOKUP_ABOVE
    assert post(client, raw).status_code == 201


def test_the_full_path_remembers_the_alias_it_stored(client: TestClient) -> None:
    raw = body_bytes(QUESTION)
    first = post(client, raw)
    assert first.status_code == 201
    key = fastpath.alias_key(CP, b"", client.app.state.rules_version + "; " + LIMITS_KEY, raw)  # type: ignore[attr-defined]
    remembered = client.app.state.recent_aliases.get(key)  # type: ignore[attr-defined]
    assert remembered is not None
    assert remembered.ruling.body == first.content
    assert remembered.etag == first.headers["etag"]
    assert remembered.kind == "could_produce"


def ruling_rows(client: TestClient) -> int:
    with client.app.state.db.engine.connect() as conn:  # type: ignore[attr-defined]
        return int(conn.execute(text("SELECT count(*) FROM rulings")).scalar_one())


def calls_to(monkeypatch: pytest.MonkeyPatch, repository: type, method: str) -> list[str]:
    """What a repository's lookup is asked for (its one argument: an id or a key), in order."""
    calls: list[str] = []
    original = getattr(repository, method)

    def counting(self: object, asked: str) -> Any:
        calls.append(asked)
        return original(self, asked)

    monkeypatch.setattr(repository, method, counting)
    return calls


@pytest.fixture
def store_gets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rulings looked up by id (RulingRepository.get), in order."""
    from app.db.repositories import RulingRepository

    return calls_to(monkeypatch, RulingRepository, "get")


def test_a_small_new_question_is_not_looked_up_before_it_is_stored(
    client: TestClient, store_gets: list[str]
) -> None:
    first = post(client, body_bytes(QUESTION))
    assert first.status_code == 201
    assert store_gets == []  # no query before the insert, which found no conflict
    larger = post(client, body_bytes(LARGER_QUESTION))
    assert larger.status_code == 201
    assert store_gets == [larger.json()["id"]]  # a larger body is looked up first


def test_small_bytes_stored_but_not_remembered_are_found_by_the_insert_conflict(
    client: TestClient, endpoint_runs: list[int]
) -> None:
    raw = body_bytes(QUESTION)
    first = post(client, raw)
    assert first.status_code == 201
    forget_every_alias(client)
    again = post(client, raw)
    # The full path ran again, and its insert met the stored ruling: that one is the answer,
    # byte for byte, and nothing new is stored.
    assert again.status_code == 200 and again.content == first.content
    assert again.headers["etag"] == first.headers["etag"]
    assert len(endpoint_runs) == 2
    assert ruling_rows(client) == 1 and alias_rows(client) == 0
    assert post(client, raw).content == first.content
    assert len(endpoint_runs) == 2  # and remembered it


def test_a_larger_body_not_remembered_is_looked_up_in_the_store(
    client: TestClient, endpoint_runs: list[int]
) -> None:
    raw = body_bytes(LARGER_QUESTION)
    assert len(raw) > STORE_LOOKUP_ABOVE
    first = post(client, raw)
    assert first.status_code == 201
    forget_every_alias(client)
    again = post(client, raw)
    assert again.status_code == 200 and again.content == first.content
    assert len(endpoint_runs) == 1  # served through the stored alias


def test_memory_never_vouches_for_a_changed_or_missing_card() -> None:
    catalog = load_catalog()
    forest = catalog.digest("Forest")
    assert fastpath.reads_hold_in_memory(catalog, json.dumps([["Forest", forest]]))
    assert not fastpath.reads_hold_in_memory(catalog, json.dumps([["Forest", "0" * 16]]))
    # A lookup that found nothing is left to the database: an import may have added the card.
    assert not fastpath.reads_hold_in_memory(catalog, json.dumps([["No Such Card", None]]))


def test_a_changed_card_never_answers_through_the_alias(
    client: TestClient, endpoint_runs: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = body_bytes(QUESTION)
    assert post(client, raw).status_code == 201
    changed = _catalog_with({"Forest": lambda c: c.model_copy(update={"subtypes": ["Island"]})})
    assert card_digest(changed.get("Forest")) != card_digest(load_catalog().get("Forest"))
    monkeypatch.setitem(client.app.state._state, "catalog", changed)  # type: ignore[attr-defined]
    post(client, raw)
    assert len(endpoint_runs) == 2  # the full path ran again


def test_a_removed_card_gets_its_422_not_the_stored_ruling(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = body_bytes(QUESTION)
    assert post(client, raw).status_code == 201
    without = Catalog([c for c in load_catalog() if c.name != "Forest"])
    monkeypatch.setitem(client.app.state._state, "catalog", without)  # type: ignore[attr-defined]
    r = post(client, raw)
    assert r.status_code == 422
    assert r.json()["code"] == "unknown_card"


def test_other_rules_miss_every_alias(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    raw = body_bytes(QUESTION)
    first = post(client, raw)
    state = client.app.state._state  # type: ignore[attr-defined]
    monkeypatch.setitem(state, "engine_version", "0.0.0+other-rules")
    monkeypatch.setitem(state, "rules_version", "other-rules")
    again = post(client, raw)
    assert again.status_code == 201  # a new ruling, under the new rules version
    assert again.json()["id"] != first.json()["id"]
    assert again.json()["engine_version"] == "0.0.0+other-rules"


def test_a_server_picked_seed_is_a_new_question_every_time(client: TestClient) -> None:
    unseeded = body_bytes({"library": ["Forest", "Island", "Lightning Bolt"], "mode": "reveal",
                           "max_mana_value": 3})  # fmt: skip
    made = [post(client, unseeded, "/v1/library/reveal-until") for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 201]
    assert len({r.json()["question"]["seed"] for r in made}) == 3
    seeded = body_bytes({"library": ["Forest", "Island", "Lightning Bolt"], "mode": "reveal",
                         "max_mana_value": 3, "seed": 5})  # fmt: skip
    first = post(client, seeded, "/v1/library/reveal-until")
    again = post(client, seeded, "/v1/library/reveal-until")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.content == first.content


def test_server_picked_seed_records_no_alias(client: TestClient) -> None:
    # Directly: the flag set by pick_seed is what keeps the alias out of the table.
    pending, token = fastpath.begin("k" * 64)
    try:
        reveal_router.pick_seed(None)
    finally:
        fastpath.end(token)
    assert pending.repeatable is False


@pytest.mark.parametrize(
    ("raw", "status", "code"),
    [
        (b'{"state": {"battlefield": [{"id": "a\\u0000", "card": "Forest", "controller": "a"}]}}',
         422, "nul_character"),
        (b'{"state": {"battlefield": [}', 400, None),
        (b'{"state": {"battlefield": [{"id": "a", "card": "Forest", "controller": "\\ud800"}]}}',
         422, "validation_error"),
        # The shape checks run inside the repeated-question path, for bytes not answered before.
        (b'{"state": {"turn": 2, "turn": 3}}', 422, "duplicate_key"),
        (b'{"state": ' + b"[" * 40 + b"]" * 40 + b"}", 400, "too_deeply_nested"),
    ],
)  # fmt: skip
def test_bad_bodies_keep_their_4xx_every_time(
    client: TestClient, raw: bytes, status: int, code: str | None
) -> None:
    for _ in range(2):
        r = post(client, raw)
        assert r.status_code == status, r.text
        assert r.headers["content-type"] == "application/problem+json"
        if code is not None:
            assert r.json()["code"] == code


def test_a_failed_lookup_falls_back_to_the_full_path(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, endpoint_runs: list[int]
) -> None:
    raw = body_bytes(LARGER_QUESTION)  # a body that is looked up in the store
    assert post(client, raw).status_code == 201
    forget_every_alias(client)

    def unreachable(*_: Any) -> None:
        raise OperationalError("SELECT", {}, Exception("database is down"))

    monkeypatch.setattr(fastpath, "find_repeated", unreachable)
    assert post(client, raw).status_code == 200
    assert len(endpoint_runs) == 2


def test_a_hit_skips_the_shape_checks_a_new_question_runs_them(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.api import middleware

    checked: list[bytes] = []
    original = middleware._shape_refusal

    def counting(scope: Any, body: bytes) -> Any:
        checked.append(body)
        return original(scope, body)

    monkeypatch.setattr(middleware, "_shape_refusal", counting)
    raw = body_bytes(QUESTION)
    assert post(client, raw).status_code == 201
    assert checked == [raw]
    assert post(client, raw).status_code == 200
    assert checked == [raw]  # the bytes passed them when they were answered


def test_other_body_limits_miss_every_alias(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, endpoint_runs: list[int]
) -> None:
    from app.api import fastpath as api_fastpath

    raw = body_bytes(QUESTION)
    assert post(client, raw).status_code == 201
    monkeypatch.setattr(api_fastpath, "LIMITS_KEY", "other limits")
    assert post(client, raw).status_code == 200  # the same ruling, found by the full path
    assert len(endpoint_runs) == 2
    assert post(client, raw).status_code == 200  # and aliased again under the new limits
    assert len(endpoint_runs) == 2


def test_a_hit_is_counted_under_its_route(client: TestClient) -> None:
    raw = body_bytes(QUESTION)
    post(client, raw)
    post(client, raw)
    metrics = client.get("/metrics").text
    assert 'route="/v1/mana/could-produce"' in metrics
    assert 'route="unmatched"' not in metrics


def test_alias_keys_tell_the_parts_apart() -> None:
    keys = {
        fastpath.alias_key("/a", b"", "v1", b"{}"),
        fastpath.alias_key("/b", b"", "v1", b"{}"),
        fastpath.alias_key("/a", b"x=1", "v1", b"{}"),
        fastpath.alias_key("/a", b"", "v2", b"{}"),
        fastpath.alias_key("/a", b"", "v1", b"{ }"),
        fastpath.alias_key("/a", b"", "v", b"1{}"),
    }
    assert len(keys) == 6
    # 64 hex digits: the alias table's key column holds 64 characters.
    assert all(len(k) == 64 and int(k, 16) >= 0 for k in keys)


def test_a_strong_etag_names_the_exact_bytes() -> None:
    etag = fastpath.strong_etag(b'{"a":1}')
    assert etag == fastpath.strong_etag('{"a":1}')  # a str's UTF-8 bytes
    assert etag.startswith('"') and etag.endswith('"') and len(etag) == 34  # 128 bits, hex
    assert len({etag, fastpath.strong_etag(b'{"a":2}'), fastpath.strong_etag(b'{"a":1} ')}) == 3


def test_the_recording_catalog_records_every_lookup_the_catalog_offers() -> None:
    # A lookup method the recorder doesn't override would let a ruling depend on a card the
    # alias never checks: every public method of Catalog must be overridden.
    public = {n for n in vars(Catalog) if not n.startswith("_")} | {"__iter__", "__len__"}
    assert {n for n in public if n not in vars(RecordingCatalog)} == set()
    recording = RecordingCatalog(load_catalog())
    assert recording.get("forest") is load_catalog().get("Forest")
    assert recording.get("No Such Card") is None
    reads = json.loads(recording.reads_json() or "null")
    assert reads == [["No Such Card", None], ["forest", card_digest(load_catalog().get("Forest"))]]
    list(recording)
    assert recording.reads_json() is None  # read everything: no alias can be checked


def _hit(body_size: int, n: int = 0) -> AliasHit:
    return AliasHit(StoredRuling(n, f"r{n}", b"x" * body_size, '"e"'), "could_produce", "[]")


def test_big_rulings_are_remembered_apart_from_small_ones() -> None:
    recent = RecentAliases(
        max_entries=3, max_bytes=300, max_body=100, max_big_entries=2, max_big_bytes=1000
    )
    for n in range(3):
        recent.put(f"small-{n}", _hit(50, n))
    recent.put("big-0", _hit(400))
    recent.put("big-1", _hit(400))
    assert recent.sizes() == (2 + 1, 2)  # the big ones pushed out no small one
    recent.put("big-2", _hit(400))  # the least recently used big one goes
    assert recent.get("big-0") is None and recent.get("big-2") is not None
    assert recent.get("small-0") is not None
    recent.put("huge", _hit(1001))  # bigger than the whole big memory: left to the store
    assert recent.get("huge") is None and recent.sizes() == (3, 2)
    recent.put("small-0", _hit(400))  # the same key, now big: remembered once
    assert recent.sizes() == (2, 2) and recent.get("small-0") is not None
    recent.forget("small-0")
    assert recent.get("small-0") is None
    recent.clear()
    assert recent.sizes() == (0, 0)


def test_a_big_ruling_asked_again_is_served_from_memory(
    client: TestClient, endpoint_runs: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.db.repositories import AliasRepository

    board = {"state": state(*(perm(f"p{i}", ("Forest", "Island")[i % 2]) for i in range(1500)))}
    raw = body_bytes(board)
    first = post(client, raw)
    assert first.status_code == 201 and len(first.content) > 64 * 1024
    lookups = calls_to(monkeypatch, AliasRepository, "find")
    again = post(client, raw)
    assert again.status_code == 200 and again.content == first.content
    assert lookups == [] and len(endpoint_runs) == 1  # neither the store nor the full path
