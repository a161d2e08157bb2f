"""One-shot haste (611.2a): a resolved spell or ability giving one object haste is read from an
`effects` entry whose target is that object, like Act of Treason. Invented cards, our own
templated sentences."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from app.domain.abilities import line_of
from app.domain.card import GainControl, GrantKeyword, Selector
from tests.api.helpers import state
from tests.api.test_compiled_cards_api import definition, inline, ruling
from tests.compile.helpers import abilities, face, one

TARGET = Selector(relation="attached")  # for an effect: its target (engine/board.py)
HASTE = GrantKeyword(keyword="Haste", to=TARGET, works_from="effect")


@pytest.mark.parametrize(
    ("text", "types"),
    [
        ("Target creature gains haste until end of turn.", ("Instant",)),
        ("Target creature gets +2/+0 and gains haste until end of turn.", ("Instant",)),
        (
            "Return target creature card from your graveyard to the battlefield. It gains haste.",
            ("Sorcery",),
        ),
        (
            # 611.2a: "until your next turn" lasts this turn too.
            "Return target artifact creature card from your graveyard to the battlefield. It gains "
            "haste until your next turn.",
            ("Sorcery",),
        ),
        (
            "At the beginning of combat on your turn, create a 1/1 red Imp creature token. "
            "That token gains haste until your next turn.",
            ("Creature",),
        ),
        ("{1}{R}: This creature gains haste until end of turn.", ("Creature",)),
        ("{T}: Target creature gains haste until end of turn.", ("Artifact",)),
        (
            "{1}: Another target red creature you control gains haste until end of turn.",
            ("Creature",),
        ),
        (
            "Whenever another creature you control enters, it gets +1/+0 and gains haste until "
            "end of turn.",
            ("Enchantment",),
        ),
        (
            "When this creature enters, if it was kicked, it gets +1/+0 and gains haste until "
            "end of turn.",
            ("Creature",),
        ),
        (
            "{T}: Target Newt, Moth, or Gremlin you control gains haste until end of turn.",
            ("Land",),
        ),
        # What the sentence before put onto the battlefield, one object, whatever else the
        # face targets: its entry names the permanent that entered (400.7).
        (
            "Search your library for a Goblin card, put it onto the battlefield, then "
            "shuffle. It gains haste.",
            ("Sorcery",),
        ),
        (
            "Target opponent puts target creature card from your graveyard onto the battlefield "
            "under your control. That creature gains haste.",
            ("Sorcery",),
        ),
        (
            "{2}, {T}: Until end of turn, target creature gains haste and gets +X/+0, where X is "
            "the number of lands you control.",
            ("Land",),
        ),
        # A target's restriction was met as it was chosen; being unblockable changes no mana.
        ("{T}: Target creature with power 4 or greater gains haste until end of turn.", ("Land",)),
        (
            "{2}{R}: Target creature you control gains haste until end of turn and can't be "
            "blocked this turn.",
            ("Artifact",),
        ),
    ],
)
def test_one_object_gains_haste_as_an_effect(text: str, types: tuple[str, ...]) -> None:
    found = one(text, types=types, name="Cinderwhip Rally")
    # Haste a card gives itself is for its own permanent only (an entry naming another is
    # refused); any other is for the entry's target, whoever it is.
    assert isinstance(found, GrantKeyword) and found.own_card == ("This creature gains" in text)
    assert found.model_copy(update={"own_card": False}) == HASTE


def test_other_keywords_given_with_haste() -> None:
    got = abilities(
        "Target creature gains vigilance and haste until end of turn.", types=("Instant",)
    )
    assert got == [
        GrantKeyword(keyword="Vigilance", to=TARGET, works_from="effect"),
        HASTE,
    ]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        # "Those creatures" points back at what the sentences before did: never a group itself.
        (
            "Untap all creatures you control. Those creatures gain haste until end of turn.",
            ("Sorcery",),
        ),
        # "They" after targets that stay where they are: not the objects of one effect.
        (
            "Tap two target creatures. They gain haste.",
            ("Sorcery",),
        ),
        # A permanent's "creatures you control gain" without an activation or trigger.
        ("Until end of turn, creatures you control gain haste.", ("Enchantment",)),
        ("Two target creatures each gain haste until end of turn.", ("Enchantment",)),
        # Two targets: which one is "target creature" here?
        (
            "Target creature gets +1/+1 until end of turn. Target creature you control gains "
            "haste until end of turn.",
            ("Instant",),
        ),
    ],
)
def test_haste_an_effect_cannot_place_is_partial(text: str, types: tuple[str, ...]) -> None:
    compiled = face(text, types=types)
    assert compiled.support == "partial"
    assert not any(isinstance(a, GrantKeyword) for a in compiled.abilities)


def test_haste_beside_another_target_ability_needs_the_entry_to_name_its_line() -> None:
    # The face's other target belongs to another activation: an entry of the card names the
    # paragraph that resolved, and only the first gives haste (to the creature itself).
    text = (
        "{R}: This creature gains haste until end of turn.\n{1}: Target creature can't block "
        "this turn."
    )
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [
        GrantKeyword(
            keyword="Haste",
            to=Selector(relation="attached"),
            works_from="effect",
            line=1,
            own_card=True,
        )
    ]
    assert compiled.effect_lines == [1, 2]


def test_haste_beside_another_effect_ability_needs_the_entry_to_name_its_line() -> None:
    # An `effects` entry that names no line applies all of its card's effect abilities to its
    # target: with a replacement effect from another activation, it must name the one.
    text = (
        "{G}: Until end of turn, if you tap a land you control for mana, it produces {G} "
        "instead of any other type.\n"
        "{R}: This creature gains haste until end of turn."
    )
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full", compiled.unsupported_text
    assert [type(a).__name__ for a in compiled.abilities] == ["ManaReplacement", "GrantKeyword"]
    assert [line_of(a) for a in compiled.abilities] == [1, 2]
    assert compiled.effect_lines == [1, 2]


def test_haste_beside_another_effect_of_one_spell_is_partial() -> None:
    # A spell's paragraphs that are no modes are the one spell: no line tells them apart.
    text = (
        "Until end of turn, if you tap a land you control for mana, it produces {G} instead of "
        "any other type.\nTarget creature gains haste until end of turn."
    )
    compiled = face(text, types=("Instant",))
    assert "Target creature gains haste until end of turn." in compiled.unsupported_text
    assert not any(isinstance(a, GrantKeyword) for a in compiled.abilities)
    assert compiled.effect_lines == []


def test_control_then_haste_with_other_keywords() -> None:
    text = (
        "Gain control of target creature until end of turn. Untap it. It gains vigilance and "
        "haste until end of turn."
    )
    assert one(text, types=("Sorcery",)) == GainControl(
        of="target", haste=True, works_from="effect"
    )


def test_the_tokens_own_abilities_are_not_this_faces() -> None:
    compiled = face(
        '{3}, {T}: Create a 1/1 colorless Mite creature token. It has "Sacrifice this token: '
        'Add {C}."',
        types=("Artifact",),
    )
    assert compiled.support == "full" and compiled.abilities == []


@pytest.mark.parametrize(
    "text",
    [
        "{2}{R}: Create a 2/1 red Imp creature token with haste.",
        "At the beginning of your upkeep, create two 1/1 red Imp creature tokens with trample "
        "and haste.",
    ],
)
def test_a_tokens_own_haste_is_the_tokens(text: str) -> None:
    compiled = face(text, types=("Enchantment",))
    assert compiled.support == "full" and compiled.abilities == []


def test_the_engine_reads_the_haste_effect(sqlite_client: TestClient) -> None:
    rally = definition(
        "Cinderwhip Rally", "Target creature gains haste until end of turn.", ["Instant"], "{R}"
    )
    assert rally["support"] == "full"
    imp = definition("Sootwing Imp", "{T}: Add {R}.", ["Creature"], "{1}{R}")
    sick = inline("imp", imp, controlled_since_turn_start=False)
    body = {"state": state(sick), "permanent_id": "imp"}
    before = ruling(sqlite_client, "/v1/mana/activate", body)
    assert before["answer"]["legal"] is False
    effect = {"id": "rally", "definition": rally, "controller": "alice", "target": "imp"}
    body = {"state": state(sick, effects=[effect]), "permanent_id": "imp"}
    after = ruling(sqlite_client, "/v1/mana/activate", body)
    assert after["answer"]["legal"] is True and after["answer"]["produced"] == "{R}"


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "Create two 1/1 red Imp creature tokens. They gain haste until end of turn.",
            ("Sorcery",),
        ),
        ("{4}: Create three 1/1 red Imp creature tokens. Those tokens gain haste.", ("Artifact",)),
        # Copies are tokens made too: whatever they copy, each token's entry names the token.
        (
            "Create two tokens that are copies of target creature. They gain haste until end of "
            "turn.",
            ("Sorcery",),
        ),
        (
            "{5}: Create a token that's a copy of target artifact you control. That token gains "
            "haste.",
            ("Artifact",),
        ),
        (
            "At the beginning of combat on your turn, create a token that's a copy of another "
            "target creature you control. It gains haste until end of turn.",
            ("Creature",),
        ),
        (
            "For each artifact you control, create a token that's a copy of it. Those tokens gain "
            "haste.",
            ("Sorcery",),
        ),
        ("Until end of turn, creatures you control gain haste.", ("Sorcery",)),
        # Tokens said to have keywords, a quoted ability or what they must do are still "they".
        (
            "Create two 1/1 red Imp creature tokens with reach. They gain haste until end of turn.",
            ("Sorcery",),
        ),
        (
            'Create three 1/1 red Imp creature tokens with "When ~ dies, you gain 1 life." They '
            "gain haste until end of turn.",
            ("Sorcery",),
        ),
        (
            "For each opponent, create two 2/2 red Imp creature tokens with menace that block "
            "each combat if able. They gain haste until end of turn.",
            ("Sorcery",),
        ),
        # The permanents the sentence before put onto the battlefield.
        (
            "Return all creature cards from your graveyard to the battlefield. They gain haste "
            "until end of turn.",
            ("Sorcery",),
        ),
        (
            "Put each creature card exiled with ~ onto the battlefield. They gain haste.",
            ("Sorcery",),
        ),
        # Those of its targets that it returned: each returned one is an entry (one that was an
        # illegal target as it resolved stayed where it was, 608.2b, and has no entry).
        (
            "Return two target creature cards from your graveyard to the battlefield. They gain "
            "haste.",
            ("Sorcery",),
        ),
        (
            "When ~ enters, creatures you control get +2/+0 and gain haste until end of turn.",
            ("Creature",),
        ),
        ("{1}, {T}: Creatures you control gain haste until end of turn.", ("Artifact",)),
        # Any group a selector reads: each one there as it resolved (611.2c).
        (
            "{2}: Other creatures you control get +2/+0 and gain haste until end of turn.",
            ("Artifact",),
        ),
        ("{1}{G}: Elves you control gain haste until end of turn.", ("Creature",)),
        ("{R}: All creatures gain haste until end of turn.", ("Creature",)),
        ("Elves you control gain haste until end of turn.", ("Sorcery",)),
        (
            "{3}, {T}: Up to two target creatures you control each gain haste until end of turn.",
            ("Artifact",),
        ),
        # A spell's targets, each its own entry; a trigger's too.
        ("One or two target creatures each gain haste until end of turn.", ("Instant",)),
        (
            "When ~ enters, up to two target creatures each gain haste until end of turn.",
            ("Creature",),
        ),
        (
            "Up to three target creatures each get +1/+0 and gain haste until end of turn.",
            ("Sorcery",),
        ),
        (
            "{2}, {T}: Create a 1/1 red Imp creature token, then creatures you control get +1/+0 "
            "and gain haste until end of turn.",
            ("Land",),
        ),
    ],
)
def test_the_objects_an_effect_names_for_sure_each_gain_haste(
    text: str, types: tuple[str, ...]
) -> None:
    # 611.2c: the tokens it made, or the creatures you controlled as it resolved; each is an
    # entry of its own with that object as target.
    assert abilities(text, types=types) == [HASTE]


def test_an_effect_on_a_station_line_needs_the_band_only_to_be_activated() -> None:
    compiled = face(
        "{T}: Add {R}.\nStation\n8+ | {2}, {T}: Create a 1/1 red Imp creature token, then "
        "creatures you control gain haste until end of turn.",
        types=("Land",),
        keywords=("Station",),
    )
    assert compiled.support == "full"
    assert compiled.abilities[1] == HASTE


def test_each_object_of_a_group_effect_is_its_own_entry(sqlite_client: TestClient) -> None:
    # 611.2c, 302.6: the two new Imps each got haste (an entry each); a creature that wasn't
    # there as it resolved got none.
    call = definition(
        "Emberhorn Call",
        "Create two 1/1 red Imp creature tokens. They gain haste until end of turn.",
        ["Sorcery"],
        "{2}{R}",
    )
    imp = definition("Sootwing Imp", "{T}: Add {R}.", ["Creature"], "{1}{R}")
    new = {"controlled_since_turn_start": False}
    perms = [inline("a", imp, token=True, **new), inline("b", imp, token=True, **new)]
    late = inline("late", imp, **new)
    fx = [
        {"id": f"call-{p['id']}", "definition": call, "controller": "alice", "target": p["id"]}
        for p in perms
    ]
    for pid, legal in (("a", True), ("b", True), ("late", False)):
        body = {"state": state(*perms, late, effects=fx), "permanent_id": pid}
        assert ruling(sqlite_client, "/v1/mana/activate", body)["answer"]["legal"] is legal, pid


def test_a_token_copy_gets_the_haste_and_what_it_copied_does_not(
    sqlite_client: TestClient,
) -> None:
    # 707.2, 702.10, 302.6: the entry names the token made; the creature it copied, which
    # also arrived this turn, was the spell's target and gets nothing.
    echo = definition(
        "Mirrorwake Chant",
        "Create a token that's a copy of target Spirit you control. It gains haste until "
        "end of turn.",
        ["Sorcery"],
        "{2}{R}",
    )
    imp = definition("Sootwing Imp", "{T}: Add {R}.", ["Creature"], "{1}{R}")
    new = {"controlled_since_turn_start": False}
    perms = [inline("orig", imp, **new), inline("copy", imp, token=True, **new)]
    fx = [{"id": "chant", "definition": echo, "controller": "alice", "target": "copy"}]
    for pid, legal in (("copy", True), ("orig", False)):
        body = {"state": state(*perms, effects=fx), "permanent_id": pid}
        assert ruling(sqlite_client, "/v1/mana/activate", body)["answer"]["legal"] is legal, pid


@pytest.mark.parametrize(
    "text",
    [
        "{2}{R}, Sacrifice ~: Gain control of target creature with power 2 or less until end of "
        "turn. Untap that creature. It gains haste until end of turn.",
        "When ~ enters, if it was kicked, gain control of target artifact or creature until end "
        "of turn. Untap that creature. It gains haste until end of turn.",
    ],
)
def test_a_permanents_one_target_taken_for_the_turn_with_haste(text: str) -> None:
    # 613.1b: the target's restrictions were met as it was chosen; the entry's target is it.
    assert one(text, types=("Creature",)) == GainControl(
        of="target", haste=True, works_from="effect"
    )


def test_control_of_several_targets_is_not_one_entry() -> None:
    compiled = face(
        "{3}: Gain control of up to two target creatures until end of turn.",
        types=("Artifact",),
    )
    assert compiled.support == "partial"
    assert not any(isinstance(a, GainControl) for a in compiled.abilities)


def test_a_trigger_giving_its_target_haste_and_a_size_counted_after_the_duration() -> None:
    # "..., where X is ..." after "until end of turn": the size is the state's (613.4).
    text = (
        "At the beginning of combat on your turn, another target creature you control gains "
        "haste and gets +X/+0 until end of turn, where X is the number of artifacts you control."
    )
    assert abilities(text, types=("Creature",)) == [HASTE]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            'Creatures you control have haste and "{T}: This creature deals 1 damage to any '
            'target."',
            ("Enchantment",),
        ),
        (
            "[\u22126]: You get an emblem with \"Creatures you control have haste and '{T}: This "
            "creature deals damage equal to its power to any target.'\"",
            ("Planeswalker",),
        ),
    ],
)
def test_haste_beside_a_quoted_ability_that_makes_no_mana_is_read(
    text: str, types: tuple[str, ...]
) -> None:
    compiled = face(text, types=types)
    assert compiled.support == "full", compiled.unsupported_text
    assert [(a.kind, getattr(a, "keyword", None)) for a in compiled.abilities] == [
        ("grant_keyword", "Haste")
    ]
    # Beside a mana ability it would be dropped by the grant that reads that one: reported.
    mana = 'Creatures you control have haste and "{T}: Add {G}."'
    assert face(mana, types=("Enchantment",)).unsupported_text == [mana]


def test_another_lasting_paragraph_makes_the_entry_name_its_line() -> None:
    # An entry naming no line applies every effect of its card: beside a pump that lasts the
    # turn (which the engine has no use for), an entry could stand for either paragraph.
    text = (
        "When ~ enters, gain control of target creature until end of turn. Untap that creature. "
        "It gains haste until end of turn.\n{2}: Creatures you control get +1/+0 until end of "
        "turn."
    )
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.effect_lines == [1, 2]
    # "This turn" as a condition ("creatures that entered this turn") is no lasting effect.
    calm = face(
        "When ~ enters, gain control of target creature until end of turn. Untap that creature. "
        "It gains haste until end of turn.\nCreatures you control that entered this turn have "
        "vigilance.",
        types=("Creature",),
    )
    assert calm.effect_lines == []
