"""Compiled cards through HTTP: the engine answers on what the compiler understood, a ruling
lists the sentences it did not understand as caveats, and the new ability kinds work.

Every card here is invented; its text is a templated sentence we wrote."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from app.catalog.compile import compile_face
from tests.api.helpers import assert_problem, perm, state

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"
MV = "/v1/spells/mana-value"


def definition(
    name: str,
    text: str,
    types: list[str],
    mana_cost: str | None = None,
    subtypes: list[str] | None = None,
) -> dict[str, Any]:
    compiled = compile_face(name, text, types=types, subtypes=subtypes or [], mana_cost=mana_cost)
    fields = compiled.card_fields()
    return {
        "name": name,
        "types": [t.lower() for t in types],
        "subtypes": subtypes or [],
        "mana_cost": mana_cost,
        **fields,
    }


def inline(pid: str, card: dict[str, Any], controller: str = "alice", **kw: Any) -> dict[str, Any]:
    return {"id": pid, "definition": card, "controller": controller, **kw}


def ruling(client: TestClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(url, json=body)
    assert r.status_code in (200, 201), r.text
    result: dict[str, Any] = r.json()
    return result


def test_a_partial_card_answers_from_what_was_understood_with_caveats(
    sqlite_client: TestClient,
) -> None:
    unknown = "{T}: Add {G} for each Elf you control with flying."
    idol = definition("Gloomfen Idol", f"{{T}}: Add {{B}}.\n{unknown}", ["Artifact"], "{3}")
    assert idol["support"] == "partial"
    r = ruling(sqlite_client, CP, {"state": state(inline("idol", idol)), "permanent_id": "idol"})
    assert r["answer"]["permanents"] == [{"id": "idol", "name": "Gloomfen Idol", "types": ["B"]}]
    assert r["caveats"] == [{"code": "unsupported_text", "card": "Gloomfen Idol", "text": unknown}]
    assert "not understood" in r["explanation"][-1]["text"]
    assert unknown in r["explanation"][-1]["text"]
    # Asked again: the same stored ruling, caveats included.
    again = sqlite_client.post(
        CP, json={"state": state(inline("idol", idol)), "permanent_id": "idol"}
    )
    assert again.status_code == 200 and again.json() == r


def test_a_full_card_has_no_caveats(sqlite_client: TestClient) -> None:
    r = ruling(sqlite_client, CP, {"state": state(perm("elves", "Llanowar Elves"))})
    assert r["caveats"] == []
    spell = definition(
        "Ember Toll", "Kicker {R}\nThis spell deals 2 damage to any target.", ["Sorcery"], "{1}{R}"
    )
    assert spell["support"] == "full"
    r = ruling(sqlite_client, MV, {"card": "Lightning Bolt", "zone": "hand"})
    assert r["caveats"] == []


def test_combination_chosen_color_and_counters(sqlite_client: TestClient) -> None:
    braid = definition(
        "Braided Cairn",
        "{T}: Add two mana in any combination of {R} and/or {G}.",
        ["Artifact"],
        "{2}",
    )
    beacon = definition("Hue Beacon", "{T}: Add one mana of the chosen color.", ["Artifact"], "{2}")
    urn = definition(
        "Ember Urn", "{T}: Add {R} for each ember counter on this artifact.", ["Artifact"], "{1}"
    )
    body = {
        "state": state(
            inline("braid", braid),
            inline("beacon", beacon, chosen_color="U"),
            inline("urn", urn, counters={"ember": 2}),
            inline("empty", urn),
        )
    }
    r = ruling(sqlite_client, CP, body)
    assert [(p["id"], p["types"]) for p in r["answer"]["permanents"]] == [
        ("braid", ["R", "G"]),
        ("beacon", ["U"]),
        ("urn", ["R"]),
        ("empty", []),
    ]
    a = ruling(sqlite_client, ACT, {"state": body["state"], "permanent_id": "urn"})["answer"]
    assert (a["legal"], a["total"]) == (True, "{R}{R}")
    a = ruling(sqlite_client, ACT, {"state": body["state"], "permanent_id": "braid"})["answer"]
    assert a["total"] == "" and {o["total"] for o in a["outcomes"]} == {
        "{R}{R}",
        "{R}{G}",
        "{G}{G}",
    }


def test_the_chosen_color_must_be_given(sqlite_client: TestClient) -> None:
    beacon = definition("Hue Beacon", "{T}: Add one mana of the chosen color.", ["Artifact"], "{2}")
    r = sqlite_client.post(CP, json={"state": state(inline("beacon", beacon))})
    assert_problem(r, ["body", "state", "battlefield", 0, "chosen_color"], "chosen_color_required")


def test_other_cost_parts_are_explained_and_taken_as_paid(sqlite_client: TestClient) -> None:
    # docs/api.md: costs other than {T}/{Q} are taken as paid on activation; 106.7 ignores them.
    pact = definition(
        "Ashvow Stone", "{T}, Discard a card: Add one mana of any color.", ["Artifact"], "{1}"
    )
    body = {"state": state(inline("stone", pact)), "permanent_id": "stone", "choose": "W"}
    r = ruling(sqlite_client, ACT, body)
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{W}")
    assert any("discard a card" in s["text"] for s in r["explanation"])


def test_one_color_per_count_and_choice_or_chosen(sqlite_client: TestClient) -> None:
    totem = definition(
        "Kinship Totem",
        "{T}: Add X mana of any one color, where X is the number of Knights you control.",
        ["Artifact"],
        "{3}",
    )
    ally = {"name": "Vale Knight", "types": ["creature"], "subtypes": ["Knight"]}
    gate = definition("Dusk Gate", "{T}: Add {C} or one mana of the chosen color.", ["Land"])
    st = state(
        inline("totem", totem),
        inline("a1", ally),
        inline("a2", ally),
        inline("gate", gate, chosen_color="B"),
    )
    r = ruling(sqlite_client, CP, {"state": st})
    types = {p["id"]: p["types"] for p in r["answer"]["permanents"]}
    assert types["totem"] == ["W", "U", "B", "R", "G"] and types["gate"] == ["B", "C"]
    a = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "totem", "choose": "G"})
    assert a["answer"]["total"] == "{G}{G}"
    a = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "gate", "choose": "B"})
    assert a["answer"]["total"] == "{B}"


def test_commander_identity_over_http(sqlite_client: TestClient) -> None:
    # 903.4: the state says the identity; missing for the controller, a 422 names the field.
    spire = definition(
        "Banner Spire",
        "{T}: Add one mana of any color in your commander's color identity.",
        ["Land"],
    )
    body: dict[str, Any] = {"state": state(inline("spire", spire)), "permanent_id": "spire"}
    r = sqlite_client.post(CP, json=body)
    assert_problem(
        r, ["body", "state", "commander_identity", "alice"], "commander_identity_required"
    )
    body["state"]["commander_identity"] = {"alice": ["U", "B"]}
    answer = ruling(sqlite_client, CP, body)["answer"]
    assert answer["permanents"][0]["types"] == ["U", "B"]
    body["state"]["commander_identity"] = {"alice": []}  # 903.4f: no commander, no mana
    assert ruling(sqlite_client, CP, body)["answer"]["permanents"][0]["types"] == []


def test_a_token_grant_over_http(sqlite_client: TestClient) -> None:
    banner = definition(
        "Brood Banner",
        'Creature tokens you control have "{T}: Add one mana of any color."',
        ["Enchantment"],
    )
    cub = {"name": "Moss Cub", "types": ["creature"]}
    body = {
        "state": state(
            inline("banner", banner), inline("tok", cub, token=True), inline("card", cub)
        ),
    }
    found = {p["id"]: p["types"] for p in ruling(sqlite_client, CP, body)["answer"]["permanents"]}
    assert found == {"banner": [], "tok": ["W", "U", "B", "R", "G"], "card": []}


def test_a_land_an_effect_made_a_creature_over_http(sqlite_client: TestClient) -> None:
    # 205.1b, 302.6: a Forest that arrived this turn taps for mana until an effect makes it a
    # creature; with the effect's haste (702.10) it taps again. The effect is an `effects`
    # entry of the card whose activation resolved, its target the land.
    still = "It's still a land."
    sleepy = definition(
        "Mossgrove Stirrer",
        "{1}: Target land you control becomes a 2/2 Elemental creature until end of turn. " + still,
        ["Creature"],
        "{G}",
    )
    eager = definition(
        "Mossgrove Waker",
        "{T}: Target land you control becomes a 2/2 Elemental creature with haste until end "
        "of turn. " + still,
        ["Creature"],
        "{G}",
    )
    assert sleepy["support"] == eager["support"] == "full"
    land = perm("field", "Forest", controlled_since_turn_start=False)

    def asked(card: dict[str, Any]) -> dict[str, Any]:
        fx = [{"id": "fx", "definition": card, "controller": "alice", "target": "field"}]
        st = state(land, inline("src", card), effects=fx)
        return ruling(sqlite_client, ACT, {"state": st, "permanent_id": "field"})

    plain = ruling(sqlite_client, ACT, {"state": state(land), "permanent_id": "field"})
    assert plain["answer"]["legal"] is True
    sick = asked(sleepy)
    assert sick["answer"]["legal"] is False
    assert sick["answer"]["reasons"][0]["code"] == "summoning_sick"
    assert any("layer 4" in s["text"] and "613.1d" in s["rules"] for s in sick["explanation"])
    hasty = asked(eager)
    assert (hasty["answer"]["legal"], hasty["answer"]["total"]) == (True, "{G}")
    assert any("702.10" in s["rules"] for s in hasty["explanation"])


def test_a_permanent_that_animated_itself_over_http(sqlite_client: TestClient) -> None:
    # 205.1b, 302.6: its own trigger made it a creature too; the entry's target is itself.
    lamp = definition(
        "Gearwhirl Lamp",
        "{T}: Add {R}.\nAt the beginning of combat on your turn, ~ becomes a 2/2 Newt creature "
        "in addition to its other types until end of turn.",
        ["Artifact"],
        "{2}",
    )
    assert lamp["support"] == "full"
    fx = [{"id": "fx", "definition": lamp, "controller": "alice", "target": "lamp"}]
    fresh = inline("lamp", lamp, controlled_since_turn_start=False)
    body = {"state": state(fresh, effects=fx), "permanent_id": "lamp"}
    sick = ruling(sqlite_client, ACT, body)
    assert sick["answer"]["legal"] is False
    assert sick["answer"]["reasons"][0]["code"] == "summoning_sick"
    plain = ruling(sqlite_client, ACT, {"state": state(fresh), "permanent_id": "lamp"})
    assert (plain["answer"]["legal"], plain["answer"]["total"]) == (True, "{R}")


def test_a_subtype_while_a_counter_an_effect_names_is_there_over_http(
    sqlite_client: TestClient,
) -> None:
    # 205.1b: the bear is a Newt while it has the hex counter; the effect's card names the
    # counter kind, so the state may put it on the bear (122.1).
    spire = definition(
        "Hexmire Spire",
        "{2}, {T}: Put a hex counter on target creature. For as long as that creature has a hex "
        "counter on it, it's a Newt in addition to its other types.",
        ["Land"],
    )
    hollow = definition("Hollow of Newts", "{T}: Add {B} for each Newt you control.", ["Land"])
    assert spire["support"] == hollow["support"] == "full"
    bear = {"name": "Plain Bear", "types": ["creature"], "subtypes": ["Bear"]}
    fx = [{"id": "fx", "definition": spire, "controller": "alice", "target": "bear"}]

    def total(**bear_kw: Any) -> str:
        st = state(inline("hollow", hollow), inline("bear", bear, **bear_kw), effects=fx)
        found: str = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "hollow"})["answer"][
            "total"
        ]
        return found

    assert total(counters={"hex counter": 1}) == "{B}"
    assert total() == ""
    unknown = {
        "state": state(
            inline("hollow", hollow), inline("bear", bear, counters={"doom": 1}), effects=fx
        ),
        "permanent_id": "hollow",
    }
    r = sqlite_client.post(ACT, json=unknown)
    assert r.status_code == 422 and "doom" in r.text


def test_a_creature_that_became_a_land_over_http(sqlite_client: TestClient) -> None:
    # 205.1a, 302.6: until its next turn it is a land, not a creature: though it arrived this
    # turn it taps for the mana it gained; without the entry it is a creature with no ability.
    drifter = definition(
        "Tidewash Drifter",
        "At the beginning of your end step, untap ~. Until your next turn, it becomes a land "
        'and gains "{T}: Add {U}."',
        ["Creature"],
        "{U}{U}",
        ["Elemental"],
    )
    assert drifter["support"] == "full"
    fresh = inline("drifter", drifter, controlled_since_turn_start=False)
    fx = [{"id": "fx", "definition": drifter, "controller": "alice", "target": "drifter"}]
    r = ruling(sqlite_client, ACT, {"state": state(fresh, effects=fx), "permanent_id": "drifter"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{U}")
    assert any("205.1a" in s["rules"] for s in r["explanation"])
    cp = ruling(sqlite_client, CP, {"state": state(fresh), "permanent_id": "drifter"})
    assert cp["answer"]["permanents"][0]["types"] == []


def test_a_granted_ability_of_the_holders_colors_over_http(sqlite_client: TestClient) -> None:
    # 105.2: each Human makes its own colors, not the colors of the card granting it.
    warden = definition(
        "Dawnfield Warden",
        'Human creatures you control have "{T}: Add one mana of any of this creature\'s colors."',
        ["Creature"],
        "{G}{W}",
    )
    assert warden["support"] == "full"
    red = {"name": "Red Human", "types": ["creature"], "subtypes": ["Human"], "mana_cost": "{R}"}
    st = state(inline("warden", warden), inline("red", red))
    r = ruling(sqlite_client, CP, {"state": st, "permanent_id": "red"})
    assert r["answer"]["permanents"] == [{"id": "red", "name": "Red Human", "types": ["R"]}]


def test_equipped_creatures_have_haste_over_http(sqlite_client: TestClient) -> None:
    # 301.5, 702.10: the state's attached_to says which creature is equipped.
    marshal = definition(
        "Forgewise Marshal",
        "Equipped creatures you control have vigilance and haste.",
        ["Creature"],
    )
    elf = definition("Moss Elf", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    blade = {"name": "Plain Blade", "types": ["artifact"], "subtypes": ["Equipment"]}
    fresh = inline("elf", elf, controlled_since_turn_start=False)

    def legal(*more: dict[str, Any]) -> bool:
        st = state(inline("marshal", marshal), fresh, *more)
        found: bool = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "elf"})["answer"][
            "legal"
        ]
        return found

    assert legal(inline("blade", blade, attached_to="elf")) is True
    assert legal(inline("blade", blade)) is False


def test_an_imprisoned_creature_over_http(sqlite_client: TestClient) -> None:
    # 205.1a, 613.1e, 613.1f: a colorless land with only the Aura's {C} ability.
    cell = definition(
        "Moonbound Cell",
        'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card '
        "types and abilities.",
        ["Enchantment"],
        "{2}{U}",
        ["Aura"],
    )
    elf = definition("Moss Elf", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    assert cell["support"] == "full"
    st = state(
        inline("elf", elf, controlled_since_turn_start=False),
        inline("cell", cell, attached_to="elf"),
    )
    r = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "elf"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{C}")
    assert any("613.1e" in s["rules"] for s in r["explanation"])


def test_the_basic_land_type_chosen_for_an_effect_over_http(sqlite_client: TestClient) -> None:
    # 305.7: the effect's `chosen_land_type` is the type; without it, a 422 names the field.
    surveyor = definition(
        "Tidecall Surveyor",
        "{T}: Target land you control becomes the basic land type of your choice until end of "
        "turn.",
        ["Creature"],
        "{1}{U}",
    )
    fx: dict[str, Any] = {"id": "fx", "definition": surveyor, "controller": "alice"}
    land = perm("field", "Forest")
    chosen = state(land, effects=[{**fx, "target": "field", "chosen_land_type": "Island"}])
    r = ruling(sqlite_client, CP, {"state": chosen, "permanent_id": "field"})
    assert r["answer"]["permanents"][0]["types"] == ["U"]
    assert any("305.7" in s["rules"] for s in r["explanation"])
    missing = state(land, effects=[{**fx, "target": "field"}])
    bad = sqlite_client.post(CP, json={"state": missing, "permanent_id": "field"})
    assert_problem(
        bad, ["body", "state", "effects", 0, "chosen_land_type"], "chosen_land_type_required"
    )


def test_restricted_mana_is_noted_through_http(sqlite_client: TestClient) -> None:
    # 106.6: the note and step say the mana carries its spending restriction.
    idol = definition(
        "Warded Cairn",
        "{T}: Add one mana of any color. Spend this mana only to cast creature spells.",
        ["Land"],
    )
    assert idol["abilities"][0]["spend_restricted"] is True
    body = {"state": state(inline("w", idol)), "permanent_id": "w", "choose": "U"}
    answer = ruling(sqlite_client, ACT, body)
    assert answer["answer"]["total"] == "{U}"
    assert [n["code"] for n in answer["answer"]["notes"]] == ["spending_restricted"]
    assert "106.6" in answer["citations"]
