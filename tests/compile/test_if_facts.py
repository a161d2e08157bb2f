"""An ability's own "instead" on a fact (614.15): a land played this turn (305.2), a completed
dungeon (309.7), the initiative (725), a card exiled with its permanent (607.2a); and the
"instead" while you control permanents named by name (201.2) or with counters (122.1)."""

from __future__ import annotations

from app.domain.card import AnyColor, CoinFlip, FixedMana, IfFact, ManaAbility, NthResolution
from tests.compile.helpers import face, not_understood, one


def _mana(text: str, **kw: object) -> ManaAbility:
    ability = one(text, **kw)
    assert isinstance(ability, ManaAbility)
    return ability


def test_other_mana_if_you_played_a_land() -> None:
    a = _mana("{T}: Add {R}. If you played a land this turn, add {G} instead.", types=("Land",))
    assert a.produces == IfFact(
        fact="played_land_this_turn", then=FixedMana(mana="{G}"), otherwise=FixedMana(mana="{R}")
    )
    assert a.instead is None


def test_more_mana_for_a_dungeon_or_the_initiative() -> None:
    a = _mana("{T}: Add {W}. If you've completed a dungeon, add four {W} instead.")
    assert a.produces == IfFact(
        fact="completed_dungeon",
        then=FixedMana(mana="{W}{W}{W}{W}"),
        otherwise=FixedMana(mana="{W}"),
    )
    b = _mana("{T}: Add {C}. If you have the initiative, add one mana of any color instead.")
    assert b.produces == IfFact(
        fact="has_initiative", then=AnyColor(), otherwise=FixedMana(mana="{C}")
    )
    # Only simple productions on both sides.
    not_understood(
        "{T}: Add {C}. If you have the initiative, add {G} for each creature you control instead."
    )


def test_a_card_exiled_with_it_needs_the_linked_exile() -> None:
    text = "{T}: Add {C}. If a card is exiled with ~, add {C}{C}{C} instead."
    compiled = face(
        f"When ~ enters, you may exile an artifact card from your hand.\n{text}", types=("Land",)
    )
    assert compiled.support == "full", compiled.unsupported_text
    [a] = compiled.abilities
    assert isinstance(a, ManaAbility) and isinstance(a.produces, IfFact)
    assert a.produces.fact == "card_exiled_with_it"
    # Without its own ability that exiles, "exiled with ~" is not ours to guess (607.2a).
    assert not_understood(text) == ["If a card is exiled with ~, add {C}{C}{C} instead."]


def test_instead_while_you_control_creatures_named() -> None:
    a = _mana(
        "{T}: Add {C}. If you control creatures named Cog Sentry and Gear Sentry, add {C}{C} "
        "instead."
    )
    assert a.instead is not None and a.instead.kind == "amount_if_control"
    names = [c.of.where.model_dump() for c in a.instead.conditions if c.of.where is not None]
    assert names == [
        {"kind": "name", "name": "Cog Sentry"},
        {"kind": "name", "name": "Gear Sentry"},
    ]
    assert all(
        c.of.controller == "you" and c.of.types == ["creature"] for c in a.instead.conditions
    )
    assert a.instead.amount == 2


def test_instead_while_you_control_one_with_counters() -> None:
    a = _mana(
        "{T}: Add one mana of any color. If you control an artifact with eleven or more charge "
        "counters on it, add two mana of any one color instead."
    )
    assert a.instead is not None and a.instead.kind == "amount_if_control"
    [c] = a.instead.conditions
    assert c.at_least == 1 and c.of.controller == "you" and c.of.types == ["artifact"]
    assert c.of.where is not None
    assert c.of.where.model_dump() == {"kind": "counters", "counter": "charge", "at_least": 11}
    assert a.instead.amount == 2
    # An opponent's permanent is not "you control".
    not_understood(
        "{T}: Add one mana of any color. If you control an artifact an opponent controls, add "
        "two mana of any one color instead."
    )


def test_a_coin_flip_then_mana() -> None:
    a = _mana("{2}: Flip a coin. If you win the flip, add {R}{R}{R}.")
    assert a.produces == CoinFlip(won=FixedMana(mana="{R}{R}{R}"))
    assert a.is_mana_ability  # no target (605.1a)
    # The flip alone, or mana on a lost flip, is not this ability.
    not_understood("{2}: Flip a coin. If you lose the flip, add {R}{R}{R}.")


def test_mana_on_the_nth_resolution_of_a_targeted_ability() -> None:
    a = _mana(
        "{R}: Target creature you control gains reach until end of turn. If this is the "
        "second time this ability has resolved this turn, add {R}{R}.",
        types=("Creature",),
    )
    assert a.produces == NthResolution(nth=2, then=FixedMana(mana="{R}{R}"))
    assert a.targets and not a.is_mana_ability  # 605.5a
    b = _mana(
        "{1}: Target creature gains trample until end of turn. If this is the third time this "
        "ability has resolved this turn, you may add {G}{G}{G}.",
        types=("Creature",),
    )
    assert b.produces == NthResolution(nth=3, then=FixedMana(mana="{G}{G}{G}"), optional=True)
    not_understood(
        "{1}: Target creature gains trample until end of turn. If this is the third time this "
        "ability has resolved this turn, add {G} for each creature you control.",
        types=("Creature",),
    )
