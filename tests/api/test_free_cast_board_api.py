"""POST /v1/spells/cast-without-paying with the board it is cast on (601.2f, 118.7a, 118.9):
the static abilities of permanents that make spells cost more, less, or at least some amount
apply to a free cast too. The cards are invented, defined inline."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem

FREE = "/v1/spells/cast-without-paying"

NONCREATURE: dict[str, Any] = {
    "where": {"kind": "not", "filter": {"kind": "type", "type": "creature"}}
}


def _taxer(
    name: str, change: str, mana: str, spells: dict[str, Any], **more: Any
) -> dict[str, Any]:
    ability = {"kind": "spell_cost_change", "change": change, "mana": mana, "spells": spells}
    return {
        "name": name,
        "mana_cost": "{2}",
        "types": ["artifact"],
        "abilities": [ability | more],
    }


# "Noncreature spells cost {1} more to cast."
TOLL_POST = _taxer("Toll Post", "increase", "{1}", NONCREATURE)
# Spells cast by your opponents cost {2} more to cast.
SPITE_GATE = _taxer("Spite Gate", "increase", "{2}", {"controller": "opponent"})
# "Instant and sorcery spells you cast cost {1} less to cast."
QUICK_LENS = _taxer(
    "Quick Lens", "reduction", "{1}", {"controller": "you", "types": ["instant", "sorcery"]}
)
# "Each spell costs {1} more to cast for each card in its caster's hand."
HEAVY_AIR = _taxer("Heavy Air", "increase", "{1}", {}, when="for each card in its caster's hand")
# "As long as Floor Totem is untapped, each spell that would cost less than three mana to
# cast costs three mana to cast."
FLOOR_TOTEM = {
    "name": "Floor Totem",
    "mana_cost": "{3}",
    "types": ["artifact"],
    "abilities": [{"kind": "spell_cost_minimum", "total": 3, "spells": {}, "while_untapped": True}],
}


def _on(*permanents: tuple[str, dict[str, Any], str], **facts: Any) -> dict[str, Any]:
    """A state: (id, definition, controller) each, alice's turn."""
    battlefield = [
        {"id": pid, "definition": card, "controller": who, **facts.get(pid, {})}
        for pid, card, who in permanents
    ]
    return {"turn": 3, "active_player": "alice", "battlefield": battlefield}


def _cast(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post(FREE, json=body)
    assert r.status_code in (200, 201), r.text
    ruling: dict[str, Any] = r.json()
    return ruling


def test_an_increase_is_paid_on_a_free_cast(sqlite_client: TestClient) -> None:
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=_on(("post", TOLL_POST, "bob")))
    answer = ruling["answer"]
    assert (answer["castable"], answer["mana_to_pay"]) == (True, "{1}")
    assert answer["cost_changes"] == [
        {"change": "increase", "mana": "{1}", "when": "", "counted": True, "sources": ["post"]}
    ]
    assert [r["code"] for r in answer["reasons"]] == ["cost_increase"]
    texts = [s["text"] for s in ruling["explanation"]]
    assert (
        "Toll Post (post) makes noncreature spells cost {1} more to cast: an increase still "
        "applies to a free cast, so it is paid." in texts
    )
    assert "601.2f" in ruling["citations"]
    # The card the board reads is one the ruling is about too: listed under it.
    listed = sqlite_client.get("/v1/rulings", params={"card": "Toll Post"}).json()
    assert ruling["id"] in [item["id"] for item in listed["data"]]


def test_an_effect_applies_only_to_the_spells_it_names(sqlite_client: TestClient) -> None:
    # A creature spell isn't noncreature.
    ruling = _cast(sqlite_client, card="Grizzly Bears", state=_on(("post", TOLL_POST, "bob")))
    assert (ruling["answer"]["mana_to_pay"], ruling["answer"]["cost_changes"]) == ("", [])
    assert any(
        "Toll Post (post): it changes what noncreature spells cost" in s["text"]
        and "isn't one" in s["text"]
        for s in ruling["explanation"]
    )


def test_whose_spells_is_seen_from_the_caster(sqlite_client: TestClient) -> None:
    state = _on(("gate", SPITE_GATE, "bob"))
    # Alice is bob's opponent: {2}. Bob casting under his own Spite Gate pays nothing more.
    assert (
        _cast(sqlite_client, card="Lightning Bolt", state=state)["answer"]["mana_to_pay"] == "{2}"
    )
    bobs = _cast(sqlite_client, card="Lightning Bolt", state=state, caster="bob")
    assert bobs["answer"]["mana_to_pay"] == ""
    # Control is read after layer 2: Act of Treason gives alice the gate for the turn, and
    # then bob is the opponent.
    stolen = {
        **state,
        "effects": [
            {"id": "aot", "card": "Act of Treason", "controller": "alice", "target": "gate"}
        ],
    }
    assert _cast(sqlite_client, card="Lightning Bolt", state=stolen)["answer"]["mana_to_pay"] == ""
    assert (
        _cast(sqlite_client, card="Lightning Bolt", state=stolen, caster="bob")["answer"][
            "mana_to_pay"
        ]
        == "{2}"
    )


def test_an_effect_whose_ability_is_gone_does_not_apply(sqlite_client: TestClient) -> None:
    # 613.1f: a creature that lost all its abilities (Humility) taxes nothing.
    creature_post = {**TOLL_POST, "types": ["artifact", "creature"], "power": "1", "toughness": "1"}
    state = _on(("post", creature_post, "bob"))
    assert (
        _cast(sqlite_client, card="Lightning Bolt", state=state)["answer"]["mana_to_pay"] == "{1}"
    )
    state["battlefield"].append({"id": "hum", "card": "Humility", "controller": "bob"})
    assert _cast(sqlite_client, card="Lightning Bolt", state=state)["answer"]["mana_to_pay"] == ""


def test_a_reduction_takes_off_only_generic_mana_that_is_owed(sqlite_client: TestClient) -> None:
    # Nothing is owed: the reduction changes nothing (118.7a).
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=_on(("lens", QUICK_LENS, "alice")))
    assert ruling["answer"]["mana_to_pay"] == ""
    assert [r["code"] for r in ruling["answer"]["reasons"]] == ["cost_reduction_nothing_to_reduce"]
    # With an increase it takes that off: increases first, then reductions (601.2f).
    both = _cast(
        sqlite_client,
        card="Lightning Bolt",
        state=_on(("lens", QUICK_LENS, "alice"), ("post", TOLL_POST, "bob")),
    )
    assert both["answer"]["mana_to_pay"] == ""
    assert [(c["change"], c["sources"]) for c in both["answer"]["cost_changes"]] == [
        ("increase", ["post"]),
        ("reduction", ["lens"]),
    ]


def test_a_least_cost_raises_the_total_after_every_change(sqlite_client: TestClient) -> None:
    state = _on(("totem", FLOOR_TOTEM, "bob"))
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=state)
    answer = ruling["answer"]
    assert answer["mana_to_pay"] == "{3}"
    assert answer["cost_changes"] == [
        {"change": "minimum", "mana": "{3}", "when": "", "counted": True, "sources": ["totem"]}
    ]
    assert any("is still paid for a least cost" in s["text"] for s in ruling["explanation"])
    # The kicker's {B} counts toward the three: {2}{B}.
    kicked = _cast(
        sqlite_client, card="Gatekeeper of Malakir", additional_costs=["Kicker"], state=state
    )
    assert kicked["answer"]["mana_to_pay"] == "{2}{B}"
    # Tapped, it applies to nothing.
    tapped = _on(("totem", FLOOR_TOTEM, "bob"), totem={"tapped": True})
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=tapped)
    assert (ruling["answer"]["mana_to_pay"], ruling["answer"]["cost_changes"]) == ("", [])
    assert any("it is tapped" in s["text"] for s in ruling["explanation"])


def test_a_change_that_depends_on_the_game_leaves_the_least_cost_uncounted(
    sqlite_client: TestClient,
) -> None:
    ruling = _cast(
        sqlite_client,
        card="Lightning Bolt",
        state=_on(("air", HEAVY_AIR, "bob"), ("totem", FLOOR_TOTEM, "bob")),
    )
    answer = ruling["answer"]
    assert answer["mana_to_pay"] == ""
    assert [(c["change"], c["counted"]) for c in answer["cost_changes"]] == [
        ("increase", False),
        ("minimum", False),
    ]
    assert answer["cost_changes"][0]["when"] == "for each card in its caster's hand"


def test_many_effects_that_do_not_apply_are_counted_past_ten(sqlite_client: TestClient) -> None:
    posts = [(f"p{i}", TOLL_POST, "bob") for i in range(12)]
    ruling = _cast(sqlite_client, card="Grizzly Bears", state=_on(*posts))
    texts = [s["text"] for s in ruling["explanation"]]
    assert sum("isn't one" in t for t in texts) == 10
    assert "2 more effects that change what spells cost don't apply to this one either." in texts
    # Twelve that apply are one entry and one step, twelve times.
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=_on(*posts))
    assert ruling["answer"]["cost_changes"] == [
        {
            "change": "increase",
            "mana": "{1}",
            "when": "",
            "counted": True,
            "sources": [f"p{i}" for i in range(12)],
            "times": 12,
        }
    ]
    assert (
        "Toll Post (p0) and 11 more like it make noncreature spells cost {1} more to cast: an "
        "increase still applies to a free cast, so it is paid."
        in [s["text"] for s in ruling["explanation"]]
    )
    assert (
        _cast(sqlite_client, card="Lightning Bolt", state=_on(*posts))["answer"]["mana_to_pay"]
        == "{12}"
    )


def test_the_caster_defaults_to_the_active_player_in_one_question(
    sqlite_client: TestClient,
) -> None:
    state = _on(("gate-2", SPITE_GATE, "bob"))  # a question not asked before in this module
    first = sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": state})
    again = sqlite_client.post(
        FREE, json={"card": "Lightning Bolt", "state": state, "caster": "alice"}
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert first.json()["question"]["caster"] == "alice"


def test_without_a_state_the_question_and_answer_are_as_before(sqlite_client: TestClient) -> None:
    ruling = _cast(sqlite_client, card="Lightning Bolt")
    assert "state" not in ruling["question"] and "caster" not in ruling["question"]
    assert ruling["answer"]["cost_changes"] == []


def test_bad_boards_are_422_naming_the_field(sqlite_client: TestClient) -> None:
    assert_problem(
        sqlite_client.post(FREE, json={"card": "Lightning Bolt", "caster": "bob"}),
        ["body", "caster"],
        "state_required",
    )
    no_turn = {**_on(("post", TOLL_POST, "bob")), "active_player": None}
    assert_problem(
        sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": no_turn}),
        ["body", "caster"],
        "caster_required",
    )
    unknown = {"turn": 1, "battlefield": [{"id": "x", "card": "No Such Card", "controller": "a"}]}
    r = sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": unknown, "caster": "a"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"][:4] == ["body", "state", "battlefield", 0]
    # A spell is attached to nothing: a selector of spells can't ask for that.
    attached = _taxer("Odd Post", "increase", "{1}", {"relation": "attached"})
    r = sqlite_client.post(
        FREE, json={"card": "Lightning Bolt", "state": _on(("odd", attached, "bob"))}
    )
    assert r.status_code == 422
    assert "spells are chosen by their caster" in r.text


def test_a_revealed_hit_is_cast_on_the_board_too(sqlite_client: TestClient) -> None:
    body = {
        "library": ["Forest", "Lightning Bolt", "Island"],
        "mode": "cascade",
        "cascade_mana_value": 4,
        "seed": 7,
        "state": _on(("post", TOLL_POST, "bob"), ("totem", FLOOR_TOTEM, "bob")),
    }
    r = sqlite_client.post("/v1/library/reveal-until", json=body)
    assert r.status_code == 201, r.text
    ruling = r.json()
    free = ruling["answer"]["free_cast"]
    assert (ruling["answer"]["cast"], free["mana_to_pay"]) == (True, "{3}")
    assert [(c["change"], c["sources"]) for c in free["cost_changes"]] == [
        ("increase", ["post"]),
        ("minimum", ["totem"]),
    ]
    assert ruling["question"]["caster"] == "alice"
    assert "601.2f" in ruling["citations"]
    assert_problem(
        sqlite_client.post("/v1/library/reveal-until", json={**body, "state": None, "caster": "x"}),
        ["body", "caster"],
        "state_required",
    )


# "Each spell costs {2} more to cast except during its caster's turn."
NIGHT_WARD = _taxer("Night Ward", "increase", "{2}", {}, during="not_casters_turn")
# Its controller's spells cost {1} less in every turn but that player's own.
OFF_TURN_CHARM = _taxer("Off-Turn Charm", "reduction", "{1}", {"controller": "you"})
OFF_TURN_CHARM["abilities"][0]["during"] = "not_your_turn"
# "Each spell costs {1} more to cast for each other spell its caster cast this turn."
SLOW_TIDE = _taxer("Slow Tide", "increase", "{1}", {}, per_other_spell_this_turn=True)
# Its controller's second spell of each turn costs {2} less.
SECOND_WIND = _taxer(
    "Second Wind", "reduction", "{2}", {"controller": "you"}, nth_spell_this_turn=2
)


def test_whose_turn_it_is_decides_a_turn_condition(sqlite_client: TestClient) -> None:
    # Alice's turn: her own spell is free of the ward; bob's pays {2}.
    state = _on(("ward", NIGHT_WARD, "bob"))
    assert _cast(sqlite_client, card="Lightning Bolt", state=state)["answer"]["mana_to_pay"] == ""
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=state, caster="bob")
    assert ruling["answer"]["mana_to_pay"] == "{2}"
    assert any(
        "Night Ward (ward) makes spells cost {2} more to cast except during their caster's turn"
        in s["text"]
        for s in ruling["explanation"]
    )
    # The charm's controller is alice: on her own turn it takes nothing off.
    both = _on(("ward", NIGHT_WARD, "bob"), ("charm", OFF_TURN_CHARM, "bob"))
    bobs = _cast(sqlite_client, card="Lightning Bolt", state=both, caster="bob")
    assert bobs["answer"]["mana_to_pay"] == "{1}"
    on_bobs_turn = {**both, "active_player": "bob"}
    assert (
        _cast(sqlite_client, card="Lightning Bolt", state=on_bobs_turn, caster="bob")["answer"][
            "mana_to_pay"
        ]
        == ""
    )
    # Without an active player the turn can't be read: 422 naming it.
    r = sqlite_client.post(
        FREE,
        json={"card": "Lightning Bolt", "state": {**state, "active_player": None}, "caster": "a"},
    )
    assert_problem(r, ["body", "state", "active_player"], "active_player_required")


def test_spells_cast_this_turn_count_and_pick_the_spell(sqlite_client: TestClient) -> None:
    players = {"alice": {"spells_cast_this_turn": 2}}
    tide = {**_on(("tide", SLOW_TIDE, "bob")), "players": players}
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=tide)
    assert ruling["answer"]["mana_to_pay"] == "{2}"
    assert ruling["answer"]["cost_changes"] == [
        {
            "change": "increase",
            "mana": "{1}",
            "when": "",
            "counted": True,
            "sources": ["tide"],
            "times": 2,
        }
    ]
    assert any(
        "(alice has cast 2 other spells this turn)" in s["text"] for s in ruling["explanation"]
    )
    first = {**tide, "players": {"alice": {"spells_cast_this_turn": 0}}}
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=first)
    assert ruling["answer"]["mana_to_pay"] == ""
    assert ruling["answer"]["cost_changes"][0]["times"] == 0
    # The second spell of the turn: the Toll Post's {1} is taken off (generic mana, 118.7a);
    # the third keeps it, and a step says why the reduction doesn't apply.
    wind = _on(("wind", SECOND_WIND, "alice"), ("post", TOLL_POST, "bob"))
    second = {**wind, "players": {"alice": {"spells_cast_this_turn": 1}}}
    third = {**wind, "players": {"alice": {"spells_cast_this_turn": 2}}}
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=second)
    assert ruling["answer"]["mana_to_pay"] == ""
    assert [c["sources"] for c in ruling["answer"]["cost_changes"]] == [["post"], ["wind"]]
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=third)
    assert ruling["answer"]["mana_to_pay"] == "{1}"
    assert [c["sources"] for c in ruling["answer"]["cost_changes"]] == [["post"]]
    assert any(
        "its caster's second spell of the turn, and alice has cast 2 before this one" in s["text"]
        for s in ruling["explanation"]
    )
    # Not given: 422 naming the caster's fact.
    assert_problem(
        sqlite_client.post(
            FREE, json={"card": "Lightning Bolt", "state": _on(("tide", SLOW_TIDE, "bob"))}
        ),
        ["body", "state", "players", "alice", "spells_cast_this_turn"],
        "spells_cast_this_turn_required",
    )


# "The first instant spell each player casts each turn costs {2} more to cast."
FIRST_INSTANT_TOLL = _taxer(
    "First Instant Toll",
    "increase",
    "{2}",
    {"types": ["instant"]},
    nth_spell_this_turn=1,
    counting="alike",
)


def test_the_first_spell_of_a_kind_counts_only_the_spells_of_that_kind(
    sqlite_client: TestClient,
) -> None:
    # 601.2i: alice has cast a creature spell and a sorcery this turn, no instant: her
    # Lightning Bolt is her first instant spell, and pays the toll on a free cast too.
    listed = {"alice": {"spells_cast": ["Grizzly Bears", "Fireball"]}}
    state = {**_on(("toll", FIRST_INSTANT_TOLL, "bob")), "players": listed}
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=state)
    assert ruling["answer"]["mana_to_pay"] == "{2}"
    assert any(
        "instant spells, the first such spell each player casts each turn" in s["text"]
        for s in ruling["explanation"]
    )
    after_an_instant = {**state, "players": {"alice": {"spells_cast": ["Counterspell"]}}}
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=after_an_instant)
    assert ruling["answer"]["mana_to_pay"] == ""
    assert any(
        "its caster's first such spell of the turn, and alice has cast 1" in s["text"]
        for s in ruling["explanation"]
    )
    counted = {**state, "players": {"alice": {"spells_cast_this_turn": 2}}}
    assert_problem(
        sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": counted}),
        ["body", "state", "players", "alice", "spells_cast"],
        "spells_cast_required",
    )
    # `alike` without the count it qualifies says nothing: refused.
    bad = _taxer("Bad Toll", "increase", "{2}", {}, counting="alike")
    r = sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": _on(("b", bad, "bob"))})
    assert r.status_code == 422 and "nth_spell_this_turn" in r.text


# "Spells your rivals cast from exile or from a graveyard cost {3} more to cast."
EXILE_TOLL = _taxer(
    "Ashen Tollkeeper",
    "increase",
    "{3}",
    {"controller": "opponent"},
    cast_from=["exile", "graveyard"],
)
# "Spells your rivals cast from exile cost {1} more to cast."
LEDGER = _taxer("Exile Ledger", "increase", "{1}", {"controller": "opponent"}, cast_from=["exile"])


def test_the_zone_a_spell_is_cast_from_is_asked_when_a_change_reads_it(
    sqlite_client: TestClient,
) -> None:
    state = _on(("toll", EXILE_TOLL, "bob"))
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=state, cast_from="graveyard")
    assert (ruling["answer"]["mana_to_pay"], ruling["question"]["cast_from"]) == (
        "{3}",
        "graveyard",
    )
    assert any(
        "Ashen Tollkeeper (toll) makes spells its controller's opponents cast from exile or from "
        "a graveyard cost {3} more to cast"
        in s["text"]
        and "601.2a" in s["rules"]
        for s in ruling["explanation"]
    )
    ruling = _cast(sqlite_client, card="Lightning Bolt", state=state, cast_from="hand")
    assert (ruling["answer"]["mana_to_pay"], ruling["answer"]["cost_changes"]) == ("", [])
    assert any("this one is cast from alice's hand" in s["text"] for s in ruling["explanation"])
    # Not said: 422 naming the field. Nor may it be said without a board, nor be a zone no
    # spell is cast from.
    assert_problem(
        sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": state}),
        ["body", "cast_from"],
        "cast_from_required",
    )
    assert_problem(
        sqlite_client.post(FREE, json={"card": "Lightning Bolt", "cast_from": "exile"}),
        ["body", "cast_from"],
        "state_required",
    )
    r = sqlite_client.post(
        FREE, json={"card": "Lightning Bolt", "state": state, "cast_from": "stack"}
    )
    assert r.status_code == 422 and r.json()["errors"][0]["loc"] == ["body", "cast_from"]


def test_the_zone_is_in_the_question_only_when_sent(sqlite_client: TestClient) -> None:
    state = _on(("post", TOLL_POST, "bob"))
    without = _cast(sqlite_client, card="Lightning Bolt", state=state)
    assert "cast_from" not in without["question"]
    # A board that never reads the zone answers alike, but the question says where.
    sent = _cast(sqlite_client, card="Lightning Bolt", state=state, cast_from="hand")
    assert sent["question"]["cast_from"] == "hand" and sent["id"] != without["id"]
    assert sent["answer"] == without["answer"]


def test_a_hit_is_cast_from_exile_by_cascade_and_from_the_library_by_a_reveal(
    sqlite_client: TestClient,
) -> None:
    body: dict[str, Any] = {
        "library": ["Forest", "Lightning Bolt"],
        "seed": 3,
        "state": _on(("ledger", LEDGER, "bob")),
    }
    # 702.85a: cascade exiles the cards, so the hit is cast from exile.
    cascade = {**body, "mode": "cascade", "cascade_mana_value": 3}
    r = sqlite_client.post("/v1/library/reveal-until", json=cascade)
    assert r.status_code == 201, r.text
    free = r.json()["answer"]["free_cast"]
    assert (free["mana_to_pay"], free["cost_changes"][0]["sources"]) == ("{1}", ["ledger"])
    cited = [s["rules"] for s in r.json()["explanation"] if "Exile Ledger" in s["text"]]
    assert cited == [["601.2f", "601.2a", "702.85a"]]
    # A card revealed stays in the library: cast from there, the ledger asks nothing.
    reveal = {**body, "mode": "reveal", "max_mana_value": 3}
    r = sqlite_client.post("/v1/library/reveal-until", json=reveal)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["free_cast"]["mana_to_pay"] == ""
    assert any(
        "this one is cast from alice's library" in s["text"] for s in r.json()["explanation"]
    )
    # The zone is the effect's to say: the request has no cast_from.
    r = sqlite_client.post("/v1/library/reveal-until", json={**reveal, "cast_from": "hand"})
    assert r.status_code == 422
