"""Layers that change mana (613.1d, 613.1f, 613.6, 613.7, 613.8, 305.6, 305.7), on invented
cards given inline: the engine alone, without the bundled catalog's layer cards."""

from __future__ import annotations

from typing import Any

from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import resolve

LANDS = {"types": ["land"]}
NONBASIC_LANDS = {"types": ["land"], "nonbasic": True}
ALL_BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def _inline(pid: str, definition: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"id": pid, "definition": definition, "controller": kw.pop("controller", "alice"), **kw}


def _crimson_sky(**kw: Any) -> dict[str, Any]:
    # Invented: nonbasic lands are Mountains (a set effect, 305.7).
    return _inline(
        "sky",
        {
            "name": "Crimson Sky",
            "types": ["enchantment"],
            "abilities": [
                {"kind": "set_land_types", "to": NONBASIC_LANDS, "subtypes": ["Mountain"]}
            ],
        },
        **kw,
    )


def _bog_spire(**kw: Any) -> dict[str, Any]:
    # Invented: a nonbasic land that makes every land a Swamp too (an add effect).
    return _inline(
        "spire",
        {
            "name": "Bog Spire",
            "types": ["land"],
            "abilities": [{"kind": "add_subtypes", "to": LANDS, "subtypes": ["Swamp"]}],
        },
        **kw,
    )


def _rainbow_charm(**kw: Any) -> dict[str, Any]:
    # Invented: your lands are every basic land type too.
    return _inline(
        "charm",
        {
            "name": "Rainbow Charm",
            "types": ["enchantment"],
            "abilities": [
                {
                    "kind": "add_subtypes",
                    "to": {"controller": "you", "types": ["land"]},
                    "subtypes": ALL_BASICS,
                }
            ],
        },
        **kw,
    )


def _dual(pid: str = "dual") -> dict[str, Any]:
    # Invented: a nonbasic land with the types Plains and Island (intrinsic abilities, 305.6).
    return _inline(
        pid, {"name": "Frost Flats", "types": ["land"], "subtypes": ["Plains", "Island"]}
    )


def _forest(pid: str = "forest") -> dict[str, Any]:
    return _inline(
        pid,
        {"name": "Green Field", "supertypes": ["Basic"], "types": ["land"], "subtypes": ["Forest"]},
    )


def _board(*perms: dict[str, Any], effects: list[dict[str, Any]] | None = None) -> Board:
    return resolve(
        GameState.model_validate(
            {
                "turn": 3,
                "active_player": "alice",
                "battlefield": list(perms),
                "effects": effects or [],
            }
        )
    )


def _types(b: Board) -> dict[str, list[str]]:
    return {p["id"]: p["types"] for p in could_produce(b, None).answer_data["permanents"]}


def test_set_effect_removes_old_land_types_and_keeps_basic_lands() -> None:
    # 305.7: the dual becomes a Mountain only; a basic land is not nonbasic.
    types = _types(_board(_crimson_sky(), _dual(), _forest()))
    assert types["dual"] == ["R"] and types["forest"] == ["G"]


def test_add_effect_source_removed_by_set_effect_never_applies() -> None:
    # 613.8: Bog Spire's effect depends on Crimson Sky (which removes its ability), so the
    # Sky applies first and the Spire, now a Mountain, creates no effect: nothing is a Swamp.
    for sky_ts, spire_ts in ((1, 2), (2, 1)):
        b = _board(_bog_spire(timestamp=spire_ts), _crimson_sky(timestamp=sky_ts), _forest())
        verdict = could_produce(b, None)
        types = {p["id"]: p["types"] for p in verdict.answer_data["permanents"]}
        assert types == {"spire": ["R"], "sky": [], "forest": ["G"]}
        assert "613.8" in verdict.citations


def test_timestamps_decide_between_independent_effects() -> None:
    # 613.7: Crimson Sky then Rainbow Charm: every type; the other way round: a Mountain.
    later_charm = _board(_crimson_sky(timestamp=1), _rainbow_charm(timestamp=2), _dual())
    assert _types(later_charm)["dual"] == ["W", "U", "B", "R", "G"]
    later_sky = _board(_crimson_sky(timestamp=2), _rainbow_charm(timestamp=1), _dual())
    assert _types(later_sky)["dual"] == ["R"]


def _swap_land_type(pid: str, name: str, old: str, new: str, **kw: Any) -> dict[str, Any]:
    # Invented: every land of one basic land type is another one instead (a set effect whose
    # reach is a land type, which other layer-4 effects can change).
    return _inline(
        pid,
        {
            "name": name,
            "types": ["enchantment"],
            "abilities": [{"kind": "set_land_types", "to": {"subtypes": [old]}, "subtypes": [new]}],
        },
        **kw,
    )


def _mountain(pid: str = "mountain") -> dict[str, Any]:
    return _inline(
        pid,
        {"name": "Red Ridge", "supertypes": ["Basic"], "types": ["land"], "subtypes": ["Mountain"]},
    )


def test_a_set_effect_that_changes_what_another_applies_to_comes_first() -> None:
    # 613.8a: Crimson Sky makes the dual a Mountain, and so changes what Drowned Peaks applies
    # to: the Peaks depend on the Sky and apply after it whatever the timestamps, so the dual
    # ends an Island. The Sky's reach (nonbasic lands) doesn't read land types: no loop.
    for sky_ts, peaks_ts in ((1, 2), (2, 1)):
        peaks = _swap_land_type("peaks", "Drowned Peaks", "Mountain", "Island", timestamp=peaks_ts)
        b = _board(_crimson_sky(timestamp=sky_ts), peaks, _dual(), _mountain(), _forest())
        verdict = could_produce(b, None)
        types = {p["id"]: p["types"] for p in verdict.answer_data["permanents"]}
        assert (types["dual"], types["mountain"], types["forest"]) == (["U"], ["U"], ["G"])
        assert "613.8" in verdict.citations


def _island(pid: str = "island") -> dict[str, Any]:
    return _inline(
        pid,
        {"name": "Blue Shoal", "supertypes": ["Basic"], "types": ["land"], "subtypes": ["Island"]},
    )


def _up_and_down(up_ts: int, down_ts: int) -> tuple[dict[str, Any], dict[str, Any]]:
    return (
        _swap_land_type("up", "Rising Marsh", "Forest", "Island", timestamp=up_ts),
        _swap_land_type("down", "Sinking Isle", "Island", "Forest", timestamp=down_ts),
    )


def test_set_effects_that_change_each_others_reach_apply_in_timestamp_order() -> None:
    # 613.8b: with a Forest and an Island, each effect changes what the other applies to (a
    # loop), so timestamps decide, and the later one has the last word on both lands.
    for up_ts, down_ts, expected in ((1, 2, ["G"]), (2, 1, ["U"])):
        types = _types(_board(*_up_and_down(up_ts, down_ts), _forest(), _island()))
        assert (types["forest"], types["island"]) == (expected, expected), (up_ts, down_ts)
    # 613.8a is about the board as it is: with a Forest alone, the Island-to-Forest effect
    # reaches nothing until the other has applied, so only it depends, and it applies last.
    for up_ts, down_ts in ((1, 2), (2, 1)):
        assert _types(_board(*_up_and_down(up_ts, down_ts), _forest()))["forest"] == ["G"]


def test_losing_all_abilities_removes_intrinsic_mana_abilities() -> None:
    # 613.1f: a land creature that loses all abilities loses the Forest's {T}: add {G} too.
    hush = _inline(
        "hush",
        {
            "name": "Silent Decree",
            "types": ["enchantment"],
            "abilities": [{"kind": "lose_all_abilities", "to": {"types": ["creature"]}}],
        },
    )
    treefolk = _inline(
        "tree",
        {
            "name": "Walking Grove",
            "types": ["land", "creature"],
            "subtypes": ["Forest", "Treefolk"],
        },
    )
    b = _board(hush, treefolk)
    assert _types(b)["tree"] == []
    answer = activate(b, "tree").answer_data
    assert answer["legal"] is False and answer["reasons"][0]["code"] == "no_mana_ability"


def test_choose_picks_the_one_ability_that_makes_the_chosen_type() -> None:
    # The dual has {T}: add {W} and {T}: add {U} (305.6); choose U names the second.
    answer = activate(_board(_dual()), "dual", choose="U").answer_data
    assert answer["total"] == "{U}" and answer["ability"]["index"] == 1


def test_an_aura_set_effect_changes_only_the_enchanted_land() -> None:
    # 305.7 on one land; 613.7: the Aura's timestamp is its own.
    tide = _inline(
        "tide",
        {
            "name": "Rising Tide Veil",
            "types": ["enchantment"],
            "subtypes": ["Aura"],
            "abilities": [
                {"kind": "set_land_types", "to": {"relation": "attached"}, "subtypes": ["Island"]}
            ],
        },
        attached_to="forest",
    )
    types = _types(_board(_forest(), tide, _forest("other")))
    assert types["forest"] == ["U"] and types["other"] == ["G"]


def test_text_not_understood_is_reported_by_the_service_not_the_engine() -> None:
    # Unsupported text is carried and said once, in every ruling about the card.
    from app.domain.card import Card
    from app.engine.mana_value import mana_value

    odd = Card.model_validate(
        {
            "name": "Puzzling Idol",
            "mana_cost": "{2}",
            "types": ["artifact"],
            "abilities": [{"kind": "unsupported", "text": "Something this service can't read."}],
        }
    )
    # The service reports it once, as a caveat and its step (tests/api/test_caveats_api.py);
    # the engine's own steps don't repeat it.
    from app.rulings.service import caveats_of

    assert caveats_of([odd]) == [
        {"code": "unsupported_text", "card": "Puzzling Idol",
         "text": "Something this service can't read."}
    ]  # fmt: skip
    steps = mana_value(odd, zone="hand", x=0, cast=False, cast_without_paying_mana_cost=False).steps
    assert not any("Something this service can't read." in s.text for s in steps)
    b = _board(_inline("idol", odd.model_dump(mode="json", exclude={"mana_value", "type_line"})))
    assert not any(
        "Something this service can't read." in s.text for s in could_produce(b, None).steps
    )
