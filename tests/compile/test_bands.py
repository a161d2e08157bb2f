"""Level bands (711.2) and station thresholds (721.2a): the mana abilities of such a line
exist only while the permanent has that many counters, and carry the band; any other ability
on a banded line can't carry it and is reported. Invented names, our sentences."""

from __future__ import annotations

from app.domain.card import ManaAbility
from app.domain.continuous import GrantManaAbility
from tests.compile.helpers import face

LEVELER = "Level up {1}{G}\nLEVEL 1-3\n1/2\n{T}: Add {G}{G}.\nLEVEL 4+\n2/4\n{T}: Add {G}{G}{G}."


def _bands(text: str, keywords: tuple[str, ...]) -> list[tuple[str, object]]:
    compiled = face(text, types=("Creature",), keywords=keywords)
    assert compiled.support == "full", compiled.unsupported_text
    found = []
    for a in compiled.abilities:
        assert isinstance(a, ManaAbility)
        band = a.while_counters
        found.append(
            (a.produces.mana, None if band is None else (band.counter, band.at_least, band.at_most))  # type: ignore[union-attr]
        )
    return found


def test_level_bands_carry_their_range() -> None:
    text = "{T}: Add {C}.\n" + LEVELER
    assert _bands(text, ("Level Up",)) == [
        ("{C}", None),
        ("{G}{G}", ("level", 1, 3)),
        ("{G}{G}{G}", ("level", 4, None)),
    ]


def test_a_station_threshold_is_charge_counters() -> None:
    text = "{T}: Add {C}.\nStation\n9+ | {T}: Add {C}{C}."
    assert _bands(text, ("Station",)) == [("{C}", None), ("{C}{C}", ("charge", 9, None))]


def test_a_threshold_line_without_station_is_not_understood() -> None:
    compiled = face("9+ | {T}: Add {C}{C}.", types=("Artifact",))
    assert compiled.support == "partial"


def test_a_grant_in_a_level_band_carries_the_band() -> None:
    text = 'Level up {2}\nLEVEL 2+\n1/1\nElves you control have "{T}: Add {G}."'
    compiled = face(text, types=("Creature",), keywords=("Level Up",))
    assert compiled.support == "full", compiled.unsupported_text
    (grant,) = compiled.abilities
    assert isinstance(grant, GrantManaAbility)
    assert grant.to.subtypes == ["Elf"]
    assert grant.while_counters is not None
    assert (grant.while_counters.counter, grant.while_counters.at_least) == ("level", 2)
    assert grant.ability.while_counters is None  # the band is the source's, not the Elf's


def test_a_keyword_grant_in_a_level_band_is_reported() -> None:
    text = "Level up {2}\nLEVEL 2+\n1/1\nElves you control have haste."
    compiled = face(text, types=("Creature",), keywords=("Level Up",))
    assert compiled.unsupported_text == ["Elves you control have haste."]
    assert compiled.abilities == []
