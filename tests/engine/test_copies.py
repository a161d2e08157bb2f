"""Copies (707.2, layer 1): a permanent that is a copy of a card has that card's name, types and
abilities before every other effect (613.1a), with the exceptions of its own copy effect
(707.9b); a copy of a copy has what that one copied (707.3). The state's `copy_of` names what
it copied. Invented copiers given inline, copying the fixture catalog's cards: the engine alone
(tests/compile has the sentences, tests/api both through HTTP)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.abilities import CopyEffect
from app.domain.card import CardFace
from app.domain.errors import QuestionError
from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.copies import with_exceptions
from app.engine.could_produce import could_produce
from app.rulings.checks import check_step
from app.rulings.resolve import check_state
from tests.engine.fixture_catalog import fixture_catalog
from tests.engine.mana_helpers import P, board
from tests.engine.test_chosen_land_type import SKY, defined  # nonbasic lands are Mountains


def _copier(
    name: str, card_types: list[str], by: str = "entering", **exceptions: Any
) -> dict[str, Any]:
    return {
        "name": name,
        "types": card_types,
        "abilities": [{"kind": "copy_effect", "by": by, **exceptions}],
    }


# A land that may enter as a copy of a land (it has no ability of its own besides).
ECHO_VALE = _copier("Echo Vale", ["land"])
# A creature that may enter as a copy of a creature.
MIMIC = {**_copier("Mimic Hatchling", ["creature"]), "power": "0", "toughness": "0"}
# A land that may become a copy of another land when its ability resolves (not as it enters).
STAGE = _copier("Shifting Stage", ["land"], by="activation")


def produced(b: Board) -> dict[str, list[str]]:
    verdict = could_produce(b, None)
    ids = [p["id"] for p in b.state.battlefield] if b.state else []
    for step in verdict.steps:
        check_step(step, ids)
    return {p["id"]: p["types"] for p in verdict.answer_data["permanents"]}


def _elves(n: int) -> list[dict[str, Any]]:
    return [P(f"elf{i}", "Llanowar Elves") for i in range(n)]


def test_a_land_that_entered_as_a_copy_of_a_land_has_its_mana_ability() -> None:
    # 707.2: Echo Vale copying Gaea's Cradle has its {T}: Add {G} for each creature.
    b = board(defined("vale", ECHO_VALE, copy_of=["Gaea's Cradle"]), *_elves(2))
    assert produced(b)["vale"] == ["G"]
    assert activate(b, "vale").answer_data["total"] == "{G}{G}"
    step = next(s for s in could_produce(b, None).steps if "613.1a" in s.rules)
    assert step.text.startswith("Echo Vale (vale) is a copy of Gaea's Cradle: it has the copied")
    assert "707.2" in step.rules
    assert step.refs == {"permanents": ("vale",), "cards": ("Echo Vale", "Gaea's Cradle")}


def test_one_that_may_enter_as_a_copy_must_say_what_it_copied() -> None:
    # What it is depends on the choice made as it entered (614.1c): never guessed.
    with pytest.raises(QuestionError) as err:
        board(defined("vale", ECHO_VALE))
    assert err.value.code == "copy_of_required"
    assert err.value.loc == ("state", "battlefield", 0, "copy_of")
    # One that entered as itself says so with []: it has no mana ability of its own.
    b = board(defined("vale", ECHO_VALE, copy_of=[]))
    assert produced(b)["vale"] == []
    assert not any("613.1a" in s.rules for s in could_produce(b, None).steps)


def test_one_that_becomes_a_copy_by_its_ability_is_itself_until_the_state_says() -> None:
    # Not a choice made as it entered: left out, it is no copy.
    assert produced(board(defined("stage", STAGE)))["stage"] == []
    b = board(defined("stage", STAGE, copy_of=["Tundra"]))
    assert produced(b)["stage"] == ["W", "U"]  # Tundra's land types (305.6)


def test_a_copy_of_a_basic_land_is_basic_so_a_set_effect_on_nonbasic_lands_misses_it() -> None:
    # 707.2: supertypes are copied. A copy of Forest is a basic Forest ({G}, 305.6); a copy of
    # Gaea's Cradle is nonbasic, so it becomes a Mountain (305.7), a later layer than the copy.
    b = board(
        defined("forest", ECHO_VALE, copy_of=["Forest"]),
        defined("cradle", ECHO_VALE, copy_of=["Gaea's Cradle"]),
        defined("sky", SKY),
        *_elves(1),
    )
    found = produced(b)
    assert found["forest"] == ["G"]
    assert found["cradle"] == ["R"]


def test_a_creature_copy_is_summoning_sick_unless_its_copy_effect_gives_haste() -> None:
    # 302.6: Mimic Hatchling copying Llanowar Elves is a creature with {T}: Add {G}, which it
    # can't use the turn it came under its controller's control...
    fresh = {"controlled_since_turn_start": False}
    b = board(defined("mimic", MIMIC, copy_of=["Llanowar Elves"], **fresh))
    verdict = activate(b, "mimic")
    assert verdict.answer_data["legal"] is False
    assert "302.6" in verdict.citations
    # ... unless the copy effect's exception gives it haste (707.9b).
    hasty = {
        **MIMIC,
        "abilities": [{"kind": "copy_effect", "by": "entering", "keywords": ["Haste"]}],
    }
    b = board(defined("mimic", hasty, copy_of=["Llanowar Elves"], **fresh))
    assert activate(b, "mimic").answer_data["total"] == "{G}"


def test_exceptions_are_part_of_the_copy() -> None:
    # 707.9b: types added, a mana ability, its own name kept, not legendary.
    copier = _copier(
        "Brass Likeness",
        ["artifact"],
        types=["artifact"],
        subtypes=["Golem"],
        mana_abilities=[
            {
                "kind": "mana_ability",
                "cost": {"tap": True},
                "produces": {"kind": "fixed", "mana": "{U}"},
            }
        ],
        keeps_name=True,
        not_legendary=True,
    )
    b = board(defined("likeness", copier, copy_of=["Gaea's Cradle"]), *_elves(1))
    face = b.permanents[0].face
    assert face.name == "Brass Likeness"
    assert face.types == ["land", "artifact"]
    assert face.subtypes == ["Golem"]
    assert face.supertypes == []
    assert produced(b)["likeness"] == ["U", "G"]
    step = next(s for s in could_produce(b, None).steps if "707.9" in s.rules)
    assert "it is also Golem artifact; it has a mana ability of its own" in step.text


def test_a_copy_of_a_copy_has_what_that_one_copied_with_its_exceptions() -> None:
    # 707.3: Glassmirror Shade (a catalog copier that is an Illusion as well) copied Llanowar
    # Elves; a copy of that Shade is Llanowar Elves and an Illusion.
    b = board(defined("mimic", MIMIC, copy_of=["Glassmirror Shade", "Llanowar Elves"]))
    face = b.permanents[0].face
    assert (face.name, face.subtypes) == ("Llanowar Elves", ["Elf", "Druid", "Illusion"])
    assert produced(b)["mimic"] == ["G"]
    step = next(s for s in could_produce(b, None).steps if "613.1a" in s.rules)
    assert "a copy of Glassmirror Shade, itself a copy of Llanowar Elves" in step.text
    assert "707.3" in step.rules


def test_a_permanent_without_a_copy_effect_can_be_a_copy_made_by_another() -> None:
    # A copy effect of something else (707.2): no exceptions of its own.
    b = board(P("bears", "Grizzly Bears", copy_of=["Llanowar Elves"]))
    assert produced(b)["bears"] == ["G"]


@pytest.mark.parametrize(
    ("copy_of", "code", "loc"),
    [
        (["Lightning Bolt"], "not_a_permanent", ("copy_of", 0)),
        (["No Such Card"], "unknown_card", ("copy_of", 0)),
        (["Grizzly Bears", "Llanowar Elves"], "not_a_copy", ("copy_of", 0)),
    ],
)
def test_what_it_copied_must_be_a_permanent_card_that_could_be_copied(
    copy_of: list[str], code: str, loc: tuple[str | int, ...]
) -> None:
    with pytest.raises(QuestionError) as err:
        board(defined("mimic", MIMIC, copy_of=copy_of))
    assert err.value.code == code
    assert err.value.loc == ("state", "battlefield", 0, *loc)


def test_a_copied_modal_card_named_whole_is_its_sorcery_face_and_the_fix_is_said() -> None:
    # A whole name copies the front face (a sorcery, never on the battlefield): the 422 says
    # to name the land face in copy_of, which copies that face.
    whole = "Shatterskull Smashing // Shatterskull, the Hammer Pass"
    with pytest.raises(QuestionError) as err:
        board(defined("vale", ECHO_VALE, copy_of=[whole]))
    assert err.value.code == "not_a_permanent"
    assert "name the face it copied in 'copy_of' ('Shatterskull, the Hammer Pass')" in str(
        err.value.message
    )
    b = board(defined("vale", ECHO_VALE, copy_of=["Shatterskull, the Hammer Pass"]))
    assert produced(b)["vale"] == ["R"]


def test_copy_of_is_respelled_to_the_catalog_and_its_cards_are_read() -> None:
    state = GameState.model_validate(
        {
            "turn": 3,
            "battlefield": [defined("vale", ECHO_VALE, copy_of=["gaea's cradle"])],
        }
    )
    checked = check_state(fixture_catalog(), state, ("state",))
    assert checked.state.battlefield[0]["copy_of"] == ["Gaea's Cradle"]
    assert "Gaea's Cradle" in checked.card_names
    assert checked.copies == ("vale",)


def test_many_copies_of_one_card_are_derived_once() -> None:
    # The copy's face is made once per distinct (card, copy_of): 300 copies share it.
    b = board(*[P(f"b{i}", "Grizzly Bears", copy_of=["Forest"]) for i in range(300)])
    assert len({id(p.face) for p in b.permanents}) == 1
    assert all(v == ["G"] for v in produced(b).values())


# A sorcery that makes a token copy of a creature, with haste (707.9a).
TWIN = {
    "name": "Twin Blaze",
    "types": ["sorcery"],
    "abilities": [{"kind": "copy_effect", "by": "token", "keywords": ["Haste"]}],
}
# A creature whose ability makes token copies, not legendary ones.
FORGE = {
    **_copier("Mirror Forge", ["creature"], by="token", not_legendary=True),
    "power": "2",
    "toughness": "2",
}


def test_a_token_copy_has_the_exceptions_of_the_card_that_made_it() -> None:
    # 707.9a: the token a spell made as a copy of Llanowar Elves, with haste, taps at once
    # (302.6), though it came under its controller's control this turn.
    token = defined(
        "t", TWIN, token=True, copy_of=["Llanowar Elves"], controlled_since_turn_start=False
    )
    b = board(token)
    assert activate(b, "t").answer_data["total"] == "{G}"
    step = next(s for s in could_produce(b, None).steps if "613.1a" in s.rules)
    assert step.text.startswith("Twin Blaze (t), a token, is a copy of Llanowar Elves")
    assert "it has haste" in step.text


def test_a_card_that_makes_token_copies_is_itself_when_it_is_no_token() -> None:
    # Its exceptions are its tokens'. Copied by something else, it has none (707.2).
    b = board(defined("f", FORGE, copy_of=["Gaea's Cradle"]), *_elves(1))
    assert b.permanents[0].face.supertypes == ["Legendary"]
    token = board(defined("f", FORGE, token=True, copy_of=["Gaea's Cradle"]))
    assert token.permanents[0].face.supertypes == []
    # A spell can't be on the battlefield unless it made the token (304.4).
    with pytest.raises(QuestionError) as err:
        board(defined("t", TWIN, copy_of=["Llanowar Elves"]))
    assert err.value.code == "not_a_permanent"
    with pytest.raises(QuestionError) as err:
        board(P("t", "Lightning Bolt", token=True, copy_of=["Llanowar Elves"]))
    assert err.value.code == "not_a_permanent"


def test_a_copy_names_the_counters_of_what_it_copied() -> None:
    # 707.2: a copy of Cinder Cache has its ability, so its cinder counters are a kind to name;
    # the land as itself has none.
    b = board(defined("vale", ECHO_VALE, copy_of=["Cinder Cache"], counters={"cinder": 2}))
    assert activate(b, "vale").answer_data["total"] == "{R}{R}"
    with pytest.raises(QuestionError) as err:
        board(defined("vale", ECHO_VALE, copy_of=[], counters={"cinder": 2}))
    assert err.value.code == "unknown_counter"


def test_a_token_its_own_embalm_made_is_refused_rather_than_misread() -> None:
    # 702.128a, 707.9b: the embalmed token is white, a Zombie, with no mana cost; those
    # exceptions aren't applied, so such a token is asked for inline instead of misread.
    token = P("t", "Sandwrap Hound", token=True, copy_of=["Sandwrap Hound"])
    with pytest.raises(QuestionError) as raised:
        board(token)
    assert raised.value.code == "copy_exceptions_unread"
    assert raised.value.loc == ("state", "battlefield", 0, "copy_of")
    # The card itself, and another card's token copy of it, are read as ever.
    assert board(P("h", "Sandwrap Hound"))


def test_a_spells_token_copy_without_exceptions_says_to_send_the_copied_card() -> None:
    # 707.2: a plain token copy is the copied card; named by the sorcery that made it, the
    # refusal says what to send instead of telling the client to leave it out.
    plain = {"name": "Mirror Rite", "types": ["sorcery"]}
    with pytest.raises(QuestionError) as err:
        board(defined("t", plain, token=True, copy_of=["Llanowar Elves"]))
    assert err.value.code == "not_a_permanent"
    assert "send that card as its 'card', with 'token' true" in err.value.message


def test_colors_its_text_defines_are_copied_unless_an_exception_gives_colors() -> None:
    # 707.2: a copy has what the copied object's text defines (devoid's colorless, 702.114a);
    # 707.9d: an exception giving colors leaves that definition out.
    devoid = CardFace.model_validate(
        {"name": "Hollow Voidling", "mana_cost": "{R}", "types": ["creature"],
         "keywords": ["Devoid"], "defined_colors": []}
    )  # fmt: skip
    copier = CardFace.model_validate({"name": "Echo Shade", "types": ["creature"]})
    plain = CopyEffect.model_validate({"by": "entering"})
    black = CopyEffect.model_validate({"by": "entering", "colors": ["B"]})
    assert with_exceptions(copier, plain, devoid).face_colors == []
    # Left out, the copied card is the color of its mana cost, and black besides.
    assert with_exceptions(copier, black, devoid).face_colors == ["B", "R"]
