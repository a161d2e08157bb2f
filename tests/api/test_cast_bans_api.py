"""Bans on a board through HTTP (601.3, 101.2): a free cast and a cascade's hit are stopped by
what says spells can't be cast, and a ban that needs a fact the question lacks is a 422 naming
it. The cards are invented, defined inline as the compiler writes them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import assert_problem
from tests.api.imported import client_of

FREE = "/v1/spells/cast-without-paying"
REVEAL = "/v1/library/reveal-until"


def _ban(name: str, **ban: Any) -> dict[str, Any]:
    return {
        "name": name,
        "mana_cost": "{1}{W}",
        "types": ["creature"],
        "abilities": [{"kind": "spell_cast_ban"} | ban],
    }


# "Your opponents can't cast instant spells from anywhere other than their hands."
HEARTH_WARDEN = _ban(
    "Hearth Warden",
    spells={"controller": "opponent", "types": ["instant"]},
    not_cast_from=["hand"],
)
# "Your opponents can't cast instant spells during your turn."
HOURGLASS_WARDEN = _ban(
    "Hourglass Warden",
    spells={"controller": "opponent", "types": ["instant"]},
    during="your_turn",
)

# "Your opponents can cast spells only any time they could cast a sorcery."
DUSK_WARDEN = _ban("Dusk Warden", spells={"controller": "opponent"}, unless_sorcery_timing=True)


def _state(warden: dict[str, Any], active: str = "bob") -> dict[str, Any]:
    return {
        "turn": 4,
        "active_player": active,
        "battlefield": [{"id": "ward", "definition": warden, "controller": "bob"}],
    }


def test_a_free_cast_a_ban_stops_says_so_and_why(sqlite_client: TestClient) -> None:
    body = {"card": "Lightning Bolt", "state": _state(HOURGLASS_WARDEN), "caster": "alice"}
    r = sqlite_client.post(FREE, json=body)
    assert r.status_code == 201, r.text
    ruling = r.json()
    assert ruling["answer"]["castable"] is False
    assert [x["code"] for x in ruling["answer"]["reasons"]] == ["cast_prohibited"]
    assert {"601.3", "101.2"} <= set(ruling["citations"])
    # On alice's turn the ban doesn't hold.
    body["state"] = _state(HOURGLASS_WARDEN, active="alice")
    r = sqlite_client.post(FREE, json=body)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["castable"] is True


def _cascade(hit: str, warden: dict[str, Any], caster: str = "alice") -> dict[str, Any]:
    """A cascade (mana value 3) through a library whose one nonland card is `hit`."""
    return {
        "library": ["Forest", hit, "Island"],
        "mode": "cascade",
        "cascade_mana_value": 3,
        "seed": 5,
        "state": _state(warden),
        "caster": caster,
    }


def _revealed(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(REVEAL, json=body)
    assert r.status_code == 201, r.text
    answer: dict[str, Any] = r.json()["answer"]
    return answer


def test_a_cascade_hit_cast_from_exile_is_stopped_and_goes_to_the_bottom(
    sqlite_client: TestClient,
) -> None:
    answer = _revealed(sqlite_client, _cascade("Lightning Bolt", HEARTH_WARDEN))
    assert answer["hit"] == "Lightning Bolt" and answer["cast"] is False
    assert "Lightning Bolt" in answer["bottom"]
    assert "cast_prohibited" in [x["code"] for x in answer["free_cast"]["reasons"]]
    # Its controller's own cascade isn't stopped.
    bobs = _cascade("Lightning Bolt", HEARTH_WARDEN, caster="bob")
    assert _revealed(sqlite_client, bobs)["cast"] is True


# "Each opponent can't cast spells with even mana values."
HOLLOW_SENTINEL = _ban(
    "Hollow Sentinel",
    spells={"controller": "opponent", "where": {"kind": "mana_value", "parity": "even"}},
)


def test_a_cascade_into_a_card_with_no_mana_cost_is_stopped_by_an_even_ban(
    sqlite_client: TestClient,
) -> None:
    # 202.3: no mana cost is mana value 0, which is even; Lightning Bolt's 1 is odd.
    answer = _revealed(sqlite_client, _cascade("Crashing Footfalls", HOLLOW_SENTINEL))
    assert answer["hit"] == "Crashing Footfalls" and answer["cast"] is False
    assert "cast_prohibited" in [x["code"] for x in answer["free_cast"]["reasons"]]
    assert _revealed(sqlite_client, _cascade("Lightning Bolt", HOLLOW_SENTINEL))["cast"] is True


# A ban on noncreature spells whose mana costs hold {X}.
QUILL_WARDEN = _ban(
    "Quill Warden",
    spells={
        "where": {
            "kind": "all",
            "of": [
                {"kind": "not", "filter": {"kind": "type", "type": "creature"}},
                {"kind": "x_in_mana_cost"},
            ],
        }
    },
)
# A ban on noncreature spells whose mana value is the number chosen as it entered.
TALLY_PRELATE = _ban(
    "Tally Prelate",
    spells={"where": {"kind": "not", "filter": {"kind": "type", "type": "creature"}}},
    of_chosen_number=True,
)


def test_a_free_cast_of_a_spell_with_x_is_stopped_by_an_x_ban(sqlite_client: TestClient) -> None:
    # 107.3: its mana cost has {X} though X is 0 in a free cast (107.3b).
    body = {"card": "Fireball", "state": _state(QUILL_WARDEN), "caster": "alice"}
    r = sqlite_client.post(FREE, json=body)
    assert r.status_code == 201, r.text
    assert [x["code"] for x in r.json()["answer"]["reasons"]] == ["cast_prohibited"]
    r = sqlite_client.post(FREE, json={**body, "card": "Lightning Bolt"})
    assert r.json()["answer"]["castable"] is True


def test_a_cascade_is_stopped_by_the_number_chosen_for_a_ban(sqlite_client: TestClient) -> None:
    # 202.3: a card with no mana cost has mana value 0; the state gives the number chosen.
    zero = _cascade("Crashing Footfalls", TALLY_PRELATE)
    zero["state"]["battlefield"][0]["chosen_number"] = 0
    answer = _revealed(sqlite_client, zero)
    assert answer["hit"] == "Crashing Footfalls" and answer["cast"] is False
    zero["state"]["battlefield"][0]["chosen_number"] = 1
    assert _revealed(sqlite_client, zero)["cast"] is True
    del zero["state"]["battlefield"][0]["chosen_number"]
    r = sqlite_client.post(REVEAL, json=zero)
    assert_problem(
        r, ["body", "state", "battlefield", 0, "chosen_number"], "chosen_number_required"
    )


# "Each opponent who has cast a noncreature spell this turn can't cast additional noncreature
# spells."
HUSH_WARDEN = _ban(
    "Hush Warden",
    spells={
        "controller": "opponent",
        "where": {"kind": "not", "filter": {"kind": "type", "type": "creature"}},
    },
    after_spells_this_turn=1,
    counting="alike",
)


def test_a_cascade_after_a_spell_of_the_banned_kind_is_stopped(sqlite_client: TestClient) -> None:
    # 601.2i: the cascading spell was cast, so it is listed; a creature one leaves the
    # noncreature hit castable, an instant one doesn't.
    body = _cascade("Lightning Bolt", HUSH_WARDEN)
    body["state"]["players"] = {"alice": {"spells_cast": ["bloodbraid elf"]}}
    r = sqlite_client.post(REVEAL, json=body)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["cast"] is True
    assert r.json()["question"]["state"]["players"]["alice"]["spells_cast"] == ["Bloodbraid Elf"]
    body["state"]["players"] = {"alice": {"spells_cast": ["stomp"]}}
    r = sqlite_client.post(REVEAL, json=body)
    assert r.json()["answer"]["cast"] is False
    assert r.json()["question"]["state"]["players"]["alice"]["spells_cast"] == ["Stomp"]
    body["state"]["players"] = {"alice": {"spells_cast_this_turn": 1}}
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "players", "alice", "spells_cast"], "spells_cast_required")


def test_a_list_of_spells_cast_must_agree_with_their_count(sqlite_client: TestClient) -> None:
    body = _cascade("Lightning Bolt", HUSH_WARDEN)
    facts = {"spells_cast": ["Stomp"], "spells_cast_this_turn": 2}
    body["state"]["players"] = {"alice": facts}
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "players", "alice", "spells_cast"], "validation_error")
    # 305.1, 305.9: a land is played, never cast; a modal card's land face neither.
    for land in ("Forest", "Shatterskull, the Hammer Pass"):
        body["state"]["players"] = {"alice": {"spells_cast": ["Stomp", land]}}
        r = sqlite_client.post(REVEAL, json=body)
        assert_problem(
            r, ["body", "state", "players", "alice", "spells_cast", 1], "land_not_on_stack"
        )
    body["state"]["players"] = {"alice": facts}
    body["state"]["players"]["alice"]["spells_cast"] = ["Nonesuch Card"]
    body["state"]["players"]["alice"]["spells_cast_this_turn"] = 1
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "players", "alice", "spells_cast", 0], "unknown_card")


# "Target player can't cast spells this turn."
SILENCING_CHANT = {
    "name": "Silencing Chant",
    "mana_cost": "{W}",
    "types": ["instant"],
    "abilities": [
        {"kind": "spell_cast_ban", "spells": {}, "by_target_player": True, "works_from": "effect"}
    ],
}


def test_a_cascade_by_the_targeted_player_is_stopped(sqlite_client: TestClient) -> None:
    # 115.1: the chant bob cast targeted alice; carol's cascade goes on.
    body = _cascade("Lightning Bolt", HEARTH_WARDEN)
    chant = {
        "id": "c",
        "definition": SILENCING_CHANT,
        "controller": "bob",
        "target_player": "alice",
    }
    body["state"] = {"turn": 4, "active_player": "alice", "battlefield": [], "effects": [chant]}
    answer = _revealed(sqlite_client, body)
    assert answer["cast"] is False
    assert "cast_prohibited" in [x["code"] for x in answer["free_cast"]["reasons"]]
    assert _revealed(sqlite_client, {**body, "caster": "carol"})["cast"] is True
    del chant["target_player"]
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "target_player"], "target_player_required")
    # Only an effect targets a player.
    permanent = {**SILENCING_CHANT, "types": ["artifact"]}
    permanent["abilities"] = [{**SILENCING_CHANT["abilities"][0], "works_from": "battlefield"}]
    body["state"] = _state(permanent)
    r = sqlite_client.post(REVEAL, json=body)
    assert r.status_code == 422 and "by_target_player" in r.text


# "Players can't cast spells during combat."
SKIRMISH_WARDEN = _ban("Skirmish Warden", spells={}, during_combat=True)


def test_a_cascade_during_combat_is_stopped_by_a_combat_ban(sqlite_client: TestClient) -> None:
    body = _cascade("Lightning Bolt", SKIRMISH_WARDEN)
    body["state"]["phase"] = "combat"
    assert _revealed(sqlite_client, body)["cast"] is False
    body["state"]["phase"] = "first_main"
    assert _revealed(sqlite_client, body)["cast"] is True
    del body["state"]["phase"]
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "phase"], "phase_required")
    body["state"]["phase"] = "declare_attackers"
    assert_problem(
        sqlite_client.post(REVEAL, json=body), ["body", "state", "phase"], "validation_error"
    )
    # A phase that is none, with a step, is named as such, not as a step of another phase.
    for bogus in ["bogus", [], {}]:
        body["state"] |= {"phase": bogus, "step": "upkeep"}
        r = sqlite_client.post(REVEAL, json=body)
        assert_problem(r, ["body", "state", "phase"], "validation_error")
        assert "is a step of the" not in r.text
    # A phase that is one, with a step of another, is named at the step.
    body["state"] |= {"phase": "combat", "step": "upkeep"}
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "step"], "validation_error")
    assert "is a step of the 'beginning' phase, but phase is 'combat'" in r.text


# "As ~ enters, choose artifact, instant, or sorcery. Your opponents can't cast spells of the
# chosen type."
VERDICT_WARDEN = _ban("Verdict Warden", spells={"controller": "opponent"}, of_chosen_card_type=True)


def test_a_cascade_into_the_chosen_card_type_is_stopped(sqlite_client: TestClient) -> None:
    body = _cascade("Lightning Bolt", VERDICT_WARDEN)
    body["state"]["battlefield"][0]["chosen_type"] = "instant"
    assert _revealed(sqlite_client, body)["cast"] is False
    body["state"]["battlefield"][0]["chosen_type"] = "sorcery"
    assert _revealed(sqlite_client, body)["cast"] is True
    body["state"]["battlefield"][0]["chosen_type"] = "Goblin"
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "battlefield", 0, "chosen_type"], "invalid_chosen_type")


# An opponent's spells whose mana value is above the number of lands they control can't be cast.
TERRACE_WARDEN = _ban(
    "Terrace Warden",
    spells={"controller": "opponent"},
    mana_value_above={"kind": "permanents", "of": {"types": ["land"], "controller": "you"}},
)


def test_a_cascade_hit_above_the_casters_land_count_is_stopped(sqlite_client: TestClient) -> None:
    # 202.3: Bloodbraid Elf's mana value is 4; alice controls three Forests, then four.
    body = _cascade("Bloodbraid Elf", TERRACE_WARDEN)
    body["cascade_mana_value"] = 5
    forests = [{"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(4)]
    body["state"]["battlefield"] += forests[:3]
    answer = _revealed(sqlite_client, body)
    assert answer["hit"] == "Bloodbraid Elf" and answer["cast"] is False
    body["state"]["battlefield"].append(forests[3])
    assert _revealed(sqlite_client, body)["cast"] is True


# Imported with its own words, which the compiler reads as a restriction on casting itself.
PATIENT_SAGE = Invented(
    "normal",
    [
        Face(
            "Patient Sage", "{1}{U}", ["Creature"], subtypes=["Human"], colors=["U"],
            power="1", toughness="3",
            text="You can't cast Patient Sage during your first three turns of the game.",
        )
    ],
)  # fmt: skip


# Cast only in one step of combat, and only while its caster is attacked (506.1, 508.1).
SUDDEN_AMBUSH = Invented(
    "normal",
    [
        Face(
            "Sudden Ambush", "{1}{W}", ["Instant"], colors=["W"],
            text="Cast this spell only during the declare attackers step and only if you've "
            "been attacked this step.\nSudden Ambush deals 3 damage to target attacking "
            "creature.",
        )
    ],
)  # fmt: skip


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    cards = [PATIENT_SAGE, SUDDEN_AMBUSH]
    with client_of(cards, tmp_path_factory.mktemp("cast-restriction")) as c:
        yield c


def test_a_free_cast_of_a_card_restricting_itself_reads_the_casters_turns(
    imported: TestClient,
) -> None:
    # 601.3, 101.2: its own "can't" beats the free cast's permission on alice's third turn.
    state = {
        "turn": 5,
        "active_player": "alice",
        "battlefield": [],
        "players": {"alice": {"turns_begun": 3}},
    }
    body = {"card": "Patient Sage", "state": state, "caster": "alice"}
    r = imported.post(FREE, json=body)
    assert r.status_code == 201, r.text
    assert [x["code"] for x in r.json()["answer"]["reasons"]] == ["cast_prohibited"]
    state["players"]["alice"]["turns_begun"] = 4
    assert imported.post(FREE, json=body).json()["answer"]["castable"] is True
    # In bob's turn it is none of alice's first turns.
    on_bobs = {**state, "active_player": "bob", "players": {"alice": {"turns_begun": 1}}}
    assert imported.post(FREE, json={**body, "state": on_bobs}).json()["answer"]["castable"]
    # Without a state, neither the turn nor the caster's turns are known.
    r = imported.post(FREE, json={"card": "Patient Sage"})
    assert_problem(r, ["body", "state"], "state_required")
    r = imported.post(FREE, json={**body, "state": {**state, "players": {}}})
    assert_problem(r, ["body", "state", "players", "alice", "turns_begun"], "turns_begun_required")


def test_a_zone_ban_asks_where_a_free_cast_is_cast_from(sqlite_client: TestClient) -> None:
    body = {"card": "Lightning Bolt", "state": _state(HEARTH_WARDEN), "caster": "alice"}
    assert_problem(sqlite_client.post(FREE, json=body), ["body", "cast_from"], "cast_from_required")
    r = sqlite_client.post(FREE, json={**body, "cast_from": "hand"})
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["castable"] is True
    r = sqlite_client.post(FREE, json={**body, "cast_from": "graveyard"})
    assert r.json()["answer"]["castable"] is False


def test_a_ban_working_from_an_effect_may_not_ask_for_a_chosen_name(
    sqlite_client: TestClient,
) -> None:
    named = {"kind": "spell_cast_ban", "spells": {}, "to_chosen_name": True, "works_from": "effect"}
    card = {"name": "Hush Decree", "types": ["sorcery"], "abilities": [named]}
    state = {
        "turn": 4,
        "active_player": "bob",
        "battlefield": [],
        "effects": [{"id": "hush", "definition": card, "controller": "bob"}],
    }
    r = sqlite_client.post(FREE, json={"card": "Lightning Bolt", "state": state})
    assert r.status_code == 422, r.text
    assert "works_from must be 'battlefield'" in r.text


def test_a_sorcery_timing_ban_stops_a_cascade_and_asks_about_a_free_cast(
    sqlite_client: TestClient,
) -> None:
    # 307.5: a hit is cast while the cascade resolves, the stack not empty.
    cascade = {
        "library": ["Lightning Bolt"],
        "mode": "cascade",
        "cascade_mana_value": 4,
        "seed": 2,
        "state": _state(DUSK_WARDEN, active="alice"),
        "caster": "alice",
    }
    r = sqlite_client.post(REVEAL, json=cascade)
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert answer["cast"] is False
    reasons = [x for x in answer["free_cast"]["reasons"] if x["code"] == "cast_prohibited"]
    assert len(reasons) == 1 and "could cast a sorcery" in reasons[0]["message"]
    body = {"card": "Lightning Bolt", "state": _state(DUSK_WARDEN, active="alice")}
    assert_problem(
        sqlite_client.post(FREE, json=body), ["body", "sorcery_timing"], "sorcery_timing_required"
    )
    r = sqlite_client.post(FREE, json={**body, "sorcery_timing": True})
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["castable"] is True
    assert r.json()["question"]["sorcery_timing"] is True
    assert_problem(
        sqlite_client.post(FREE, json={"card": "Lightning Bolt", "sorcery_timing": True}),
        ["body", "sorcery_timing"],
        "state_required",
    )


def test_a_free_cast_of_a_card_cast_only_in_one_step_reads_the_step(imported: TestClient) -> None:
    # 601.3, 506.1, 508.1: in the declare attackers step, with alice attacked, it may be cast.
    state = {
        "turn": 6,
        "active_player": "bob",
        "step": "declare_attackers",
        "battlefield": [],
        "players": {"alice": {"being_attacked": True}},
    }
    body = {"card": "Sudden Ambush", "state": state, "caster": "alice"}
    r = imported.post(FREE, json=body)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["castable"] is True
    assert r.json()["question"]["state"]["phase"] == "combat"  # the step says its phase
    assert imported.get("/v1/cards/Sudden Ambush").json()["support"] == "full"
    state["step"] = "declare_blockers"
    answer = imported.post(FREE, json=body).json()["answer"]
    assert [x["code"] for x in answer["reasons"]] == ["cast_prohibited"]
    assert "this is the declare blockers step" in answer["reasons"][0]["message"]
    state["step"] = "declare_attackers"
    del state["players"]
    r = imported.post(FREE, json=body)
    assert_problem(
        r, ["body", "state", "players", "alice", "being_attacked"], "being_attacked_required"
    )
    del state["step"]
    state["phase"] = "combat"
    r = imported.post(FREE, json=body)
    assert_problem(r, ["body", "state", "step"], "step_required")


def test_a_cascade_by_a_player_who_cast_no_spell_this_turn_is_refused(
    sqlite_client: TestClient,
) -> None:
    # 702.85a, 601.2i: the caster of a cascade's hit cast the spell with cascade this turn.
    state = {"turn": 3, "active_player": "alice", "phase": "first_main", "battlefield": [],
             "players": {"alice": {"spells_cast_this_turn": 0}}}  # fmt: skip
    body = {"library": ["Lightning Bolt"], "mode": "cascade", "cascade_mana_value": 4,
            "seed": 1, "state": state, "caster": "alice"}  # fmt: skip
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(
        r, ["body", "state", "players", "alice", "spells_cast_this_turn"], "inconsistent_state"
    )
    state["players"] = {"alice": {"spells_cast": []}}
    r = sqlite_client.post(REVEAL, json=body)
    assert_problem(r, ["body", "state", "players", "alice", "spells_cast"], "inconsistent_state")
    state["players"] = {"alice": {"spells_cast_this_turn": 1}}
    assert sqlite_client.post(REVEAL, json=body).json()["answer"]["cast"] is True


def test_a_player_attacked_when_no_one_can_be_is_refused(sqlite_client: TestClient) -> None:
    # 506.2, 508.1, 511.3: the active player is never attacked, and no creature is attacking
    # outside the declare attackers step to the end of combat.
    for state, why in (
        ({"active_player": "alice", "step": "declare_attackers"}, "never attacked"),
        ({"active_player": "bob", "step": "upkeep"}, "no creature is attacking"),
        ({"active_player": "bob", "phase": "second_main"}, "no creature is attacking"),
    ):
        body = {"card": "Lightning Bolt", "caster": "alice",
                "state": {"turn": 5, "battlefield": [], **state,
                          "players": {"alice": {"being_attacked": True}}}}  # fmt: skip
        r = sqlite_client.post(FREE, json=body)
        assert_problem(
            r, ["body", "state", "players", "alice", "being_attacked"], "inconsistent_state"
        )
        assert why in r.json()["detail"]
