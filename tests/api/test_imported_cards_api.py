"""Imported cards through HTTP: every endpoint that needs no compiled rules text works on
them, names are found as people type them, and a changed card re-keys only its rulings.
Invented cards only (bench/cardfiles.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from app.catalog.importer import import_file
from app.db.migrate import migrate
from app.main import create_app
from app.settings import Settings
from bench.cardfiles import Face, Invented, invented_cards, mtgjson_document, write
from tests.api.helpers import assert_problem
from tests.databases import scratch_database

SPLIT = "Amber Hollow Strider Spark // Strider Ash"
TRANSFORM = "Amber Hollow Seeker Scholar // Seeker Unbound"
MELD = "Amber Hollow Mender Sentinel // Mender Colossus"
SIEGE = "Amber Hollow Nomad // Nomad Reclaimed"  # a battle, {3}{color}
ADVENTURE = "Amber Hollow Stalker Giant // Stalker Path"
LAND = "Amber Hollow Binder"  # Land — Mountain (i % 20 == 8)
CREATURE = "Amber Hollow Warden"  # {W} 1/1


def _app(url: str) -> TestClient:
    return TestClient(
        create_app(Settings(database_url=url, migrate_on_startup=True, log_level="WARNING"))
    )


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def imported_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    directory = tmp_path_factory.mktemp("imported")
    path = write(directory / "AtomicCards.json.gz", mtgjson_document(invented_cards(120)))
    if request.param == "sqlite":
        url = f"sqlite:///{directory / 'rulings.db'}"
        _import(url, path)
        yield url
        return
    server = request.getfixturevalue("postgres_url")
    if server is None:
        pytest.skip("PostgreSQL is not reachable here")
    with scratch_database(str(server), "rulings_imported") as url:
        _import(url, path)
        yield url


def _import(url: str, path: Path) -> None:
    engine = create_engine(url)
    migrate(engine)
    import_file(engine, path)
    engine.dispose()


@pytest.fixture(scope="module")
def client(imported_url: str) -> Iterator[TestClient]:
    with _app(imported_url) as c:
        yield c


def test_a_planeswalker_and_a_battle_show_their_printed_numbers(client: TestClient) -> None:
    walker = client.get("/v1/cards/" + quote("amber hollow mystic")).json()
    assert walker["types"] == ["planeswalker"] and walker["loyalty"] == "5"
    assert "defense" not in walker
    # 712.2: a battle is a transforming double-faced card; its front has the defense.
    battle = client.get("/v1/cards/" + quote("Amber Hollow Nomad")).json()
    assert battle["layout"] == "transform"
    assert battle["faces"][0]["types"] == ["battle"] and battle["faces"][0]["defense"] == "7"
    assert "defense" not in battle["faces"][1]
    assert "loyalty" not in client.get("/v1/cards/" + quote(CREATURE)).json()


def test_card_by_any_spelling_with_each_faces_text(client: TestClient) -> None:
    card = client.get("/v1/cards/" + quote("amber hollow strider spark/strider ash")).json()
    assert card["name"] == SPLIT and card["layout"] == "split" and card["mana_value"] == 5
    assert [f["text"] for f in card["faces"]] == ["Templated: this spell deals 2 damage."] * 2
    assert client.get("/v1/cards/" + quote("STRIDER ASH")).json()["name"] == SPLIT
    for typed in ("aethermire vial", "AETHERMIRE  VIAL"):
        assert client.get("/v1/cards/" + quote(typed)).json()["name"] == "Æthermire Vial"
    for typed in ("Lum-Dars Lantern Keeper", "lûm-dar\u2019s lantern keeper"):
        r = client.get("/v1/cards/" + quote(typed))
        assert r.json()["name"] == "Lûm-Dar's Lantern Keeper", typed


def test_search_at_any_case_and_accent_with_filters_and_pages(client: TestClient) -> None:
    found = client.get("/v1/cards", params={"q": "AETHER"}).json()
    assert [c["name"] for c in found["data"]] == ["Æthermire Vial"]
    lands = client.get("/v1/cards", params={"type": "Land", "produces": "r"}).json()["data"]
    names = [c["name"] for c in lands]
    assert LAND in names and "Mountain" in names  # imported and bundled Mountains (305.6)
    assert "Forest" not in names
    assert all("land" in c["types"] for c in lands)
    page = client.get("/v1/cards", params={"q": "hollow", "limit": 5}).json()
    seen = [c["name"] for c in page["data"]]
    assert page["has_more"] and page["next_page"].startswith("/v1/cards?")
    page = client.get(page["next_page"]).json()
    assert not set(seen) & {c["name"] for c in page["data"]}
    assert seen == sorted(seen)


def _mana_value(client: TestClient, **body: Any) -> Any:
    return client.post("/v1/spells/mana-value", json=body)


def test_mana_value_of_each_imported_layout(client: TestClient) -> None:
    r = _mana_value(client, card="amber hollow strider spark // strider ash", zone="library")
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["mana_value"] == 5  # 709.4: both halves
    assert "709.4" in r.json()["citations"]
    r = _mana_value(client, card=TRANSFORM, zone="battlefield", face="Seeker Unbound")
    assert r.json()["answer"]["mana_value"] == 5  # 712.8: the front face's mana cost ({4}{G})
    # A defeated Siege is cast transformed: the spell's mana value is the front's too (712.8).
    r = _mana_value(client, card=SIEGE, zone="stack", face="Nomad Reclaimed")
    assert r.status_code == 201 and r.json()["answer"]["mana_value"] == 4, r.text
    # Nothing casts this one transformed: its back face is never on the stack.
    r = _mana_value(client, card=TRANSFORM, zone="stack", face="Seeker Unbound")
    assert_problem(r, ["body", "face"], "face_never_cast")
    r = _mana_value(client, card=MELD, zone="stack", face="Mender Colossus")
    assert_problem(r, ["body", "face"], "face_never_cast")
    r = _mana_value(client, card=MELD, zone="battlefield", face="Mender Colossus")
    assert_problem(r, ["body", "face"], "melded_permanent")
    r = _mana_value(client, card=ADVENTURE, zone="stack", face="Stalker Path")
    assert r.json()["answer"]["mana_value"] == 2  # 715.3: the Adventure on the stack


@pytest.mark.parametrize("face", ["Mender Colossus", "Seeker Unbound"])
def test_a_free_cast_of_a_face_never_cast_says_only_why(client: TestClient, face: str) -> None:
    # 712.8: a meld card's melded face is never cast, nor a transforming card's back face that
    # nothing casts transformed; nothing else about casting it as a spell (its part, its
    # missing mana cost) applies.
    r = client.post("/v1/spells/cast-without-paying", json={"card": face})
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert answer["castable"] is False
    assert [reason["code"] for reason in answer["reasons"]] == ["face_never_cast"]
    said = " ".join(step["text"] for step in r.json()["explanation"])
    assert "is never cast" in said
    assert "The part cast is" not in said and "has no mana cost" not in said


def test_a_transforming_card_cast_transformed_for_free(client: TestClient) -> None:
    # A defeated Siege casts its card transformed without paying its mana cost: the spell is
    # the back face, with the front face's mana value (712.8).
    r = client.post("/v1/spells/cast-without-paying", json={"card": "Nomad Reclaimed"})
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert (answer["castable"], answer["face"], answer["mana_value_on_stack"]) == (
        True,
        "Nomad Reclaimed",
        4,
    )
    said = " ".join(step["text"] for step in r.json()["explanation"])
    assert "from Amber Hollow Nomad's mana cost" in said, said
    # Only from exile, where the Siege's own trigger casts it (601.3).
    board = {"turn": 3, "active_player": "alice", "battlefield": []}
    body = {"card": "Nomad Reclaimed", "cast_from": "hand", "state": board}
    r = client.post("/v1/spells/cast-without-paying", json=body)
    assert r.status_code == 201 and r.json()["answer"]["castable"] is False, r.text
    assert [x["code"] for x in r.json()["answer"]["reasons"]] == ["face_never_cast"]
    # A cascade casts its hit face up (702.85a): never as the back face.
    body = {"library": [SIEGE], "mode": "cascade", "cascade_mana_value": 6, "seed": 1,
            "face": "Nomad Reclaimed"}  # fmt: skip
    r = client.post("/v1/library/reveal-until", json=body)
    assert r.status_code == 201, r.text
    hit = r.json()["answer"]
    assert hit["cast"] is False
    assert [x["code"] for x in hit["free_cast"]["reasons"]] == ["face_never_cast"]


def test_cascade_through_imported_cards(client: TestClient) -> None:
    body = {
        "library": [LAND, "Amber Hollow Stalker Giant", CREATURE, "Forest"],
        "mode": "cascade",
        "cascade_mana_value": 4,
        "seed": 3,
    }
    r = client.post("/v1/library/reveal-until", json=body)
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert answer["hit"] == CREATURE
    assert answer["revealed"] == [LAND, ADVENTURE, CREATURE]


def test_mulligan_with_imported_cards(client: TestClient) -> None:
    hand = [CREATURE, LAND, "Æthermire Vial", SPLIT, TRANSFORM, MELD, ADVENTURE]
    body = {"hand": hand, "library": [LAND] * 10, "action": "mulligan", "seed": 5}
    r = client.post("/v1/mulligan", json=body)
    assert r.status_code == 201, r.text
    assert sorted(r.json()["question"]["hand"]) == sorted(hand)


def test_unknown_name_suggests_cards(client: TestClient) -> None:
    r = _mana_value(client, card="Amber Holow Warden", zone="hand")
    assert_problem(r, ["body", "card"], "unknown_card")
    detail = r.json()["detail"]
    suggested = detail.split("did you mean ", 1)[1].split("?", 1)[0].split(", ")
    assert suggested[0] == "'Amber Hollow Warden'"
    assert 1 <= len(suggested) <= 5
    assert "GET /v1/cards?q=" in detail and "definition" in detail


def test_a_reimport_rekeys_only_questions_about_changed_cards(tmp_path: Path) -> None:
    cards = invented_cards(30)
    url = f"sqlite:///{tmp_path / 'rekey.db'}"
    _import(url, write(tmp_path / "v1.json", mtgjson_document(cards)))
    asks = [{"card": CREATURE, "zone": "hand"}, {"card": LAND, "zone": "hand"}]
    with _app(url) as c:
        before = [c.post("/v1/spells/mana-value", json=q).json()["id"] for q in asks]
    changed = [
        Invented("normal", [Face(CREATURE, "{3}{W}", ["Creature"], power="1", toughness="1")])
        if card.name == CREATURE
        else card
        for card in cards
    ]
    _import(url, write(tmp_path / "v2.json", mtgjson_document(changed)))
    with _app(url) as c:  # a restart: imported cards persist
        creature = c.post("/v1/spells/mana-value", json=asks[0])
        land = c.post("/v1/spells/mana-value", json=asks[1])
        assert creature.status_code == 201 and creature.json()["id"] != before[0]
        assert creature.json()["answer"]["mana_value"] == 4
        assert land.status_code == 200 and land.json()["id"] == before[1]
        old = c.get(f"/v1/rulings/{before[0]}")
        assert old.status_code == 200 and old.json()["answer"]["mana_value"] == 1
