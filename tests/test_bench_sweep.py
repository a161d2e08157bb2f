"""`python -m bench.sweep`: every card of a file asked each kind of question with the ruling
checks on. Here on invented cards: it asks every question, reports a 5xx with the error the
server logged (and exits 1), and reads a list of first faces without refusing it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import sweep  # noqa: E402
from bench.cardfiles import Face, Invented, invented_cards, mtgjson_document, write  # noqa: E402

COST = "pay {2}{B} and exile a card from your hand"
TITHE = Invented("normal", [Face("Ashfen Tithe", "{1}{B}", ["Sorcery"], colors=["B"],
                                 text=f"As an additional cost to cast this spell, {COST}.\n"
                                      "Draw two cards.")])  # fmt: skip


@pytest.fixture(scope="module")
def card_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sweep") / "AtomicCards.json"
    return write(path, mtgjson_document([*invented_cards(12), TITHE]))


def test_every_question_is_asked_and_none_fails(card_file: Path) -> None:
    found = sweep.sweep(card_file)
    asked = {label for label, _ in found.statuses}
    # The tithe's mandatory cost is named, so its costs' questions are asked too.
    tithe = sweep.SweptCard("Ashfen Tithe", additional_costs=(COST.capitalize(),))
    expected = {label for label, _, _ in sweep.questions(tithe)}
    assert expected <= asked
    assert found.errors == []
    assert all(status < 500 for _, status in found.statuses)
    # A sorcery can't be on the battlefield: a 422 with its code, counted by question.
    assert found.refusals["could-produce, Blood Moon", "not_a_permanent"] > 0


def test_a_server_error_is_reported_with_what_the_server_logged(
    card_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.api.routers import free_cast

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a broken free cast")

    monkeypatch.setattr(free_cast, "cast_without_paying", broken)
    found = sweep.sweep(card_file)
    failed = {label for label, _, _ in found.errors}
    assert failed == {label for label, _ in found.statuses if label.startswith("free cast")}
    assert {"free cast", "free cast, costs", "free cast, unpayable"} <= failed
    assert all(error == "RuntimeError: a broken free cast" for _, _, error in found.errors)
    assert found.statuses["free cast", 500] == len([e for e in found.errors if e[0] == "free cast"])
    assert "answers were 5xx" in sweep.render(found)
    assert sweep.main([str(card_file), "--workers", "1"]) == 1
    assert "RuntimeError: a broken free cast" in capsys.readouterr().out


def test_a_list_of_first_faces_is_read_without_refusing_it(tmp_path: Path) -> None:
    faces = [
        {"name": "Tarnfold // Cinder", "layout": "split", "manaCost": "{1}{U}",
         "type": "Instant", "types": ["Instant"], "text": "Draw a card."},
        {"name": "Silt Warden", "layout": "normal", "manaCost": "{D}{G}", "type": "Creature",
         "types": ["Creature"], "power": "1", "toughness": "1", "text": ""},
        {"name": "Reed Squire", "layout": "normal", "manaCost": "{G}", "type": "Creature",
         "types": ["Creature"], "power": "1", "toughness": "1", "text": ""},
    ]  # fmt: skip
    path = tmp_path / "first-faces.json"
    path.write_text(json.dumps(faces), encoding="utf-8")
    document = sweep.first_faces_document(path)
    assert document["data"]["Tarnfold // Cinder"][0]["layout"] == "normal"
    found = sweep.sweep(path, first_faces=True)
    # The split card is asked about as one face; the card with a symbol the model can't hold
    # is skipped (the importer's un-set rule), not a refusal of the whole file.
    assert found.statuses["free cast", 201] == 2 and found.errors == []
