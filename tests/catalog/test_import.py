"""`rulings cards import`: both formats, every layout, skipped objects counted, all or nothing,
idempotent, persistent across migrations (invented cards only: bench/cardfiles.py)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, func, select
from sqlalchemy.orm import Session

from app.catalog import load_catalog
from app.catalog.importer import import_file
from app.catalog.sources import ImportProblem
from app.catalog.store import DbCatalog, catalog_digest
from app.cli import main
from app.db.migrate import migrate
from app.db.models import CardRow
from app.rulings.identity import card_digest
from app.settings import get_settings
from bench.cardfiles import (
    Face,
    Invented,
    invented_cards,
    mtgjson_document,
    scryfall_document,
    skipped_objects,
    with_reversible,
    write,
)

LAYOUTS = {
    "normal", "split", "aftermath", "flip", "transform", "modal_dfc", "adventure", "meld",
    "leveler", "class", "saga", "case", "prototype", "mutate",
}  # fmt: skip


def _cards() -> list[Invented]:
    return with_reversible(invented_cards(42)) + skipped_objects()


@pytest.fixture(params=["mtgjson.json", "mtgjson.json.gz", "scryfall.json", "scryfall.json.gz"])
def card_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    name: str = request.param
    document = mtgjson_document(_cards()) if name.startswith("mtgjson") else None
    if document is None:
        return write(tmp_path / name, scryfall_document(_cards()))
    return write(tmp_path / name, document)


def _digest(engine: Engine) -> tuple[str, int]:
    with Session(engine) as session:
        count = session.execute(select(func.count()).select_from(CardRow)).scalar_one()
        return catalog_digest(session), count


def test_every_layout_is_imported_with_its_faces(fresh_engine: Engine, card_file: Path) -> None:
    summary = import_file(fresh_engine, card_file)
    assert summary.format == ("mtgjson" if "mtgjson" in card_file.name else "scryfall")
    assert set(summary.by_layout) == LAYOUTS
    assert summary.cards == 43  # 42 and a reversible printing of a card of its own
    skipped = dict(summary.skipped)
    assert skipped["another printing of a card already read"] == 1  # "X // X" of a card X
    for reason in ("token", "emblem", "art card", "plane or phenomenon", "scheme", "vanguard"):
        assert skipped[reason] == 1, reason
    assert skipped["un-set card the model can't hold"] == 1
    if summary.format == "scryfall":
        assert skipped["minigame"] == skipped["memorabilia"] == 1
        assert skipped["meld result (the back face of two cards)"] == 2

    catalog = DbCatalog(fresh_engine)
    split = catalog.get("amber hollow strider spark/strider ash")
    assert split is not None and split.layout == "split"
    assert split.mana_value_off_stack() == 2 + 3  # 709.4: both halves
    assert [f.text for f in split.faces] == ["Templated: this spell deals 2 damage."] * 2
    aftermath = catalog.get("Amber Hollow Oracle Rise")
    assert aftermath is not None and aftermath.layout == "aftermath"
    assert aftermath.mana_value_off_stack() == 2 + 4
    transform = catalog.get("Seeker Unbound")  # by its back face's name
    assert transform is not None and transform.layout == "transform"
    assert transform.mana_value_off_stack() == transform.front.face_mana_value()
    assert transform.faces[1].mana_cost is None and transform.faces[1].face_colors == ["G"]
    adventure = catalog.get("Amber Hollow Stalker Giant")
    assert adventure is not None and adventure.mana_value_off_stack() == 5  # 715.4
    mdfc = catalog.get("TENDER GROTTO")
    assert mdfc is not None and mdfc.mana_value_off_stack() == 3  # 712.8: the front face
    lantern = catalog.get("Quill Fen Lantern")  # read from its reversible printing
    assert lantern is not None and lantern.layout == "normal" and lantern.mana_value == 2
    # Both formats give a meld card its melded back face: Scryfall's meld result is an object
    # of its own, later in the file than the front.
    meld = catalog.get("Mender Colossus")
    assert meld is not None and meld.layout == "meld"
    assert meld.name == "Amber Hollow Mender Sentinel // Mender Colossus"
    assert [f.name for f in meld.faces] == ["Amber Hollow Mender Sentinel", "Mender Colossus"]
    assert meld.mana_value_off_stack() == meld.front.face_mana_value() == 4  # 712.8
    # The melded face keeps its own keywords (Scryfall: the result object's), the front none.
    assert [f.keywords for f in meld.faces] == [[], ["Vigilance"]]
    # 710.1c: flipped, a flip card keeps its colors (Scryfall gives its faces none).
    flip = catalog.get("Herald Ascendant")
    assert flip is not None and flip.layout == "flip"
    assert [f.face_colors for f in flip.faces] == [["U"], ["U"]]
    saga = catalog.get("Amber Hollow Forager")
    assert saga is not None and saga.layout == "saga" and saga.subtypes == ["Saga"]


def test_printed_loyalty_and_defense_are_imported_where_printed(
    fresh_engine: Engine, card_file: Path
) -> None:
    import_file(fresh_engine, card_file)
    catalog = DbCatalog(fresh_engine)
    walker = catalog.get("Amber Hollow Mystic")
    battle = catalog.get("Amber Hollow Nomad")
    assert walker is not None and walker.types == ["planeswalker"]
    assert (walker.loyalty, walker.defense) == ("5", None)
    # 712.2: a battle is a transforming double-faced card (Scryfall's layout "battle").
    assert battle is not None and battle.layout == "transform"
    assert battle.front.types == ["battle"] and battle.faces[1].types == ["creature"]
    assert (battle.front.loyalty, battle.front.defense) == (None, "7")
    assert battle.faces[1].defense is None
    assert walker.front.loyalty == "5"
    # A card that prints neither has neither in its data, so its digest is what it was.
    creature = catalog.get("Quill Fen Lantern")
    assert creature is not None
    assert not {"loyalty", "defense"} & set(creature.model_dump(mode="json"))


def test_importing_the_same_file_twice_changes_nothing(
    fresh_engine: Engine, card_file: Path
) -> None:
    first = import_file(fresh_engine, card_file)
    after_first = _digest(fresh_engine)
    second = import_file(fresh_engine, card_file)
    assert _digest(fresh_engine) == after_first
    assert (second.new, second.updated, second.unchanged) == (0, 0, first.cards)
    assert second.catalog_digest == first.catalog_digest


def test_imported_cards_persist_across_migrations(fresh_engine: Engine, tmp_path: Path) -> None:
    path = write(tmp_path / "cards.json", mtgjson_document(_cards()))
    import_file(fresh_engine, path)
    before = _digest(fresh_engine)
    migrate(fresh_engine)  # what every start-up does
    assert _digest(fresh_engine) == before
    assert DbCatalog(fresh_engine).get("aethermire vial") is not None


def _with_bundled_names(tmp_path: Path) -> Path:
    forest = Invented("normal", [Face("Forest", None, ["Land"], ["Basic"], ["Forest"],
                                      text="Imported words for the basic land.")])  # fmt: skip
    fire_ice = Invented(
        "split",
        [
            Face("Fire", "{1}{R}", ["Instant"], colors=["R"], text="Imported fire words."),
            Face("Ice", "{1}{U}", ["Instant"], colors=["U"], text="Imported ice words."),
        ],
    )
    ring = Invented("normal", [Face("Sol Ring", "{1}", ["Artifact"], text="Imported ring words.")])
    return write(tmp_path / "bundled.json", mtgjson_document([forest, fire_ice, ring]))


def test_a_bundled_card_keeps_its_abilities_and_gains_the_imported_text(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    summary = import_file(fresh_engine, _with_bundled_names(tmp_path))
    assert summary.text_added_to_bundled == 3
    for _ in range(2):  # and again after a re-migrate (the bundled catalog is re-synced)
        catalog = DbCatalog(fresh_engine)
        forest, bundled = catalog.get("Forest"), load_catalog().get("Forest")
        assert forest is not None and bundled is not None
        assert forest.abilities == bundled.abilities
        assert forest.text == "Imported words for the basic land."
        ring, bundled_ring = catalog.get("sol ring"), load_catalog().get("Sol Ring")
        assert ring is not None and bundled_ring is not None and bundled_ring.abilities
        assert ring.abilities == bundled_ring.abilities  # the engine's source of truth
        assert ring.text == "Imported ring words."
        split = catalog.get("Fire // Ice")
        assert split is not None
        assert [f.text for f in split.faces] == ["Imported fire words.", "Imported ice words."]
        assert split.faces[0].abilities == load_catalog().get("Fire // Ice").faces[0].abilities  # type: ignore[union-attr]
        migrate(fresh_engine)


# --- malformed files: a message naming the card or the position; the catalog unchanged -------


def _mtgjson_with(entry_name: str, face: dict[str, Any]) -> dict[str, Any]:
    document = mtgjson_document(invented_cards(10))
    document["data"][entry_name] = [face]
    return document


MALFORMED: dict[str, tuple[Any, str]] = {
    "not JSON": (b"this is not json", "not card data"),
    "truncated JSON": (b'{"meta": {}, "data": {"Amber Hollow Oracle": [{"name": "Amb', "byte"),
    "a number": (b"42", "not card data"),
    "MTGJSON data as a list": ({"meta": {}, "data": []}, "'data' must be an object"),
    "MTGJSON without data": ({"meta": {}}, "no 'data' object"),
    "an entry that is not a list": ({"data": {"Quill Moth": {"name": "Quill Moth"}}}, "Quill Moth"),
    "a card without a name": (_mtgjson_with("", {"name": "", "types": ["Creature"]}), "a name"),
    "a bad mana cost": (
        _mtgjson_with("Quill Moth", {"name": "Quill Moth", "manaCost": "{Q}", "types": []}),
        "Quill Moth",
    ),
    "a wrong field type": (
        _mtgjson_with("Quill Moth", {"name": "Quill Moth", "types": "Creature"}),
        "Quill Moth",
    ),
    "Scryfall item not an object": ([{"name": "Quill Moth", "type_line": "Creature"}, 7], "item 1"),
    "Scryfall card without a name": ([{"type_line": "Creature", "layout": "normal"}], "a name"),
    "Scryfall bad mana cost": (
        [{"name": "Quill Moth", "mana_cost": "{2}{", "type_line": "Creature", "layout": "normal"}],
        "Quill Moth",
    ),
}  # fmt: skip


@pytest.mark.parametrize("kind", MALFORMED)
def test_a_malformed_file_imports_nothing(kind: str, fresh_engine: Engine, tmp_path: Path) -> None:
    import_file(fresh_engine, write(tmp_path / "good.json", mtgjson_document(_cards())))
    before = _digest(fresh_engine)
    content, named = MALFORMED[kind]
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    for path in (tmp_path / "bad.json", tmp_path / "bad.json.gz"):
        path.write_bytes(gzip.compress(raw) if path.suffix == ".gz" else raw)
        with pytest.raises(ImportProblem, match=named):
            import_file(fresh_engine, path)
        assert _digest(fresh_engine) == before


# --- the command ------------------------------------------------------------------------------


@pytest.fixture
def database_env(fresh_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("RULINGS_DATABASE_URL", fresh_url)
    get_settings.cache_clear()
    yield fresh_url  # type: ignore[misc]
    get_settings.cache_clear()


def test_the_command_prints_a_json_summary(
    database_env: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "cards.json.gz", scryfall_document(_cards()))
    assert main(["cards", "import", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["format"] == "scryfall"
    assert summary["cards"] == 43 and summary["new"] == 43
    assert summary["skipped"]["token"] == 1
    assert summary["by_layout"]["split"] >= 1


def test_the_command_fails_without_writing(
    database_env: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(_mtgjson_with("Quill Moth", {"name": "Quill Moth", "manaCost": "{Q}"}))
    )
    assert main(["cards", "import", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Quill Moth" in err and "nothing was imported" in err
    assert main(["cards", "import", str(tmp_path / "missing.json")]) == 2


def test_a_card_dropped_from_the_bundled_catalog_falls_back_to_the_imported_one(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    from app.catalog import Catalog
    from app.db.migrate import sync_catalog

    import_file(fresh_engine, _with_bundled_names(tmp_path))
    without_ring = Catalog([c for c in load_catalog() if c.name != "Sol Ring"])
    with fresh_engine.connect() as conn:
        sync_catalog(conn, without_ring)
    ring = DbCatalog(fresh_engine).get("Sol Ring")
    assert ring is not None  # the imported card, with its text and no abilities
    assert ring.abilities == [] and ring.text == "Imported ring words."
    migrate(fresh_engine)  # the release after: Sol Ring is bundled again
    ring, bundled = DbCatalog(fresh_engine).get("Sol Ring"), load_catalog().get("Sol Ring")
    assert ring is not None and bundled is not None
    assert ring.abilities == bundled.abilities and ring.text == "Imported ring words."


def test_a_scryfall_two_faced_card_gives_each_face_the_keywords_its_text_names(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    # Scryfall keeps the card's keywords on the card, none on its faces: each face gets those
    # its own text names (a keyword in reminder text is none of its own).
    pup = Face(
        "Emberkin Pup",
        "{R}",
        ["Creature"],
        colors=["R"],
        power="1",
        toughness="1",
        keywords=["Trample"],
        text="Trample (reminder: it may gain haste later.)",
    )
    hound = Face("Emberkin Hound", None, ["Creature"], colors=["R"], power="3", toughness="3",
                 keywords=["Haste"], text="Haste")  # fmt: skip
    path = write(tmp_path / "cards.json", scryfall_document([Invented("transform", [pup, hound])]))
    import_file(fresh_engine, path)
    card = DbCatalog(fresh_engine).get("Emberkin Pup")
    assert card is not None
    assert [f.keywords for f in card.faces] == [["Trample"], ["Haste"]]


def test_a_one_face_card_has_only_the_keywords_its_keyword_lines_say(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    # A card file lists keywords the text only mentions (and keyword actions): a creature that
    # gives others haste has none itself (302.6 reads it).
    herald = Face("Emberkin Crier", "{1}{R}", ["Creature"], colors=["R"], power="2",
                  toughness="2", keywords=["Haste", "Scry", "Menace"],
                  text="Menace\nOther creatures you control have haste.\nWhen this creature "
                       "enters, scry 1.")  # fmt: skip
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document([
        Invented("normal", [herald])])))  # fmt: skip
    card = DbCatalog(fresh_engine).get("Emberkin Crier")
    assert card is not None and card.keywords == ["Menace"]


def test_a_keyword_written_as_a_label_is_kept(fresh_engine: Engine, tmp_path: Path) -> None:
    # "Exhaust — {cost}: effect" names its keyword as the line's label.
    tender = Face("Emberkin Tender", "{1}{G}", ["Creature"], colors=["G"], power="1",
                  toughness="1", keywords=["Exhaust"],
                  text="Exhaust — {G}, {T}: Add two mana of any one color.")  # fmt: skip
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document([
        Invented("normal", [tender])])))  # fmt: skip
    card = DbCatalog(fresh_engine).get("Emberkin Tender")
    assert card is not None and card.keywords == ["Exhaust"]


def test_both_formats_give_one_catalog_of_what_they_spell_differently(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    # A two-word creature type, colors listed out of order, a keyword a face only mentions.
    doctor = Face("Quill Tarn Regent", "{G}{W}", ["Creature"], subtypes=["Time Lord", "Doctor"],
                  colors=["W", "G"], power="2", toughness="2", text="Vigilance",
                  keywords=["Vigilance"])  # fmt: skip
    herald = Face("Emberkin Herald", "{R}", ["Creature"], colors=["R"], power="1",
                  toughness="1", text="Other creatures you control have haste.",
                  keywords=["Haste"])  # fmt: skip
    fury = Face("Emberkin Fury", None, ["Creature"], colors=["R"], power="3", toughness="3",
                text="Haste", keywords=["Haste"])  # fmt: skip
    # Faces Scryfall gives no colors, and a flipped face no mana cost (710.1c: it keeps it).
    ash = Face("Tarn Ash", "{1}{B}", ["Instant"], colors=["B"], text="Templated.")
    gale = Face("Tarn Gale", "{U}", ["Sorcery"], colors=["U"], text="Templated.")
    cub = Face("Tarn Cub", "{1}{G}", ["Creature"], colors=["G"], power="2", toughness="1")
    romp = Face("Tarn Romp", "{G}", ["Sorcery"], subtypes=["Adventure"], colors=["G"])
    acolyte = Face("Tarn Acolyte", "{1}{U}", ["Creature"], colors=["U"], power="1",
                   toughness="1")  # fmt: skip
    sage = Face("Tarn Sage", None, ["Creature"], supertypes=["Legendary"], colors=["U"],
                power="3", toughness="3")  # fmt: skip
    multi = [Invented("split", [ash, gale]), Invented("adventure", [cub, romp]),
             Invented("flip", [acolyte, sage])]  # fmt: skip
    cards = [Invented("normal", [doctor]), Invented("transform", [herald, fury]), *multi]
    names = ["Quill Tarn Regent", "Emberkin Herald", "Tarn Ash", "Tarn Cub", "Tarn Acolyte"]
    read = {}
    for name, document in (
        ("mtgjson.json", mtgjson_document(cards)),
        ("scryfall.json", scryfall_document(cards)),
    ):
        engine = create_engine(f"sqlite:///{tmp_path / name}.db")
        migrate(engine)
        import_file(engine, write(tmp_path / name, document))
        catalog = DbCatalog(engine)
        found = [catalog.get(n) for n in names]
        assert all(c is not None for c in found)
        read[name] = found
        engine.dispose()
    for regent, emberkin, split, _, flip in read.values():
        assert regent.subtypes == ["Time Lord", "Doctor"]  # 205.3m: one creature type
        assert regent.colors == ["W", "G"]  # in W U B R G order
        # The front only says others have haste: the keyword is the back's alone.
        assert [f.keywords for f in emberkin.faces] == [[], ["Haste"]]
        assert [f.colors for f in split.faces] == [["B"], ["U"]]
        assert [f.mana_cost for f in flip.faces] == ["{1}{U}", "{1}{U}"]
    from_mtgjson, from_scryfall = read.values()
    assert [card_digest(c) for c in from_mtgjson] == [card_digest(c) for c in from_scryfall]


def test_a_meld_front_without_its_back_is_a_card_of_one_face_in_both_formats(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    front = Face("Lone Tarn Sentinel", "{3}{W}", ["Creature"], colors=["W"], power="3",
                 toughness="3", text="Templated: it waits.")  # fmt: skip
    back = Face("Tarn Colossus", None, ["Creature"], colors=["W"], power="9", toughness="9")
    document = mtgjson_document([Invented("meld", [front, back])])
    (entry,) = document["data"].values()
    entry[:] = [e for e in entry if e["side"] == "a"]  # the file lacks the melded face
    summary = import_file(fresh_engine, write(tmp_path / "cards.json", document))
    assert summary.cards == 1 and not summary.skipped
    card = DbCatalog(fresh_engine).get("Lone Tarn Sentinel")
    assert card is not None and (card.name, card.layout) == ("Lone Tarn Sentinel", "normal")
    assert card.mana_value == 4
