"""Triggered mana abilities on a permanent being tapped for mana (605.1b, 106.12a)."""

from __future__ import annotations

import re
from dataclasses import replace

from app.catalog.compile import ir
from app.catalog.compile.phrases import FIXED, NUMBER, TURN_LONG, number, selector

_WHEN = re.compile(
    r"^Whenever (?:(?P<passive>.+?) is tapped|(?P<who>a player|you) taps? (?P<obj>.+?)) for "
    r"(?:mana|\{(?P<for_type>[WUBRGC])\})(?P<of_chosen> of the chosen color)?"
    r"(?P<monarch> while you're the monarch)?, "
    r"(?P<if_tapped>if ~ is tapped, )?(?:that player adds|its controller adds|add|"
    r"(?P<may>(?:that player|its controller|you) may add)) (?P<what>.+)\.$"
)
# A rider after the mana: damage to the player who tapped, which changes no mana.
_DAMAGE = re.compile(r"^(?P<what>.+), and ~ deals (?P<n>\d+) damage to (?:the|that) player$")
_COLORS = re.compile(rf"^(?P<n>{NUMBER}) mana of any color$")
_COMBINATION = re.compile(rf"^(?P<n>{NUMBER}) mana in any combination of colors$")
_FOR_EACH = re.compile(rf"^(?P<mana>{FIXED}) for each (?P<what>.+)$")
_CHOSEN_SOURCE = re.compile(
    r"^Whenever a land's ability causes you to add one or more mana of the chosen color, add "
    r"(?:an additional|one additional) (?:one )?mana of that color\.$"
)


_REVEAL = re.compile(
    r"^(?:(?:When|Whenever) ~ (?:dies|enters|attacks), r|[^:\"]+: R)eveal cards from the top "
    r"of your library "
    r"until you reveal a (?P<legendary>nonlegendary, )?nonland card with mana value (?P<n>\d+) "
    r"or less\.$"
)


def reveal_until(sentence: str) -> ir.RevealUntil | None:
    """The first sentence of a "reveal until, then you may cast it free" trigger (the second
    is "You may cast that card without paying its mana cost.")."""
    m = _REVEAL.match(sentence)
    if m is None:
        return None
    return ir.RevealUntil(int(m.group("n")), nonlegendary=bool(m.group("legendary")))


_SAME_NAME = " with the same name as the exiled card"


def parse(
    sentence: str, enchant_subtypes: tuple[str, ...] = (), *, linked_exile: bool = False
) -> ir.Trigger | None:
    """A "whenever ... is tapped for mana" trigger; `linked_exile`: the face exiles a card as
    it enters, which "the exiled card" names (607.2a)."""
    if _CHOSEN_SOURCE.match(sentence):
        return ir.Trigger(
            ir.Sel("you", ("land",)),
            "chosen_color",
            tapped_by_you=True,
            requires_tap=False,
            only_chosen_color=True,
        )
    m = _WHEN.match(sentence)
    if m is None:
        return None
    tapped_by_you = m.group("who") == "you"
    phrase = m.group("passive") or m.group("obj")
    named = phrase.endswith(_SAME_NAME)
    if named and not linked_exile:
        return None
    found = selector(phrase.removesuffix(_SAME_NAME))
    if found is None or found[1]:
        return None
    source = found[0]
    if source.attached:
        # An Aura that can enchant only a Forest sees only Forests (303.4a).
        source = replace(source, subtypes=enchant_subtypes)
    elif tapped_by_you and source.controller == "any":
        source = replace(source, controller="you")  # you tap only what you control
    what = m.group("what").removeprefix("an additional ").removeprefix("one additional ")
    side: str | None = None
    if (hurt := _DAMAGE.match(what)) is not None:
        what, side = hurt.group("what"), f"deals {hurt.group('n')} damage to that player"
    base = ir.Trigger(
        source,
        "fixed",
        tapped_by_you=tapped_by_you,
        optional=bool(m.group("may")),
        # 724: it triggers only while its controller is the monarch.
        while_monarch=bool(m.group("monarch")),
        named_as_exiled=named,
        # 603.4: an intervening "if": it triggers only if its permanent is tapped.
        while_source_tapped=bool(m.group("if_tapped")),
        side_effect=side,
        # 106.12a: "tap a permanent for {C}" is tapping it for mana that includes {C}.
        only_type=m.group("for_type"),
    )
    if m.group("of_chosen"):
        # 106.12a: it looks at the mana the land made, which must include the chosen color.
        if what not in ("one mana of that color", "mana of that color"):
            return None
        return replace(base, adds="chosen_color", only_chosen_color=True)
    return _adds(base, what)


def parse_effect(sentence: str) -> ir.Trigger | None:
    """ "Until end of turn, whenever ... is tapped for mana, ... adds ...": a delayed triggered
    ability with a stated duration, which triggers each time that turn (603.7b). A spell or
    ability creates it as it resolves, so it works from the state's `effects`. It has no
    permanent of its own, so the forms that read one (an enchanted land, the card it exiled,
    "if ~ is tapped") are refused."""
    if not sentence.startswith(TURN_LONG):
        return None
    rest = sentence.removeprefix(TURN_LONG)
    found = parse(rest[:1].upper() + rest[1:])
    if found is None or found.source.attached or found.named_as_exiled or found.while_source_tapped:
        return None
    return replace(found, effect=True)


def _adds(base: ir.Trigger, what: str) -> ir.Trigger | None:
    """What the trigger adds, on the trigger read so far; None when it says more."""
    if what in (
        "one mana of any type that land produced",
        "mana of any type that land produced",
        "one mana of any type that permanent produced",
        "one mana of any type that artifact produced",
        "one mana of any type that artifact token produced",
        "one mana of any type that creature produced",
    ):
        return replace(base, adds="type_produced")
    if what in ("one mana of the chosen color", "mana of the chosen color"):
        return replace(base, adds="chosen_color")
    if what == "mana of any color":
        return replace(base, adds="any_color")
    for pattern, adds in ((_COLORS, "any_color"), (_COMBINATION, "combination")):
        if (found := pattern.match(what)) is not None:
            n = number(found.group("n"))
            if n is None or not 1 <= n <= 5:
                return None
            return replace(base, adds=adds, amount=n)  # type: ignore[arg-type]
    if re.fullmatch(FIXED, what):
        return replace(base, mana=what)
    if (each := _FOR_EACH.match(what)) is not None:
        # "{G} for each Elf on the battlefield": counted as the trigger resolves (608.2h).
        counted = selector(each.group("what"), singular=True)
        if counted is None or counted[0].attached or counted[0].source:
            return None
        return replace(base, mana=each.group("mana"), per_count=counted[0])
    return None
