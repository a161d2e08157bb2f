"""Costs of casting (118.8, 118.9): keyword costs named by the keyword, the others by what they
ask (docs/api.md), mandatory or optional."""

from __future__ import annotations

import pytest

from app.domain.card import AdditionalCost, AlternativeCost, Prototype
from tests.compile.helpers import face

SORCERY = {"types": ("Sorcery",), "mana_cost": "{2}{R}"}


@pytest.mark.parametrize(
    ("line", "name", "mana", "summary"),
    [
        ("Evoke {1}{U}", "Evoke", "{1}{U}", ""),
        (
            "Evoke—Exile two green cards from your hand.",
            "Evoke",
            None,
            "exile two green cards from your hand",
        ),
        ("Flashback {3}{R}", "Flashback", "{3}{R}", ""),
        ("Flashback—{1}{B}, Pay 2 life.", "Flashback", "{1}{B}", "pay 2 life"),
        # A part that starts with X keeps it as written (107.3).
        (
            "Flashback—{2}{R}, Exile a card from your graveyard, X can't be 0.",
            "Flashback",
            "{2}{R}",
            "exile a card from your graveyard, X can't be 0",
        ),
        ("Overload {4}{R}{R}", "Overload", "{4}{R}{R}", ""),
        ("Dash {2}{B}", "Dash", "{2}{B}", ""),
        ("Madness {R}", "Madness", "{R}", ""),
        (
            "Escape—{2}{R}, Exile four other cards from your graveyard.",
            "Escape",
            "{2}{R}",
            "exile four other cards from your graveyard",
        ),
        ("Emerge {5}{G}", "Emerge", "{5}{G}", ""),
        ("Surge {U}", "Surge", "{U}", ""),
        ("Spectacle {B}{R}", "Spectacle", "{B}{R}", ""),
        ("Prowl {1}{B}", "Prowl", "{1}{B}", ""),
        ("Foretell {1}{U}", "Foretell", "{1}{U}", ""),
        ("Bestow {3}{W}", "Bestow", "{3}{W}", ""),
        ("Mayhem {1}{B}", "Mayhem", "{1}{B}", ""),
        ("Warp {2}{U}", "Warp", "{2}{U}", ""),
        ("Harmonize {5}{G}", "Harmonize", "{5}{G}", ""),
        ("Web-slinging {1}{R}", "Web-slinging", "{1}{R}", ""),
        ("Sneak {B}", "Sneak", "{B}", ""),
        # 702.162a: cast converted for this cost rather than its mana cost.
        ("More Than Meets the Eye {2}{W}", "More Than Meets the Eye", "{2}{W}", ""),
    ],
)
def test_alternative_keyword_costs(line: str, name: str, mana: str | None, summary: str) -> None:
    compiled = face(f"{line}\nThis spell deals 2 damage to any target.", **SORCERY)
    assert compiled.support == "full"
    assert compiled.alternative_costs == [AlternativeCost(name=name, mana=mana, summary=summary)]
    assert compiled.additional_costs == []


@pytest.mark.parametrize(
    ("line", "name", "mana"),
    [
        ("Kicker {2}{G}", "Kicker", "{2}{G}"),
        ("Kicker—Sacrifice an artifact.", "Kicker", None),
        ("Multikicker {1}", "Multikicker", "{1}"),
        ("Buyback {3}", "Buyback", "{3}"),
        ("Entwine {2}", "Entwine", "{2}"),
        ("Casualty 2", "Casualty", None),
        ("Bargain", "Bargain", None),
        # 702.174: promising a gift is an optional additional cost, whatever the gift.
        ("Gift a card", "Gift", None),
        ("Gift a tapped Fish", "Gift", None),
        # 702.81a, 702.133a: a discard, paid only when it is cast from the graveyard that way.
        ("Retrace", "Retrace", None),
        ("Jump-start", "Jump-start", None),
    ],
)
def test_additional_keyword_costs_are_optional(line: str, name: str, mana: str | None) -> None:
    compiled = face(f"{line}\nDraw a card.", **SORCERY)
    assert compiled.support == "full"
    [cost] = compiled.additional_costs
    assert (cost.name, cost.mana, cost.optional) == (name, mana, True)


def test_rather_than_pay_is_named_by_what_it_asks() -> None:
    compiled = face(
        "You may pay 2 life and exile a red card from your hand rather than pay this spell's "
        "mana cost.\nCounter target spell.",
        types=("Instant",),
    )
    [alt] = compiled.alternative_costs
    assert alt.name == "Exile a red card" and alt.mana is None
    assert "pay 2 life" in alt.summary
    only_mana = face("You may pay {W} rather than pay this spell's mana cost.", types=("Instant",))
    assert only_mana.alternative_costs[0].model_dump(include={"name", "mana"}) == {
        "name": "Pay {W}",
        "mana": "{W}",
    }


def test_conditional_alternative_cost_keeps_its_condition() -> None:
    compiled = face(
        "If you control a Mountain, you may sacrifice a Mountain rather than pay this spell's "
        "mana cost.",
        types=("Instant",),
    )
    [alt] = compiled.alternative_costs
    assert alt.name == "Sacrifice a Mountain"
    assert alt.summary.startswith("if you control a Mountain")


def test_additional_costs_mandatory_and_optional() -> None:
    mandatory = face(
        "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
        **SORCERY,
    )
    assert mandatory.additional_costs == [
        AdditionalCost(
            name="Sacrifice a creature",
            optional=False,
            summary="must sacrifice a creature as it is cast",
        )
    ]
    optional = face("As an additional cost to cast this spell, you may discard a card.", **SORCERY)
    [cost] = optional.additional_costs
    assert (cost.name, cost.optional) == ("Discard a card", True)
    mana = face("As an additional cost to cast this spell, you may pay {2}.", **SORCERY)
    assert mana.additional_costs[0].mana == "{2}"
    # Waterbend {N} is that much mana, tapped artifacts and creatures paying {1} each (a way
    # to pay, like convoke).
    bent = face("As an additional cost to cast this spell, waterbend {X}.", **SORCERY)
    assert [(c.name, c.mana, c.optional) for c in bent.additional_costs] == [
        ("Waterbend {X}", "{X}", False)
    ]
    # 107.1c: "any number" may be zero, so such a cost can always be paid (never unpayable).
    many = face(
        "As an additional cost to cast this spell, sacrifice any number of lands.", **SORCERY
    )
    assert [c.optional for c in many.additional_costs] == [True]
    # "Pay {1}{G} any number of times": one payment's mana.
    times = face(
        "As an additional cost to cast this spell, you may pay {1}{G} any number of times.",
        **SORCERY,
    )
    assert [c.mana for c in times.additional_costs] == ["{1}{G}"]


def test_teamwork_is_an_optional_additional_cost() -> None:
    compiled = face("Teamwork 2\nDraw a card.", **SORCERY, keywords=("Teamwork",))
    assert [(c.name, c.optional, c.mana) for c in compiled.additional_costs] == [
        ("Teamwork", True, None)
    ]


def test_what_mana_may_pay_x_matters_for_a_kickers_x_only() -> None:
    # A kicker's X is announced in a free cast, so a limit on what pays it limits X; an X of
    # the mana cost is 0 there, and its limit bears on nothing.
    limit = "Spend only green mana on X."
    kicker = face(f"Kicker {{X}}\n{limit}", types=("Creature",), mana_cost="{2}{G}")
    assert kicker.unsupported_text == [limit]
    own = face(f"Draw X cards.\n{limit}", types=("Sorcery",), mana_cost="{X}{G}")
    assert own.support == "full"


def test_mana_paid_one_way_and_or_another_is_reported() -> None:
    text = (
        "As an additional cost to cast this spell, you may pay {2}{U} and/or {2}{B} any number "
        "of times."
    )
    assert face(text, **SORCERY).unsupported_text == [text.replace("this spell", "~")]


@pytest.mark.parametrize(
    "cost",
    ["discard a card or pay {5}", "pay 4 life or pay {2}", "sacrifice a creature or pay {3}{B}"],
)
def test_a_cost_paid_one_way_or_another_with_mana_is_reported(cost: str) -> None:
    # 601.2h: what it owes depends on the way chosen, which no question names: not read.
    text = f"As an additional cost to cast this spell, {cost}."
    assert face(text, **SORCERY).unsupported_text == [text.replace("this spell", "~")]
    assert not face(text, **SORCERY).additional_costs


def test_a_choice_of_what_to_sacrifice_is_one_cost() -> None:
    # 702.33a: a kicker of sacrificing one of two kinds is one optional cost, no mana in it.
    kicked = face("Kicker—Sacrifice an artifact or Goblin.", keywords=("Kicker",), **SORCERY)
    assert kicked.support == "full"
    assert kicked.additional_costs == [
        AdditionalCost(name="Kicker", summary="sacrifice an artifact or Goblin", optional=True)
    ]
    # A kicker paid one way or another, one of them mana, is reported, never dropped.
    two_ways = face("Kicker—Pay {2} or discard a card.", keywords=("Kicker",), **SORCERY)
    assert two_ways.unsupported_text == ["Kicker—Pay {2} or discard a card"]


def test_every_cost_of_a_keyword_list_is_read() -> None:
    # A list of keywords with costs, the later ones lower case: each is its own keyword.
    text = "Madness {B}, cycling {2}, kicker {1}{B}, flashback {4}{B}, buyback {3}"
    keywords = ("Madness", "Cycling", "Kicker", "Flashback", "Buyback")
    compiled = face(text, types=("Instant",), mana_cost="{B}", keywords=keywords)
    assert compiled.support == "full"
    assert [c.name for c in compiled.alternative_costs] == ["Madness", "Flashback"]
    assert [(c.name, c.mana) for c in compiled.additional_costs] == [
        ("Kicker", "{1}{B}"),
        ("Buyback", "{3}"),
    ]


def test_a_keyword_cost_not_read_is_reported_and_one_without_its_dash_read() -> None:
    # 118.9: an escape whose exile can't be said is reported, never taken for other text.
    escape = (
        "Escape—{3}{B}, Exile any number of other cards from your graveyard with three or more "
        "mana values among them."
    )
    compiled = face(escape, types=("Creature",), keywords=("Escape",))
    assert compiled.unsupported_text == [escape]
    spaced = face("Flashback {3}{B}, Pay 3 life.", types=("Sorcery",), keywords=("Flashback",))
    assert spaced.support == "full"
    assert [(c.name, c.mana, c.summary) for c in spaced.alternative_costs] == [
        ("Flashback", "{3}{B}", "pay 3 life")
    ]


def test_a_keyword_cost_followed_by_what_it_does_is_read() -> None:
    # 702.153a: casualty's cost is read from its first sentence; the rest is about the copy.
    text = "Casualty X. The copy has no supertypes."
    compiled = face(text, types=("Planeswalker",), mana_cost="{1}{B}{R}", keywords=("Casualty",))
    assert compiled.support == "full"
    assert [c.name for c in compiled.additional_costs] == ["Casualty"]


@pytest.mark.parametrize(
    "sentence",
    ["Buyback costs cost {3} less.", "Kicker costs you pay cost {1} more."],
)
def test_a_change_of_a_keywords_cost_is_reported(sentence: str) -> None:
    # 601.2f: it changes what a spell paying that cost owes; not modelled, so reported.
    assert face(sentence).unsupported_text == [sentence]


def test_ravenous_is_entering_with_x_counters() -> None:
    # 702.156a: X +1/+1 counters, the spell's X (107.3m).
    compiled = face(
        "Ravenous\nFlying", types=("Creature",), mana_cost="{X}{G}", keywords=("Ravenous", "Flying")
    )
    assert [a.kind for a in compiled.abilities] == ["enters_with_counters"]


def test_a_kicker_x_makes_etb_sentences_about_x_read_or_reported() -> None:
    # 107.3m: the X chosen for the kicker is the one "it enters with X counters" uses.
    text = "Kicker {X}\nIf ~ was kicked, ~ enters with X +1/+1 counters on it."
    assert [a.kind for a in face(text, types=("Creature",)).abilities] == ["etb_replacement"]
    # "X can't be 0" limits the kicker's X as it is announced (107.3a): read.
    limited = face("Kicker {X}\nX can't be 0.", types=("Creature",))
    assert limited.unsupported_text == [] and limited.x_not_zero


def test_x_cant_be_zero_is_read_only_of_an_x_announced_as_the_spell_is_cast() -> None:
    spell = face("Draw X cards.\nX can't be 0.", types=("Sorcery",), mana_cost="{X}{U}")
    assert spell.support == "full" and spell.card_fields()["x_not_zero"] is True
    # Without it the field is left out, so other cards' data (and digests) stay as they were.
    plain = face("Draw X cards.", types=("Sorcery",), mana_cost="{X}{U}")
    assert "x_not_zero" not in plain.card_fields()
    # Said of an activated ability's X, it is none of the spell's.
    rock = face("{X}, {T}: Draw X cards. X can't be 0.", types=("Artifact",), mana_cost="{3}")
    assert rock.x_not_zero is None


@pytest.mark.parametrize(
    "said",
    [
        "X is the number of lands you control as you cast ~.",
        "X can't be greater than the number of Forests you control.",
    ],
)
def test_what_a_spell_says_of_its_own_x_is_reported(said: str) -> None:
    # An X the text defines is none a free cast makes 0 (107.3c), and other limits on X aren't
    # modelled: reported.
    spell = face(f"Draw X cards.\n{said}", types=("Sorcery",), mana_cost="{X}{U}")
    assert spell.unsupported_text == [said]


def test_ways_to_pay_are_irrelevant_and_unmodelled_cost_keywords_are_partial() -> None:
    # 702.51a: convoke pays the total cost, it doesn't change it.
    assert face("Convoke\nDraw a card.", **SORCERY).support == "full"
    # 702.170b, 702.170d: plotting is a special action, and the plotted card's later cast is a
    # cast without paying its mana cost like any other: no cost of this face to compile.
    plotted = face("Plot {2}{R}\nDraw a card.", keywords=("Plot",), **SORCERY)
    assert plotted.support == "full" and plotted.alternative_costs == []
    compiled = face("Spree\nDraw a card.", **SORCERY)
    assert compiled.unsupported_text == ["Spree"]
    # 702.176a: the cost is an alternative one, and an impending permanent isn't a creature
    # while it has time counters: on a face that is a creature and something else both compile,
    # on a creature alone (nothing would be left of its card types) it is reported.
    impending = face("Impending 3—{1}{U}{U}\nFlying", types=("Enchantment", "Creature"))
    assert impending.support == "full"
    assert [c.name for c in impending.alternative_costs] == ["Impending"]
    alone = face("Impending 3—{1}{U}{U}\nFlying", types=("Creature",))
    assert alone.unsupported_text == ["Impending 3—{1}{U}{U}"]
    # A line that only starts with the word is no gift (an ability word's name).
    named = face("Gift of Embers — {T}: Draw a card.", types=("Artifact",))
    assert named.additional_costs == []


@pytest.mark.parametrize(
    ("line", "keyword", "summary"),
    [
        ("Morph {2}{W}{W}", "Morph", "for {3}; turned face up for {2}{W}{W}"),
        ("Megamorph {5}{G}", "Megamorph", "for {3}; turned face up for {5}{G}"),
        ("Morph—Reveal a red card in your hand.", "Morph", "turned face up for reveal a red"),
        ("Disguise {1}{U}", "Disguise", "with ward {2} for {3}"),
    ],
)
def test_casting_face_down_is_an_alternative_cost_of_three(
    line: str, keyword: str, summary: str
) -> None:
    # 702.37c, 702.168a: {3} rather than the mana cost; the keyword's own cost turns it up.
    compiled = face(f"Flying\n{line}", types=("Creature",), keywords=(keyword, "Flying"))
    assert compiled.support == "full", compiled.unsupported_text
    [cost] = compiled.alternative_costs
    assert (cost.name, cost.mana) == (keyword, "{3}")
    assert summary in cost.summary


def test_casting_other_spells_for_free_is_not_this_face_s_cost() -> None:
    compiled = face(
        "Exile the top card of your library. You may cast that card without paying its mana cost.",
        **SORCERY,
    )
    assert compiled.alternative_costs == [] and compiled.support == "full"
    own = face(
        "If you control a commander, you may cast this spell without paying its mana cost.",
        **SORCERY,
    )
    assert [a.name for a in own.alternative_costs] == ["Without paying its mana cost"]


def test_a_cost_change_of_colored_mana_on_itself_is_partial() -> None:
    # A reduction of colored mana isn't modelled (tests/compile/test_cost_changes.py has the
    # ones that compile).
    compiled = face("This spell costs {R} less to cast for each creature you control.", **SORCERY)
    assert compiled.unsupported_text == ["~ costs {R} less to cast for each creature you control."]


def test_mayhem_without_a_cost_is_no_cost_change() -> None:
    # 702.187c: a land with bare mayhem may be played from the graveyard; nothing is cast or paid.
    compiled = face(
        "{T}: Add {B} or {R}.\nMayhem",
        name="Scrapyard Tollway",
        types=("Land",),
        mana_cost=None,
        keywords=("Mayhem",),
    )
    assert compiled.support == "full"
    assert compiled.alternative_costs == [] and compiled.additional_costs == []
    assert [s.status for s in compiled.sentences if s.text == "Mayhem"] == ["irrelevant"]


@pytest.mark.parametrize("word", ["Warp Surge", "Sneak Attack"])
def test_an_ability_word_named_like_a_cost_keyword_is_no_cost(word: str) -> None:
    compiled = face(f"{word} — When this creature enters, draw a card.", types=("Creature",))
    assert compiled.alternative_costs == [] and compiled.additional_costs == []


def test_kicker_and_or_is_two_kicker_costs_named_by_their_mana() -> None:
    # 702.33b: either or both may be paid.
    compiled = face("Kicker {1}{G} and/or {W}\nDraw a card.", keywords=("Kicker",), **SORCERY)
    assert compiled.support == "full"
    assert [(c.name, c.mana, c.optional) for c in compiled.additional_costs] == [
        ("Kicker {1}{G}", "{1}{G}", True),
        ("Kicker {W}", "{W}", True),
    ]


def test_a_prototype_line_gives_the_face_its_prototype() -> None:
    # 702.160a: the other mana cost and size it may be cast with; no cost of its own.
    compiled = face(
        "Prototype {2}{G} — 3/3\nTrample",
        types=("Artifact", "Creature"),
        mana_cost="{7}",
        keywords=("Prototype",),
    )
    assert compiled.support == "full"
    assert compiled.prototype == Prototype(mana_cost="{2}{G}", power="3", toughness="3")
    assert compiled.card_fields()["prototype"] == {
        "mana_cost": "{2}{G}",
        "power": "3",
        "toughness": "3",
    }
    assert compiled.alternative_costs == [] and compiled.additional_costs == []


@pytest.mark.parametrize(
    ("line", "relevant"),
    [
        ("If this spell's additional cost was paid, you gain 3 life.", False),
        ("This spell deals 5 damage to it instead if its additional cost was paid.", False),
        ("If this spell's additional cost was paid, target creature gains haste.", True),
    ],
)
def test_an_effect_on_the_additional_cost_being_paid_is_read_for_the_effect(
    line: str, relevant: bool
) -> None:
    # The cost is compiled where it is stated; what depends on its payment is a resolving
    # effect, relevant only when the effect is.
    text = f"As an additional cost to cast this spell, you may discard a card.\n{line}"
    compiled = face(text, **SORCERY)
    assert (compiled.support == "partial") is relevant


def test_an_additional_cost_for_casting_other_spells_is_not_this_faces() -> None:
    compiled = face(
        "As an additional cost to cast green creature spells, you may pay 3 life.",
        types=("Enchantment",),
    )
    assert compiled.support == "full" and compiled.additional_costs == []


def test_a_cast_from_the_graveyard_with_an_additional_cost() -> None:
    # 601.2f: paid only when it is cast from the graveyard that way, as retrace's (702.81a).
    compiled = face(
        "You may cast this card from your graveyard by paying 2 life and discarding a card in "
        "addition to paying its other costs.\nDraw a card.",
        **SORCERY,
    )
    assert compiled.support == "full"
    (cost,) = compiled.additional_costs
    assert (cost.name, cost.optional, cost.mana) == ("Pay 2 life and discard a card", True, None)
    assert cost.summary.endswith("when you cast it from your graveyard this way")
