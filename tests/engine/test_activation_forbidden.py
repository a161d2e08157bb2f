"""Activations forbidden (602.5): an effect that says a permanent's activated abilities can't
be activated stops its mana abilities too (605.1a: a mana ability is activated), so tapping it
for mana is illegal; what it could produce is unchanged (106.7 asks what an ability would make
if it resolved). A static ability that spares mana abilities still forbids an ability that makes
mana but, having a target, is none (605.1a); one that has lost its abilities (613.1f) forbids
nothing. Invented cards, compiled from templated sentences
we wrote."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from app.catalog.compile import compile_face
from app.domain.abilities import line_of
from app.domain.continuous import ForbidActivation
from app.domain.errors import QuestionError
from app.domain.filters import Selector
from app.domain.state import GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.api.helpers import assert_problem
from tests.engine.mana_helpers import P, board, resolve
from tests.engine.test_type_effects import _card, _perm

SHACKLES = _card(
    "Stasis Shackles",
    "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities "
    "can't be activated.",
    ["Enchantment"],
    ["Aura"],
)
ANVIL = _card("Quiet Anvil", "Activated abilities of artifacts can't be activated.", ["Artifact"])
THEIR_ANVIL = _card(
    "Grudging Anvil",
    "Activated abilities of artifacts an opponent controls can't be activated.",
    ["Artifact"],
)
SPARING = _card(
    "Sparing Anvil",
    "Activated abilities of artifacts can't be activated unless they're mana abilities.",
    ["Artifact"],
)
# An artifact creature with the same lock, and a law that takes creatures' abilities away.
QUIET_LAW = _card("Quiet Law", "All creatures lose all abilities.", ["Enchantment"])
ANVIL_BEAST = _card(
    "Anvil Golem",
    "Activated abilities of artifacts can't be activated.",
    ["Artifact", "Creature"],
)


def _answer(*perms: dict[str, Any], asked: str) -> dict[str, Any]:
    return activate(board(*perms), asked).answer_data


@pytest.mark.parametrize(
    ("sentence", "types", "subtypes"),
    [
        (
            "Enchanted permanent doesn't untap during its controller's untap step and its "
            "activated abilities can't be activated.",
            ["Enchantment"],
            ["Aura"],
        ),
        ("Enchanted artifact's activated abilities can't be activated.", ["Enchantment"], ["Aura"]),
        ("Activated abilities of artifacts and creatures can't be activated.", ["Artifact"], []),
        (
            "Enchanted creature can't block. Its activated abilities can't be activated unless "
            "they're mana abilities.",
            ["Enchantment"],
            ["Aura"],
        ),
    ],
)
def test_the_templates_compile_to_one_forbidding_ability(
    sentence: str, types: list[str], subtypes: list[str]
) -> None:
    compiled = compile_face("Hushing Rune", sentence, types=types, subtypes=subtypes)
    assert compiled.support == "full"
    assert [type(a) for a in compiled.abilities] == [ForbidActivation]


@pytest.mark.parametrize(
    "sentence",
    [
        # "The chosen name" on a card that chooses none as it enters; a rider this module
        # doesn't know; only this turn (a one-shot effect): each is reported, never guessed.
        "Activated abilities of permanents with the chosen name can't be activated.",
        "Enchanted creature can't be the target of spells, and its activated abilities can't "
        "be activated.",
        "Its activated abilities can't be activated this turn.",
    ],
)
def test_what_it_cant_say_exactly_is_left_not_understood(sentence: str) -> None:
    compiled = compile_face("Hushing Rune", sentence, types=["Enchantment"], subtypes=["Aura"])
    assert compiled.support == "partial"
    assert compiled.unsupported_text == [sentence]


def test_a_lock_its_player_may_pay_to_ignore_is_not_understood() -> None:
    # Whether the player paid this turn, the state can't say: reported, never guessed.
    lock = (
        "Enchanted creature can't attack or block, and its activated abilities can't be activated."
    )
    text = f"{lock}\nThat creature's controller may pay 2 life for that player to ignore this "
    text += "effect until end of turn."
    compiled = compile_face("Hushing Rune", text, types=["Enchantment"], subtypes=["Aura"])
    assert compiled.support == "partial"
    assert compiled.unsupported_text == [lock]
    assert compiled.abilities == []


def test_a_creature_an_aura_locks_cant_be_tapped_for_mana() -> None:
    answer = _answer(
        P("elves", "Llanowar Elves"),
        _perm("shackles", SHACKLES, controller="bob", attached_to="elves"),
        asked="elves",
    )
    assert answer["legal"] is False
    assert [r["code"] for r in answer["reasons"]] == ["activation_forbidden"]
    assert answer["reasons"][0]["rules"] == ["602.5"]
    assert "Stasis Shackles (shackles)" in answer["reasons"][0]["message"]
    assert (answer["produced"], answer["total"]) == ("", "")


def test_the_aura_locks_only_what_it_enchants() -> None:
    answer = _answer(
        P("elves", "Llanowar Elves"),
        P("birds", "Birds of Paradise"),
        _perm("shackles", SHACKLES, controller="bob", attached_to="elves"),
        asked="birds",
    )
    assert answer["legal"] is True and answer["reasons"] == []


def test_a_lock_on_artifacts_stops_mana_rocks_not_lands() -> None:
    perms = (P("ring", "Sol Ring"), P("forest", "Forest"), _perm("anvil", ANVIL, controller="bob"))
    ring = _answer(*perms, asked="ring")
    assert ring["legal"] is False
    assert ring["reasons"][0]["code"] == "activation_forbidden"
    forest = _answer(*perms, asked="forest")
    assert forest["legal"] is True and forest["total"] == "{G}"


def test_a_lock_on_an_opponents_artifacts_spares_its_controllers() -> None:
    # "an opponent": seen from the lock's controller, bob.
    anvil = _perm("anvil", THEIR_ANVIL, controller="bob")
    assert _answer(P("ring", "Sol Ring"), anvil, asked="ring")["legal"] is False
    assert _answer(P("ring", "Sol Ring", "bob"), anvil, asked="ring")["legal"] is True


def test_a_lock_that_spares_mana_abilities_spares_only_them() -> None:
    lock = ForbidActivation(to=Selector(types=["artifact"]), except_mana_abilities=True)
    assert [ForbidActivation.model_validate(a) for a in SPARING["abilities"]] == [lock]
    answer = _answer(P("ring", "Sol Ring"), _perm("anvil", SPARING, controller="bob"), asked="ring")
    assert answer["legal"] is True and answer["total"] == "{C}{C}"
    # 605.1a: an ability with a target that makes mana is no mana ability: it is forbidden.
    crab = _answer(P("c", "Lure Crab"), _perm("t", SPARING_TOTEM, controller="bob"), asked="c")
    assert crab["legal"] is False
    assert [r["code"] for r in crab["reasons"]] == ["activation_forbidden"]
    assert crab["reasons"][0]["rules"] == ["602.5", "605.1a"]
    assert "is no mana ability" in crab["reasons"][0]["message"]
    elves = _answer(
        P("e", "Llanowar Elves"), _perm("t", SPARING_TOTEM, controller="bob"), asked="e"
    )
    assert elves["legal"] is True


SPARING_TOTEM = _card(
    "Sparing Totem",
    "Activated abilities of creatures can't be activated unless they're mana abilities.",
    ["Artifact"],
)
SPARING_NEEDLE = _card(
    "Sparing Needle",
    "As Sparing Needle enters, choose a card name.\nActivated abilities of permanents with "
    "the chosen name can't be activated unless they're mana abilities.",
    ["Artifact"],
)


def test_a_name_lock_sparing_mana_abilities_asks_for_the_name_only_where_it_could_bite() -> None:
    needle = _perm("n", SPARING_NEEDLE, controller="bob")
    # A mana ability: the lock spares it whatever name was chosen, so none is asked for.
    assert _answer(P("e", "Llanowar Elves"), needle, asked="e")["legal"] is True
    with pytest.raises(QuestionError) as raised:
        _answer(P("c", "Lure Crab"), needle, asked="c")
    assert raised.value.code == "chosen_name_required"
    named = {**needle, "chosen_name": "Lure Crab"}
    assert _answer(P("c", "Lure Crab"), named, asked="c")["legal"] is False
    other = {**needle, "chosen_name": "Llanowar Elves"}
    assert _answer(P("c", "Lure Crab"), other, asked="c")["legal"] is True


def test_a_lock_whose_source_lost_its_abilities_forbids_nothing() -> None:
    # 613.1f: the law takes the artifact creature's abilities, the lock among them.
    perms = (P("ring", "Sol Ring"), _perm("golem", ANVIL_BEAST, controller="bob"))
    assert _answer(*perms, asked="ring")["legal"] is False
    assert _answer(*perms, _perm("law", QUIET_LAW, controller="bob"), asked="ring")["legal"] is True


def test_what_a_locked_permanent_could_produce_is_unchanged() -> None:
    # 106.7: what its ability would make if it resolved, whether or not it can be activated.
    b = board(
        P("elves", "Llanowar Elves"),
        _perm("shackles", SHACKLES, controller="bob", attached_to="elves"),
    )
    permanents = could_produce(b, "elves").answer_data["permanents"]
    assert permanents == [{"id": "elves", "name": "Llanowar Elves", "types": ["G"]}]


def test_through_http_the_ruling_says_why(sqlite_client: TestClient) -> None:
    body = {
        "state": {
            "turn": 3,
            "active_player": "alice",
            "battlefield": [
                {"id": "ring", "card": "Sol Ring", "controller": "alice"},
                {"id": "anvil", "definition": ANVIL, "controller": "bob"},
            ],
        },
        "permanent_id": "ring",
    }
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 201, r.text
    ruling = r.json()
    assert ruling["answer"]["legal"] is False
    assert ruling["answer"]["reasons"][0]["code"] == "activation_forbidden"
    assert "602.5" in ruling["citations"]
    assert any("602.5" in step["rules"] for step in ruling["explanation"])
    assert ruling["caveats"] == []


def test_through_http_a_lock_sparing_mana_abilities_stops_one_with_a_target(
    sqlite_client: TestClient,
) -> None:
    crab = {
        "name": "Zq Lure Crab",
        "mana_cost": "{1}{R}",
        "types": ["creature"],
        "abilities": [
            {"kind": "mana_ability", "cost": {"tap": True}, "targets": True,
             "produces": {"kind": "fixed", "mana": "{R}"}}
        ],
    }  # fmt: skip

    def ask(lock: dict[str, Any], permanent_id: str) -> Any:
        battlefield = [
            {"id": "c", "definition": crab, "controller": "alice"},
            {"id": "lock", "definition": lock, "controller": "bob"},
            {"id": "e", "card": "Llanowar Elves", "controller": "alice"},
        ]
        state = {"turn": 3, "active_player": "alice", "battlefield": battlefield}
        body = {"state": state, "permanent_id": permanent_id}
        return sqlite_client.post("/v1/mana/activate", json=body)

    r = ask(SPARING_TOTEM, "c")
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["legal"] is False
    assert {"602.5", "605.1a"} <= set(r.json()["citations"])
    assert ask(SPARING_TOTEM, "e").json()["answer"]["legal"] is True
    # The name a lock reads, asked for only where the lock could bite.
    assert ask(SPARING_NEEDLE, "e").json()["answer"]["legal"] is True
    loc = ["body", "state", "battlefield", 1, "chosen_name"]
    assert_problem(ask(SPARING_NEEDLE, "c"), loc, "chosen_name_required")


# A turn-long effect of that kind, described inline: it locks the effect's target.
HUSH = {
    "name": "Hushing Word",
    "types": ["instant"],
    "abilities": [
        {"kind": "forbid_activation", "to": {"relation": "attached"}, "works_from": "effect"}
    ],
}


def test_a_turn_long_effect_locks_its_target_alone() -> None:
    hush = {"id": "hush", "definition": HUSH, "controller": "bob", "target": "elves"}
    perms = (P("elves", "Llanowar Elves"), P("birds", "Birds of Paradise"))
    locked = activate(board(*perms, effects=(hush,)), "elves").answer_data
    assert [r["code"] for r in locked["reasons"]] == ["activation_forbidden"]
    free = activate(board(*perms, effects=(hush,)), "birds", choose="G").answer_data
    assert free["legal"] is True


def test_a_locking_effect_without_a_target_is_a_question_error() -> None:
    hush = {"id": "hush", "definition": HUSH, "controller": "bob"}
    with pytest.raises(QuestionError) as raised:
        board(P("elves", "Llanowar Elves"), effects=(hush,))
    assert raised.value.code == "target_required"


# 201.3: a lock on whatever bears the name chosen for it as it entered (its `chosen_name`).
NAMING_WARDEN = _card(
    "Nameless Warden",
    "As Nameless Warden enters, choose a card name.\nActivated abilities of permanents with "
    "the chosen name can't be activated.",
    ["Artifact", "Creature"],
)


@pytest.mark.parametrize(
    ("phrase", "types"),
    [("permanents", []), ("creatures", ["creature"]), ("sources", [])],
)
def test_a_lock_on_the_chosen_name_compiles_with_its_name_left_to_the_state(
    phrase: str, types: list[str]
) -> None:
    text = (
        "As Nameless Warden enters, choose a card name.\n"
        f"Activated abilities of {phrase} with the chosen name can't be activated."
    )
    compiled = compile_face("Nameless Warden", text, types=["Artifact", "Creature"], subtypes=[])
    assert compiled.support == "full"
    assert compiled.abilities == [ForbidActivation(to=Selector(types=types), to_chosen_name=True)]


def test_the_named_permanent_cant_be_tapped_for_mana_and_others_can() -> None:
    warden = _perm("warden", NAMING_WARDEN, controller="bob", chosen_name="Llanowar Elves")
    perms = (P("elves", "Llanowar Elves"), P("birds", "Birds of Paradise"), warden)
    elves = _answer(*perms, asked="elves")
    assert elves["legal"] is False
    assert [r["code"] for r in elves["reasons"]] == ["activation_forbidden"]
    assert "Nameless Warden (warden)" in elves["reasons"][0]["message"]
    birds = activate(board(*perms), "birds", choose="G").answer_data
    assert birds["legal"] is True and birds["total"] == "{G}"


def test_a_name_lock_without_its_name_is_asked_for_only_when_something_is_activated() -> None:
    warden = _perm("warden", NAMING_WARDEN, controller="bob")
    b = board(P("elves", "Llanowar Elves"), warden)
    # 106.7: what it could produce doesn't depend on the lock, so the name isn't needed.
    assert could_produce(b, "elves").answer_data["permanents"][0]["types"] == ["G"]
    with pytest.raises(QuestionError) as raised:
        activate(b, "elves")
    assert raised.value.code == "chosen_name_required"
    assert raised.value.loc == ("state", "battlefield", 1, "chosen_name")


# 201.3: a lock whose own words limit the name it may choose.
NONLAND_WARDEN = _card(
    "Pickier Warden",
    "As Pickier Warden enters, choose a nonland card name.\nActivated abilities of sources "
    "with the chosen name can't be activated.",
    ["Artifact", "Creature"],
)


def test_a_name_its_words_dont_allow_is_refused() -> None:
    assert NONLAND_WARDEN["chosen_name_of"]["not_types"] == ["land"]
    elves = P("elves", "Llanowar Elves")
    warden = _perm("warden", NONLAND_WARDEN, controller="bob", chosen_name="llanowar elves")
    assert activate(board(elves, warden), "elves").answer_data["legal"] is False
    with pytest.raises(QuestionError) as raised:
        board(P("f", "Forest"), warden | {"chosen_name": "Forest"})
    assert (raised.value.code, raised.value.loc) == (
        "invalid_chosen_name",
        ("state", "battlefield", 1, "chosen_name"),
    )
    assert "the name of a nonland card" in raised.value.message
    # Without a limit in its words, any card's name is a choice.
    assert board(P("f", "Forest"), warden | {"definition": NAMING_WARDEN, "chosen_name": "Forest"})


def test_a_name_lock_is_a_permanents_choice_not_an_effects() -> None:
    with pytest.raises(ValueError, match="works_from must be 'battlefield'"):
        ForbidActivation(to=Selector(), to_chosen_name=True, works_from="effect")


def test_through_http_a_name_lock_stops_the_named_rock(sqlite_client: TestClient) -> None:
    warden = {
        "id": "warden",
        "definition": NAMING_WARDEN,
        "controller": "bob",
        "chosen_name": "Sol Ring",
    }
    body = {
        "state": {
            "turn": 3,
            "active_player": "alice",
            "battlefield": [{"id": "ring", "card": "Sol Ring", "controller": "alice"}, warden],
        },
        "permanent_id": "ring",
    }
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["reasons"][0]["code"] == "activation_forbidden"
    del warden["chosen_name"]
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 422, r.text
    problem = r.json()
    assert problem["code"] == "chosen_name_required"
    assert "chosen_name" in problem["detail"]


# During its controller's turn, its controller's opponents can't cast spells or activate the
# abilities of their artifacts and creatures.
WARDEN = _card(
    "Hushing Warden",
    "During your turn, your opponents can't cast spells or activate abilities of artifacts "
    "and creatures.",
    ["Creature"],
)


def _in_turn(active: str | None, *perms: dict[str, Any], asked: str) -> dict[str, Any]:
    state = GameState.model_validate(
        {"turn": 3, "active_player": active, "battlefield": list(perms), "effects": []}
    )
    return activate(resolve(state), asked).answer_data


def test_a_lock_in_its_controllers_turn_stops_the_opponents_mana_creatures_then_only() -> None:
    # 602.5 in bob's turn only (the state's active_player): alice's Elves can't tap for mana
    # then, her Forest can (not an artifact, creature or enchantment), bob's own Elves can.
    hush = _perm("hush", WARDEN, controller="bob")
    perms = (P("elves", "Llanowar Elves"), P("forest", "Forest"), P("his", "Llanowar Elves", "bob"))
    locked = _in_turn("bob", *perms, hush, asked="elves")
    assert (locked["legal"], locked["reasons"][0]["code"]) == (False, "activation_forbidden")
    assert "in its controller's turn, which this is" in locked["reasons"][0]["message"]
    assert _in_turn("bob", *perms, hush, asked="forest")["legal"] is True
    assert _in_turn("bob", *perms, hush, asked="his")["legal"] is True
    assert _in_turn("alice", *perms, hush, asked="elves")["total"] == "{G}"
    with pytest.raises(QuestionError) as err:
        _in_turn(None, *perms, hush, asked="elves")
    assert (err.value.code, err.value.loc) == ("active_player_required", ("state", "active_player"))


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "{1}, {T}: Tap target creature. Its activated abilities can't be activated this turn.",
            ["Artifact"],
        ),
        (
            "{2}, {T}: Until your next turn, target artifact can't attack or block and its "
            "activated abilities can't be activated.",
            ["Artifact"],
        ),
        (
            "Tap target creature. Its activated abilities can't be activated this turn.",
            ["Instant"],
        ),
        # 701.35a: detained, until its detainer's next turn.
        ("When ~ enters, detain target creature an opponent controls.", ["Creature"]),
        ("{3}{W}: Detain target nonland permanent an opponent controls.", ["Enchantment"]),
        ("Detain target creature an opponent controls. Draw a card.", ["Sorcery"]),
    ],
)
def test_a_one_shot_lock_on_one_target_is_an_effect_on_it(text: str, types: list[str]) -> None:
    # 602.5, 611.2a: an entry of the state's effects with the locked permanent as `target`.
    card = _card("Stilling Rod", text, types)
    hush = {"id": "hush", "definition": card, "controller": "bob", "target": "elves"}
    perms = (P("elves", "Llanowar Elves"), P("birds", "Birds of Paradise"))
    locked = activate(board(*perms, effects=(hush,)), "elves").answer_data
    assert [r["code"] for r in locked["reasons"]] == ["activation_forbidden"]
    assert activate(board(*perms, effects=(hush,)), "birds", choose="G").answer_data["legal"]


@pytest.mark.parametrize(
    "text",
    [
        "Detain target creature an opponent controls.\nScry 1.",
        "When ~ enters, detain target nonland permanent an opponent controls.",
    ],
)
def test_detain_reads_the_same_where_the_card_lists_it_as_a_keyword(text: str) -> None:
    # Card files list keyword actions among a card's keywords: "Detain ..." is still a
    # sentence, not a keyword line.
    types = ["Sorcery"] if text.startswith("Detain") else ["Creature"]
    compiled = compile_face("Holding Order", text, types=types, keywords=["Detain", "Scry"])
    assert compiled.support == "full", compiled.unsupported_text
    assert [a.kind for a in compiled.abilities] == ["forbid_activation"]


@pytest.mark.parametrize(
    "text",
    [
        "Whenever ~ becomes tapped, detain up to two target creatures your opponents control.",
        "At the beginning of your upkeep, detain each nonland permanent your opponents control "
        "with mana value 2 or less.",
    ],
)
def test_several_detained_are_an_entry_each(text: str) -> None:
    # 611.2c: one entry of the state's effects for each permanent detained, as its target.
    card = _card("Holding Order", text, ["Creature"])
    entries = tuple(
        {"id": f"d{n}", "definition": card, "controller": "bob", "target": target}
        for n, target in enumerate(("elves", "birds"))
    )
    perms = (P("elves", "Llanowar Elves"), P("birds", "Birds of Paradise"), P("f", "Forest"))
    for target in ("elves", "birds"):
        locked = activate(board(*perms, effects=entries), target, choose="G").answer_data
        assert [r["code"] for r in locked["reasons"]] == ["activation_forbidden"]
    assert activate(board(*perms, effects=entries), "f").answer_data["legal"] is True


def test_two_one_shot_locks_on_one_card_need_the_entry_to_name_its_line() -> None:
    # An entry that named no line would apply every effect ability of its card: each lock
    # says its paragraph, and an entry must name the one that resolved.
    text = (
        "{1}, {T}: Tap target creature. Its activated abilities can't be activated this turn.\n"
        "{2}, {T}: Until your next turn, target artifact can't attack or block and its "
        "activated abilities can't be activated."
    )
    compiled = compile_face("Stilling Rod", text, types=["Artifact"])
    assert compiled.support == "full", compiled.unsupported_text
    assert [(a.kind, line_of(a)) for a in compiled.abilities] == [
        ("forbid_activation", 1),
        ("forbid_activation", 2),
    ]
    assert compiled.effect_lines == [1, 2]


def test_through_http_a_name_the_card_cant_choose_is_a_422(sqlite_client: TestClient) -> None:
    # 201.3: "choose a nonland card name" can't have chosen a land's name.
    warden = {"id": "w", "definition": NONLAND_WARDEN, "controller": "bob", "chosen_name": "forest"}
    body = {
        "state": {
            "turn": 3,
            "active_player": "alice",
            "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}, warden],
        },
        "permanent_id": "f",
    }
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 422, r.text
    problem = r.json()
    assert problem["code"] == "invalid_chosen_name"
    assert problem["errors"][0]["loc"] == ["body", "state", "battlefield", 1, "chosen_name"]
    warden["chosen_name"] = "sol ring"
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 201, r.text
    assert r.json()["question"]["state"]["battlefield"][1]["chosen_name"] == "Sol Ring"
