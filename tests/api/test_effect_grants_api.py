"""Mana abilities an effect gives, through HTTP (613.1f): a Saga's chapter, a mode on one
target, a spell on a group (611.2c). The entry of the state's effects names the permanent it
changed as its target. Every card is invented; its text is ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.test_compiled_cards_api import CP, definition, inline, ruling

CHRONICLE = definition(
    "Quarry Chronicle",
    'I — Quarry Chronicle gains "{T}: Add {C}."\nII — Draw a card.',
    ["Enchantment", "Land"],
    None,
    ["Saga"],
)
WILDS = definition(
    "Sudden Wilds",
    'Until end of turn, lands you control gain "{T}: Add {C}{C}."',
    ["Instant"],
    "{G}",
)
FIELD = {"name": "Bare Field", "types": ["land"]}


def produced(client: TestClient, battlefield: list[dict[str, Any]], effects: list[Any]) -> Any:
    st = {"turn": 5, "active_player": "alice", "battlefield": battlefield, "effects": effects}
    r = ruling(client, CP, {"state": st})
    return {p["id"]: p["types"] for p in r["answer"]["permanents"]}


def test_a_sagas_chapter_gives_it_a_mana_ability(sqlite_client: TestClient) -> None:
    assert CHRONICLE["support"] == "full"
    saga = inline("saga", CHRONICLE, counters={"lore": 1})
    chapter = {"id": "c1", "definition": CHRONICLE, "controller": "alice", "target": "saga"}
    assert produced(sqlite_client, [saga], [chapter]) == {"saga": ["C"]}
    # Without the chapter's entry it has no mana ability (its effect hasn't happened), and
    # the ruling says what a question would send once it has.
    assert produced(sqlite_client, [saga], []) == {"saga": []}
    st = {"turn": 5, "active_player": "alice", "battlefield": [saga], "effects": []}
    steps = ruling(sqlite_client, CP, {"state": st})["explanation"]
    assert any(
        "only through an effect it makes" in s["text"] and s["rules"] == ["613.1f"] for s in steps
    )
    r = ruling(sqlite_client, "/v1/mana/activate", {"state": st, "permanent_id": "saga"})
    assert r["answer"]["reasons"][0]["code"] == "no_mana_ability"
    assert any("only through an effect it makes" in s["text"] for s in r["explanation"])


def test_a_chapters_grant_removed_by_a_newer_loss_is_said_so(sqlite_client: TestClient) -> None:
    # 613.1f, 613.7: the chapter's grant is older than the loss of all abilities, which
    # removes it; the step says so, and doesn't ask for the entry the state already has.
    stilling = definition("Stilling Hush", "All lands lose all abilities.", ["Enchantment"], "{2}")
    saga = inline("saga", CHRONICLE, counters={"lore": 1}) | {"timestamp": 0}
    hush = inline("hush", stilling) | {"timestamp": 9}
    chapter = {"id": "c1", "definition": CHRONICLE, "controller": "alice", "target": "saga",
               "timestamp": 5}  # fmt: skip
    st = {"turn": 5, "active_player": "alice", "battlefield": [saga, hush], "effects": [chapter]}
    r = ruling(sqlite_client, CP, {"state": st})
    assert {p["id"]: p["types"] for p in r["answer"]["permanents"]}["saga"] == []
    texts = [s["text"] for s in r["explanation"]]
    assert not any("only through an effect it makes" in t for t in texts)
    assert any(
        t.startswith("Quarry Chronicle (c1) gave Quarry Chronicle (saga) a mana ability, but")
        for t in texts
    ), texts
    # Newer than the loss, the grant stays.
    chapter["timestamp"] = 12
    assert produced(sqlite_client, [saga, hush], [chapter])["saga"] == ["C"]


def test_a_spell_gives_each_land_there_as_it_resolved(sqlite_client: TestClient) -> None:
    # 611.2c: the land played afterwards has no entry and no new ability.
    lands = [inline("old", FIELD), inline("new", FIELD)]
    entry = {"id": "w1", "definition": WILDS, "controller": "alice", "target": "old"}
    assert produced(sqlite_client, lands, [entry]) == {"old": ["C"], "new": []}


def test_a_chapters_lasting_steal_over_http(sqlite_client: TestClient) -> None:
    # 714.2b: chapter I resolved two turns ago; alice has had the Elf since (302.6).
    annals = definition(
        "Siege Annals",
        "I — Gain control of target creature for as long as you control Siege Annals.\n"
        "II — Draw a card.",
        ["Enchantment"],
        "{3}{U}",
        ["Saga"],
    )
    assert annals["support"] == "full"
    elf = definition("Moss Elf", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    st = {
        "turn": 7,
        "active_player": "alice",
        "battlefield": [
            inline("saga", annals, counters={"lore": 2}),
            inline("elf", elf, controller="bob"),
        ],
        "effects": [{"id": "c1", "definition": annals, "controller": "alice", "target": "elf"}],
    }
    r = ruling(sqlite_client, "/v1/mana/activate", {"state": st, "permanent_id": "elf"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{G}")


def test_a_static_the_saga_gains_grants_its_controllers_creatures(
    sqlite_client: TestClient,
) -> None:
    # The entry stands for the chapter's effect: creatures its controller controls have the
    # ability, those of other players don't.
    roar = definition(
        "Herd Chronicle",
        'I — Draw a card.\nII — Herd Chronicle gains "Creatures you control have '
        "'{T}: Add {R} or {G}.'\"",
        ["Enchantment"],
        "{2}{G}",
        ["Saga"],
    )
    assert roar["support"] == "full"
    bear = {"name": "Plain Bear", "types": ["creature"]}
    board = [
        inline("saga", roar, counters={"lore": 2}),
        inline("b", bear),
        inline("o", bear, "bob"),
    ]
    entry = {"id": "c2", "definition": roar, "controller": "alice", "target": "saga"}
    assert produced(sqlite_client, board, [entry]) == {
        "saga": [],
        "b": ["R", "G"],
        "o": [],
    }
