"""Variable mana amounts (107.3): could-produce ignores the cost (106.7) and imagines any X;
activating takes the X chosen (602.2b), removes the counters it names, refuses a removal the
permanent can't pay (118.3), and reads power from the state, never from the card (208.3).
Every card is invented; its text is a templated sentence we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.errors import QuestionError
from app.domain.state import Board
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import board

WUBRG = ["W", "U", "B", "R", "G"]


def defined(
    pid: str, name: str, text: str, types: tuple[str, ...] = ("Artifact",), **kw: Any
) -> dict[str, Any]:
    compiled = compile_face(name, text, types=types, subtypes=(), mana_cost="{2}{G}")
    assert compiled.support == "full", compiled.unsupported_text
    card = {
        "name": name,
        "types": [t.lower() for t in types],
        "mana_cost": "{2}{G}",
        **compiled.card_fields(),
    }
    return {"id": pid, "definition": card, "controller": "alice", **kw}


def act(b: Board, pid: str, **kw: Any) -> dict[str, Any]:
    return activate(b, pid, **kw).answer_data


def counters_after(answer: dict[str, Any], pid: str) -> dict[str, int]:
    found = next(p for p in answer["state"]["battlefield"] if p["id"] == pid)
    counters: dict[str, int] = found.get("counters", {})
    return counters


PRISM = ("Veiled Prism", "{X}, {T}: Add X mana of any one color.")
SILO = (
    "Spore Silo",
    "{T}, Remove any number of spore counters from this artifact: Add {G} for each spore "
    "counter removed this way.",
)
CASK = (
    "Brine Cask",
    "{T}, Remove any number of brine counters from this artifact: Add {U}, then add an "
    "additional {U} for each brine counter removed this way.",
)
DREAMJAR = (
    "Dream Jar",
    "{T}, Remove one or more dream counters from this artifact: Add that much {C}.",
)
TITAN = ("Loam Titan", "{T}: Add an amount of {G} equal to this creature's power.")
WARDEN = (
    "Grove Warden",
    "{T}: Add X mana in any combination of colors, where X is the greatest power among "
    "creatures you control.",
)
FURNACE = (
    "Slag Furnace",
    "{T}, Sacrifice an artifact: Add an amount of {U} equal to the sacrificed artifact's "
    "mana value.",
)


# --- could-produce: any X (106.7, 107.3) -----------------------------------------------------


def test_an_x_ability_could_make_its_types_whatever_x_is() -> None:
    b = board(defined("prism", *PRISM), defined("silo", *SILO), defined("jar", *DREAMJAR))
    v = could_produce(b, None)
    assert {p["id"]: p["types"] for p in v.answer_data["permanents"]} == {
        "prism": WUBRG,
        "silo": ["G"],  # no spore counters now: 106.7 ignores whether the cost can be paid
        "jar": ["C"],
    }
    text = " ".join(s.text for s in v.steps)
    assert "chosen as it is activated" in text
    assert {"106.7", "107.3", "107.1c"} <= set(v.citations)


def test_power_decides_what_could_be_made() -> None:
    b = board(
        defined("titan", *TITAN, types=("Creature",), power=3),
        defined("weak", *TITAN, types=("Creature",), power=0),
    )
    assert {p["id"]: p["types"] for p in could_produce(b, None).answer_data["permanents"]} == {
        "titan": ["G"],
        "weak": [],  # zero {G} is no mana
    }


def test_power_is_never_read_from_the_card() -> None:
    b = board(defined("titan", *TITAN, types=("Creature",)))
    with pytest.raises(QuestionError) as err:
        could_produce(b, None)
    assert err.value.loc == ("state", "battlefield", 0, "power")
    assert err.value.code == "power_required"


def test_the_greatest_power_names_every_creature_without_one() -> None:
    b = board(
        defined("warden", *WARDEN, types=("Creature",), power=1),
        defined("a", *TITAN, types=("Creature",), power=4),
        defined("b", *TITAN, types=("Creature",)),
    )
    with pytest.raises(QuestionError) as err:
        act(b, "warden")
    assert err.value.loc == ("state", "battlefield", 2, "power")
    assert "Loam Titan (b)" in err.value.message


# --- activate: the X chosen (602.2b) ---------------------------------------------------------


def test_x_is_required_and_refused_where_there_is_none() -> None:
    b = board(defined("prism", *PRISM), defined("titan", *TITAN, types=("Creature",), power=2))
    with pytest.raises(QuestionError) as err:
        act(b, "prism", choose="U")
    assert (err.value.loc, err.value.code) == (("x",), "x_required")
    with pytest.raises(QuestionError) as err:
        act(b, "titan", x=2)
    assert (err.value.loc, err.value.code) == (("x",), "x_not_used")


def test_x_mana_of_one_color() -> None:
    b = board(defined("prism", *PRISM))
    v = activate(b, "prism", choose="R", x=3)
    assert (v.answer_data["legal"], v.answer_data["total"], v.answer_data["made_mana"]) == (
        True,
        "{R}{R}{R}",
        True,
    )
    assert {"107.3", "602.2b"} <= set(v.citations)
    a = act(b, "prism", x=2)
    assert a["choice_required"] is True
    assert {o["total"] for o in a["outcomes"]} == {"{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}"}


def test_x_of_zero_makes_no_mana() -> None:
    a = act(board(defined("prism", *PRISM)), "prism", x=0)
    assert (a["legal"], a["made_mana"], a["total"], a["produced"]) == (True, False, "", "")


def test_storage_counters_removed_make_that_much_and_leave_the_state() -> None:
    b = board(defined("silo", *SILO, counters={"spore": 3}))
    a = act(b, "silo", x=2)
    assert (a["legal"], a["total"]) == (True, "{G}{G}")
    assert counters_after(a, "silo") == {"spore": 1}
    a = act(b, "silo", x=3)
    assert counters_after(a, "silo") == {}


def test_removing_more_counters_than_there_are_is_illegal() -> None:
    a = act(board(defined("silo", *SILO, counters={"spore": 1})), "silo", x=2)
    assert a["legal"] is False
    assert [(r["code"], r["rules"]) for r in a["reasons"]] == [
        ("not_enough_counters", ["602.2b", "118.3"])
    ]
    assert (a["made_mana"], a["total"]) == (False, "")
    assert counters_after(a, "silo") == {"spore": 1}  # nothing paid


def test_one_plus_each_counter_removed() -> None:
    b = board(defined("cask", *CASK, counters={"brine": 4}))
    assert act(b, "cask", x=0)["total"] == "{U}"
    assert act(b, "cask", x=2)["total"] == "{U}{U}{U}"


def test_one_or_more_counters_means_x_of_one_or_more() -> None:
    b = board(defined("jar", *DREAMJAR, counters={"dream": 2}))
    assert act(b, "jar", x=2)["total"] == "{C}{C}"
    with pytest.raises(QuestionError) as err:
        act(b, "jar", x=0)
    assert (err.value.loc, err.value.code) == (("x",), "invalid_x")


def test_power_and_greatest_power_on_activation() -> None:
    b = board(
        defined("titan", *TITAN, types=("Creature",), power=3),
        defined("warden", *WARDEN, types=("Creature",), power=1),
        defined("elder", *TITAN, types=("Creature",), power=2, controller="bob"),
    )
    a = act(b, "titan")
    assert a["total"] == "{G}{G}{G}"
    a = act(b, "warden")
    # Bob's creature isn't among "creatures you control": the greatest is 3.
    assert {len(o["total"]) // 3 for o in a["outcomes"]} == {3}
    assert len(a["outcomes"]) == 35  # 3 mana in any mix of five colors: C(7, 3)


def test_the_sacrificed_permanents_mana_value_is_the_x_given() -> None:
    b = board(defined("furnace", *FURNACE))
    assert act(b, "furnace", x=4)["total"] == "{U}{U}{U}{U}"
    with pytest.raises(QuestionError) as err:
        act(b, "furnace")
    assert err.value.code == "x_required"


def test_a_granted_x_ability_works_like_a_printed_one() -> None:
    # The layers hand granted abilities to the engine as they are: no special case.
    anthem = defined(
        "banner",
        "Spore Banner",
        'Lands you control have "{X}, {T}: Add X mana of any one color."',
        types=("Enchantment",),
    )
    b = board(anthem, {"id": "f", "card": "Forest", "controller": "alice"})
    assert could_produce(b, "f").answer_data["permanents"][0]["types"] == WUBRG
    a = act(b, "f", ability="granted:banner:0", x=2, choose="B")
    assert a["total"] == "{B}{B}"


# --- devotion (700.5) -------------------------------------------------------------------------

SHRINE = ("Moss Shrine", "{1}, {T}: Add an amount of {G} equal to your devotion to green.")
ALTAR = (
    "Hue Altar",
    "{1}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to "
    "that color.",
)


def costed(pid: str, mana_cost: str, controller: str = "alice") -> dict[str, Any]:
    card = {"name": f"Relic {pid}", "types": ["artifact"], "mana_cost": mana_cost}
    return {"id": pid, "definition": card, "controller": controller}


def test_devotion_counts_your_permanents_hybrid_for_each_color() -> None:
    b = board(
        defined("shrine", *SHRINE),  # its own {2}{G} counts: 1
        costed("a", "{G}{G}{W}"),  # 2
        costed("b", "{G/U}{2/G}{G/P}"),  # hybrid, monocolored hybrid and Phyrexian: 3
        costed("c", "{G}{G}{G}", controller="bob"),  # not alice's
    )
    a = act(b, "shrine")
    assert a["total"] == "{G}" * 6
    assert "700.5" in activate(b, "shrine").citations


def test_a_flipped_permanent_keeps_its_mana_cost_for_devotion() -> None:
    # 710.1c: flipped, it keeps its mana cost, though its flipped half prints none; a
    # transformed permanent's back face has no mana cost (712.8): it adds nothing.
    def two_faced(pid: str, layout: str) -> dict[str, Any]:
        faces = [
            {"name": f"Moss Novice {pid}", "mana_cost": "{G}{G}", "types": ["creature"],
             "power": "1", "toughness": "1"},
            {"name": f"Moss Elder {pid}", "types": ["creature"], "power": "3", "toughness": "3"},
        ]  # fmt: skip
        card = {"name": f"Moss Novice {pid} // Moss Elder {pid}", "layout": layout, "faces": faces}
        return {"id": pid, "definition": card, "controller": "alice", "face": 1}

    b = board(defined("shrine", *SHRINE), two_faced("f", "flip"), two_faced("t", "transform"))
    assert act(b, "shrine")["total"] == "{G}" * 3  # the shrine's own 1 and the flipped 2


def test_devotion_to_the_color_chosen() -> None:
    b = board(defined("altar", *ALTAR), costed("a", "{U}{U}{W/U}"), costed("w", "{W}"))
    # Devotion to U is 3, W 2 (the hybrid counts for both), G 1 (the altar's own {G}).
    assert could_produce(b, "altar").answer_data["permanents"][0]["types"] == ["W", "U", "G"]
    assert act(b, "altar", choose="U")["total"] == "{U}{U}{U}"
    open_choice = act(b, "altar")
    assert open_choice["choice_required"] is True
    # Black and red are choices too (605.3), ones that make nothing.
    assert {o["total"] for o in open_choice["outcomes"]} == {"{W}{W}", "{U}{U}{U}", "{G}", ""}
    assert open_choice["options"] == ["W", "U", "B", "R", "G"]


def test_a_color_with_no_devotion_is_a_legal_choice_that_makes_nothing() -> None:
    b = board(defined("altar", *ALTAR))  # only its own {G}: devotion to green 1, the rest 0
    black = act(b, "altar", choose="B")
    assert (black["legal"], black["total"], black["made_mana"]) == (True, "", False)
    # One color makes mana and four don't: the choice is its controller's, not guessed.
    open_choice = act(b, "altar")
    assert open_choice["choice_required"] is True
    assert {o["total"] for o in open_choice["outcomes"]} == {"{G}", ""}
    assert act(b, "altar", choose="G")["total"] == "{G}"


def test_no_devotion_at_all_makes_nothing_whatever_the_choice() -> None:
    altar = defined("altar", *ALTAR)
    altar["definition"]["mana_cost"] = "{3}"  # no colored symbol: no devotion to any color
    a = act(board(altar), "altar")
    said = (a["legal"], a["choice_required"], a["total"], a["made_mana"])
    assert said == (True, False, "", False)


def test_a_huge_mix_still_answers_could_produce() -> None:
    # 40 mana in any mix of two colors: could-produce needs the types, not every mix.
    vivid = (
        "Tide Colossus",
        "{T}: Add X mana in any combination of {U} and/or {R}, where X is this creature's power.",
    )
    b = board(defined("big", *vivid, types=("Creature",), power=4000))
    assert could_produce(b, "big").answer_data["permanents"][0]["types"] == ["U", "R"]
    with pytest.raises(QuestionError) as err:
        act(b, "big")
    assert err.value.code == "too_complex"
