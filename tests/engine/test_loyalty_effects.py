"""A loyalty ability's effect is an effect like a spell's (606.3): compiled from its sentences,
it works from an entry of the state's effects naming the planeswalker's card. Invented cards,
compiled from templated sentences we wrote."""

from __future__ import annotations

from app.engine.activate import activate
from tests.engine.test_type_effects import _board, _card, _effect, _perm

WALKER = _card(
    "Vexa, Storm Herald",
    "[+1]: Draw a card.\n[\u22123]: Gain control of target creature until end of turn. Untap it. "
    "It gains haste until end of turn.",
    ["Planeswalker"],
    ["Vexa"],
)
ELF = _card("Thicket Tender", "{T}: Add {G}.", ["Creature"], ["Elf"])


def test_a_loyalty_abilitys_control_change_gives_the_creature_and_haste() -> None:
    # 613.1b, 702.10, 302.6: bob's creature is alice's for the turn and taps at once.
    b = _board(
        _perm("walker", WALKER),
        _perm("elf", ELF, controller="bob"),
        effects=[_effect("minus", WALKER, "elf")],
    )
    answer = activate(b, "elf").answer_data
    assert (answer["legal"], answer["total"]) == (True, "{G}")
    steps = activate(b, "elf").steps
    assert any("alice" in s.text and "haste" in s.text for s in steps)


def test_without_the_entry_nothing_changes() -> None:
    # Its loyalty ability wasn't activated: the planeswalker on the battlefield does nothing.
    b = _board(_perm("walker", WALKER), _perm("elf", ELF, controller="bob"))
    assert activate(b, "elf").answer_data["legal"] is True
    assert not any("alice" in s.text for s in activate(b, "elf").steps)
