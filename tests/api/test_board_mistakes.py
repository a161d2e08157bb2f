"""Boards a new user gets wrong: read them right (a face by its name) or refuse them with a 422
that names the field and says what to do — never a silently wrong answer."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.catalog.compile import compile_face
from tests.api.helpers import assert_problem, perm, state

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"
SHATTERSKULL = "Shatterskull Smashing // Shatterskull, the Hammer Pass"


def test_mdfc_named_by_its_land_face_is_on_that_face(sqlite_client: TestClient) -> None:
    # 712.8d: a modal DFC on the battlefield with its land face up has that face's abilities.
    by_card = {"state": state(perm("s", "Shatterskull, the Hammer Pass"))}
    r = sqlite_client.post(CP, json=by_card)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["permanents"][0]["types"] == ["R"]
    by_face_name = {"state": state(perm("s", SHATTERSKULL, face="Shatterskull, the Hammer Pass"))}
    by_index = {"state": state(perm("s", SHATTERSKULL, face=1))}
    ids = {sqlite_client.post(CP, json=b).json()["id"] for b in (by_card, by_face_name, by_index)}
    assert len(ids) == 1  # one question, three spellings
    act = sqlite_client.post(ACT, json=by_card | {"permanent_id": "s"}).json()["answer"]
    assert act["legal"] is True and act["total"] == "{R}"


def test_face_name_the_card_lacks(sqlite_client: TestClient) -> None:
    body = {"state": state(perm("s", SHATTERSKULL, face="Hammer Time"))}
    r = sqlite_client.post(CP, json=body)
    assert_problem(r, ["body", "state", "battlefield", 0, "face"], "no_such_face")
    assert "Shatterskull, the Hammer Pass" in r.json()["detail"]


def test_an_instant_on_the_battlefield_is_refused(sqlite_client: TestClient) -> None:
    # 304.4: Pale Moon is an instant; its effect for the turn belongs in `effects`.
    body = {"state": state(perm("f", "Forest"), perm("pm", "Pale Moon"))}
    r = sqlite_client.post(CP, json=body)
    assert_problem(r, ["body", "state", "battlefield", 1, "card"], "not_a_permanent")
    assert "state.effects" in r.json()["detail"]


def test_an_mdfc_on_its_sorcery_face_is_refused(sqlite_client: TestClient) -> None:
    body = {"state": state(perm("s", SHATTERSKULL, face=0))}
    r = sqlite_client.post(CP, json=body)
    assert_problem(r, ["body", "state", "battlefield", 0, "card"], "not_a_permanent")
    assert "'face'" in r.json()["detail"]


def test_a_permanent_card_as_an_effect_is_refused(sqlite_client: TestClient) -> None:
    # Mana Reflection is an enchantment: it works from the battlefield, not as a turn effect.
    body = {
        "state": state(
            perm("f", "Forest"),
            effects=[{"id": "mr", "card": "Mana Reflection", "controller": "alice"}],
        ),
        "permanent_id": "f",
    }
    r = sqlite_client.post(ACT, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "card"], "not_an_effect")
    assert "state.battlefield" in r.json()["detail"]
    # An instant whose effect changes nothing the engine reads is not sent to the battlefield.
    bolt = body | {"state": state(perm("f", "Forest"), effects=[
        {"id": "b", "card": "Lightning Bolt", "controller": "alice"}])}  # fmt: skip
    r = sqlite_client.post(ACT, json=bolt)
    assert_problem(r, ["body", "state", "effects", 0, "card"], "not_an_effect")
    assert "battlefield" not in r.json()["detail"]


def test_an_effect_that_targets_needs_its_target(sqlite_client: TestClient) -> None:
    body = {
        "state": state(
            perm("bears", "Grizzly Bears", "bob"),
            effects=[{"id": "aot", "card": "Act of Treason", "controller": "alice"}],
        )
    }
    r = sqlite_client.post(CP, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "target"], "target_required")
    body["state"]["effects"][0]["target"] = "bears"
    assert sqlite_client.post(CP, json=body).status_code in (200, 201)


def test_counter_names_as_people_write_them(sqlite_client: TestClient) -> None:
    # Incubation Druid's "instead" (614.15) sees a +1/+1 counter however it is spelled.
    spellings = ["+1/+1", "+1/+1 counter", "+1/+1 Counters", " +1/+1  counter "]
    ids = set()
    for spelling in spellings:
        body = {
            "state": state(
                perm("d", "Incubation Druid", counters={spelling: 1}), perm("f", "Forest")
            ),
            "permanent_id": "d",
            "choose": "G",
        }
        r = sqlite_client.post(ACT, json=body)
        assert r.status_code in (200, 201), r.text
        assert r.json()["answer"]["total"] == "{G}{G}{G}"
        assert r.json()["question"]["state"]["battlefield"][0]["counters"] == {"+1/+1": 1}
        ids.add(r.json()["id"])
    assert len(ids) == 1
    charge = {"state": state(perm("f", "Forest", counters={"charge counter": 2}))}
    r = sqlite_client.post(CP, json=charge)
    assert r.json()["question"]["state"]["battlefield"][0]["counters"] == {"charge": 2}


def test_unknown_counter_names_are_refused(sqlite_client: TestClient) -> None:
    for bad in ({"plus one": 1}, {"+1/+1": 1, "+1/+1 counters": 1}):
        body = {"state": state(perm("d", "Incubation Druid", counters=bad))}
        r = sqlite_client.post(CP, json=body)
        assert r.status_code == 422, r.text
        assert r.json()["errors"][0]["loc"][:5] == ["body", "state", "battlefield", 0, "counters"]
        assert r.json()["code"] in ("unknown_counter", "duplicate_counter")


def test_a_counter_another_permanent_reads_and_a_battle_s_defense_counters_are_known(
    sqlite_client: TestClient,
) -> None:
    # A land carries a counter kind that only another permanent's ability names: the board is
    # read, and that ability reaches the land (305.6: a Forest too). A battle has defense
    # counters (310.4).
    warden = compile_face(
        "Bloomwatch Warden",
        "Each land with a bloom counter on it is a Forest in addition to its other types.",
        types=["Creature"],
    )
    definition = {"name": "Bloomwatch Warden", "types": ["creature"], **warden.card_fields()}
    body = {
        "state": state(
            perm("w", "Wastes", counters={"bloom counter": 1}),
            {"id": "ward", "definition": definition, "controller": "bob"},
        )
    }
    r = sqlite_client.post(CP, json=body)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["permanents"][0]["types"] == ["G", "C"]
    assert r.json()["question"]["state"]["battlefield"][0]["counters"] == {"bloom": 1}
    battle = {"name": "Siegeward Front", "types": ["battle"], "subtypes": ["Siege"]}
    siege = {"id": "b", "definition": battle, "controller": "bob", "counters": {"defense": 4}}
    body = {"state": state(siege)}
    r = sqlite_client.post(CP, json=body)
    assert r.status_code == 201, r.text


def test_replacement_order_lists_only_the_effects_that_applied(sqlite_client: TestClient) -> None:
    # 616.1, 106.12a: the Forest's event is {G} (Wild Growth's {G} is a triggered ability's,
    # not part of it); Damping Sphere replaces only two or more mana, so it never applies and
    # no order lists it.
    body = {
        "state": state(
            perm("f", "Forest"),
            perm("wg", "Wild Growth", attached_to="f"),
            perm("d", "Damping Sphere", "bob"),
        ),
        "permanent_id": "f",
    }
    answer = sqlite_client.post(ACT, json=body).json()["answer"]
    assert answer["replacement_order"] == []
    assert [o["replacement_order"] for o in answer["outcomes"]] == [[]]
    assert answer["outcomes"][0]["total"] == answer["total"]


def test_an_effect_the_engine_does_not_read_says_so(sqlite_client: TestClient) -> None:
    # A resolved spell whose effect is text not understood: refused, naming that text rather
    # than telling the client to put a spell on the battlefield.
    charm = {
        "name": "Haze Charm",
        "types": ["instant"],
        "support": "partial",
        "unsupported_text": ["Lands of the first chosen type become the second chosen type."],
    }
    body = {
        "state": state(
            perm("f", "Forest"),
            effects=[{"id": "hc", "definition": charm, "controller": "alice"}],
        ),
        "permanent_id": "f",
    }
    r = sqlite_client.post(ACT, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "definition"], "not_an_effect")
    assert "text not understood: Lands of the first chosen type" in r.json()["detail"]


def test_an_animation_entry_without_its_target_is_refused(sqlite_client: TestClient) -> None:
    # "Target land becomes a 2/2 creature until end of turn": without `target` the entry would
    # change nothing, silently; the question must name the permanent.
    waker = {
        "name": "Stirring Gust",
        "types": ["instant"],
        "abilities": [
            {
                "kind": "add_types",
                "to": {"relation": "attached"},
                "types": ["creature"],
                "works_from": "effect",
            }
        ],
    }
    body = {
        "state": state(
            perm("f", "Forest"), effects=[{"id": "w", "definition": waker, "controller": "alice"}]
        ),
        "permanent_id": "f",
    }
    r = sqlite_client.post(ACT, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "target"], "target_required")


def test_an_unearth_entry_for_another_cards_permanent_is_refused(
    sqlite_client: TestClient,
) -> None:
    # 702.84a: unearth's haste is for the permanent the card returned. An entry whose target is
    # a permanent of another card would give it nothing; the question says what to send.
    compiled = compile_face(
        "Cinder Drudge", "{T}: Add {B}.\nUnearth {2}{B}", types=("Creature",), keywords=("Unearth",)
    )
    drudge = {"name": "Cinder Drudge", "types": ["creature"], **compiled.card_fields()}
    fresh = {"definition": drudge, "controller": "alice", "controlled_since_turn_start": False}
    entry = {"id": "u", "definition": drudge, "controller": "alice", "target": "bears"}
    body = {
        "state": state(
            perm("bears", "Grizzly Bears", controlled_since_turn_start=False),
            {"id": "d", **fresh},
            effects=[entry],
        ),
        "permanent_id": "d",
    }
    r = sqlite_client.post(ACT, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "target"], "not_own_permanent")
    assert "'bears' is Grizzly Bears" in r.json()["detail"]
    body["state"]["effects"][0]["target"] = "d"
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["total"] == "{B}"


def test_a_self_haste_entry_for_another_permanent_is_refused(sqlite_client: TestClient) -> None:
    # "{B}: ~ gains haste until end of turn" hastes its own permanent only.
    text = "{T}: Add {B}.\n{B}: ~ gains haste until end of turn."
    compiled = compile_face("Ashfang Drake", text, types=("Creature",))
    drake = {"name": "Ashfang Drake", "types": ["creature"], **compiled.card_fields()}
    entry = {"id": "h", "definition": drake, "controller": "alice", "target": "bears"}
    body = {
        "state": state(
            perm("bears", "Grizzly Bears", controlled_since_turn_start=False),
            {"id": "d", "definition": drake, "controller": "alice",
             "controlled_since_turn_start": False},
            effects=[entry],
        ),
        "permanent_id": "d",
    }  # fmt: skip
    r = sqlite_client.post(ACT, json=body)
    assert_problem(r, ["body", "state", "effects", 0, "target"], "not_own_permanent")
    body["state"]["effects"][0]["target"] = "d"
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["total"] == "{B}"


def test_an_aura_attached_to_what_it_cant_enchant_is_refused(sqlite_client: TestClient) -> None:
    # 303.4d, 704.5m: Control Magic enchants creatures only; on a Forest it would be put into
    # its owner's graveyard, so no game has this board (before, bob's Forest became alice's).
    body = {
        "state": state(
            perm("f", "Forest", "bob"),
            perm("cm", "Control Magic", "alice", attached_to="f"),
            perm("orch", "Exotic Orchard"),
        ),
        "permanent_id": "orch",
    }
    r = sqlite_client.post(ACT, json=body)
    assert_problem(r, ["body", "state", "battlefield", 1, "attached_to"], "illegal_attachment")
    body["state"]["battlefield"][1]["attached_to"] = "bears"
    body["state"]["battlefield"].append(perm("bears", "Grizzly Bears", "bob"))
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["total"] == "{G}"  # bob's Forest, seen by alice's Orchard


def test_an_aura_attached_to_nothing_is_refused(sqlite_client: TestClient) -> None:
    # 303.4d, 704.5m: an Aura that enchants a permanent and is attached to none is put into its
    # owner's graveyard: no game has Wild Growth on its own (it had been credited {G}).
    lone = {"state": state(perm("f", "Forest"), perm("wg", "Wild Growth"))}
    r = sqlite_client.post(CP, json=lone)
    assert_problem(r, ["body", "state", "battlefield", 1, "attached_to"], "illegal_attachment")
    assert "attached to nothing" in r.json()["detail"]
    lone["state"]["battlefield"][1]["attached_to"] = "f"
    r = sqlite_client.post(CP, json=lone)
    assert r.status_code == 201, r.text


def test_a_control_aura_taken_by_another_aura_gives_its_new_controller_control(
    sqlite_client: TestClient,
) -> None:
    # 613.8a: bob takes alice's Control Magic with an invented "you control enchanted
    # permanent" Aura, newer than it: bob, not alice, controls the Elves.
    seize = {"name": "Borrowed Crown", "types": ["enchantment"], "subtypes": ["Aura"],
             "abilities": [{"kind": "gain_control", "of": "attached"}]}  # fmt: skip
    body = {
        "state": state(
            perm("elves", "Llanowar Elves", "bob", timestamp=1),
            perm("cm", "Control Magic", "alice", attached_to="elves", timestamp=2),
            {"id": "bc", "definition": seize, "controller": "bob", "attached_to": "cm",
             "timestamp": 3},
        ),
        "permanent_id": "elves",
    }  # fmt: skip
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    texts = [s["text"] for s in r.json()["explanation"]]
    assert any(t.startswith("Llanowar Elves (elves), controlled by bob") for t in texts), texts
