"""Laws: compiling a rendered ability gives that ability back (hypothesis), for every template
the renderer below writes. The renderer is ours: templated sentences, not any card's text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.catalog.compile import compile_face, ir, lower

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
TYPES = ("W", "U", "B", "R", "G", "C")
COLORS = ("W", "U", "B", "R", "G")

mana = st.lists(st.sampled_from(TYPES), min_size=1, max_size=3).map(
    lambda ts: "".join("{" + t + "}" for t in ts)
)
selectors = st.sampled_from(
    [
        (ir.Sel("you", ("land",)), "a land you control", "land you control"),
        (ir.Sel("opponent", ("land",)), "a land an opponent controls", "land an opponent controls"),
        (ir.Sel("you", ("creature",)), "a creature you control", "creature you control"),
        (ir.Sel("you", (), ("Forest",)), "a Forest you control", "Forest you control"),
        (ir.Sel("you", ()), "a permanent you control", "permanent you control"),
        (ir.Sel("any", ("artifact",)), "an artifact", "artifact"),
    ]
)


@st.composite
def productions(draw: st.DrawFn) -> tuple[ir.Production, str]:
    kind = draw(
        st.sampled_from(
            [
                "fixed",
                "oneof",
                "any_color",
                "one_color",
                "any_type",
                "combination",
                "combination_of",
                "chosen",
                "for_each",
                "counters",
                "reflect",
            ]
        )
    )
    n = draw(st.integers(1, 5))
    if kind == "fixed":
        m = draw(mana)
        return ir.Fixed(m), m
    if kind == "oneof":
        options = draw(st.lists(mana, min_size=2, max_size=4, unique=True))
        text = (
            " or ".join(options)
            if len(options) == 2
            else ", ".join(options[:-1]) + ", or " + options[-1]
        )
        return ir.OneOf(tuple(options)), text
    if kind == "any_color":
        return ir.AnyColor(1), "one mana of any color"
    if kind == "one_color":
        return ir.AnyColor(n), f"{NUMBER_WORDS[n]} mana of any one color"
    if kind == "any_type":
        return ir.AnyType(1), "one mana of any type"
    if kind == "combination":
        return ir.Combination(n), f"{NUMBER_WORDS[n]} mana in any combination of colors"
    if kind == "combination_of":
        colors = draw(st.lists(st.sampled_from(COLORS), min_size=2, max_size=4, unique=True))
        symbols = ["{" + c + "}" for c in colors]
        listed = (
            ", ".join(symbols[:-1]) + ("," if len(symbols) > 2 else "") + " and/or " + symbols[-1]
        )
        return (
            ir.Combination(n, tuple(colors)),
            f"{NUMBER_WORDS[n]} mana in any combination of {listed}",
        )
    if kind == "chosen":
        return ir.Chosen(n), f"{NUMBER_WORDS[n]} mana of the chosen color"
    t = draw(st.sampled_from(TYPES))
    if kind == "for_each":
        sel, _, noun = draw(selectors)
        return ir.ForEach(t, sel), f"{{{t}}} for each {noun}"
    if kind == "counters":
        counter = draw(st.sampled_from(["charge", "ember", "+1/+1"]))
        return ir.ForEachCounter(t, counter), f"{{{t}}} for each {counter} counter on ~"
    sel, phrase, _ = draw(selectors)
    of = draw(st.sampled_from(["type", "color"]))
    return ir.Reflect(sel, of), f"one mana of any {of} that {phrase} could produce"


@st.composite
def costs(draw: st.DrawFn) -> tuple[ir.Cost, str]:
    parts: list[str] = []
    generic = draw(st.one_of(st.none(), st.integers(1, 4)))
    tap = draw(st.sampled_from(["tap", "untap", "none"]))
    life = draw(st.integers(0, 3))
    counters = draw(st.one_of(st.none(), st.sampled_from(["charge", "storage"])))
    sacrifice = draw(st.booleans())
    if generic:
        parts.append(f"{{{generic}}}")
    if tap == "tap":
        parts.append("{T}")
    if tap == "untap":
        parts.append("{Q}")
    if life:
        parts.append(f"Pay {life} life")
    if counters:
        parts.append(f"Remove a {counters} counter from ~")
    if sacrifice:
        parts.append("Sacrifice ~")
    if not parts:
        parts.append("{T}")
        tap = "tap"
    cost = ir.Cost(
        tap=tap == "tap",
        untap=tap == "untap",
        mana=f"{{{generic}}}" if generic else None,
        life=life,
        remove_counters=((counters, 1),) if counters else (),
        sacrifice="self" if sacrifice else None,
    )
    return cost, ", ".join(parts)


@given(costs(), productions())
def test_compiling_a_rendered_mana_ability_gives_it_back(
    cost: tuple[ir.Cost, str], produces: tuple[ir.Production, str]
) -> None:
    text = f"{cost[1]}: Add {produces[1]}."
    compiled = compile_face("Brassvine Idol", text, types=("Artifact",))
    assert compiled.support == "full", text
    assert compiled.abilities == [lower.mana_ability(ir.ManaAbility(cost[0], produces[0]))]


@given(
    st.sampled_from(
        [
            ("a land", ir.Sel(types=("land",))),
            ("a nonbasic land", ir.Sel(types=("land",), nonbasic=True)),
            ("a creature", ir.Sel(types=("creature",))),
            ("a Swamp", ir.Sel(subtypes=("Swamp",))),
        ]
    ),
    st.booleans(),
    st.sampled_from(["multiply2", "multiply3", "type", "type_and_amount"]),
    st.sampled_from(TYPES),
)
def test_compiling_a_rendered_replacement_gives_it_back(
    source: tuple[str, ir.Sel], two_or_more: bool, change: str, t: str
) -> None:
    amount = "two or more mana" if two_or_more else "mana"
    produces = {
        "multiply2": ("twice as much of that mana instead", ("multiply", "2")),
        "multiply3": ("three times as much of that mana instead", ("multiply", "3")),
        "type": (f"{{{t}}} instead of any other type", ("type", t)),
        "type_and_amount": (
            f"{{{t}}} instead of any other type and amount",
            ("type_and_amount", "{" + t + "}"),
        ),
    }[change]
    text = f"If {source[0]} is tapped for {amount}, it produces {produces[0]}."
    compiled = compile_face("Hollow Lantern", text, types=("Enchantment",))
    expected = ir.Replacement(source[1], produces[1], min_amount=2 if two_or_more else 0)  # type: ignore[arg-type]
    assert compiled.abilities == [lower.ability(expected)], text


KEYWORD_COSTS = [
    "Evoke",
    "Flashback",
    "Overload",
    "Dash",
    "Madness",
    "Mayhem",
    "Escape",
    "Emerge",
    "Surge",
    "Spectacle",
    "Prowl",
    "Foretell",
    "Bestow",
    "Kicker",
    "Multikicker",
    "Buyback",
    "Entwine",
]
cost_mana = st.lists(
    st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}"]), min_size=1, max_size=4
).map("".join)


@given(st.sampled_from(KEYWORD_COSTS), cost_mana, st.booleans())
def test_compiling_a_rendered_keyword_cost_gives_it_back(
    keyword: str, mana: str, with_life: bool
) -> None:
    line = f"{keyword}—{mana}, Pay 2 life." if with_life else f"{keyword} {mana}"
    compiled = compile_face(
        "Vellum Oath", f"{line}\nDraw a card.", types=("Sorcery",), mana_cost="{3}"
    )
    alternative = keyword not in ("Kicker", "Multikicker", "Buyback", "Entwine")
    expected = ir.CastingCost(
        keyword,
        alternative=alternative,
        optional=True,
        mana=mana,
        summary="pay 2 life" if with_life else "",
    )
    got = compiled.alternative_costs if alternative else compiled.additional_costs
    assert got == [lower.casting_cost(expected)], line
