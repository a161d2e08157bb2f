"""Invented card files in both import formats: MTGJSON AtomicCards and Scryfall bulk data.

Names are made up from word lists, rules text is templated sentences written here (no real
card's text). Every game layout the importer knows appears, plus objects it must skip (tokens,
emblems, art cards, planes, schemes, vanguards, minigame and memorabilia objects) and one
un-set card whose mana cost the engine can't read. Used by the tests (small files) and the
bench (35,000 cards).
"""

from __future__ import annotations

import gzip
import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_FIRST = [
    "Amber", "Ashen", "Briar", "Cinder", "Dusk", "Ember", "Fallow", "Gilded", "Hollow", "Ivory",
    "Jade", "Kindled", "Lumen", "Mire", "Nether", "Opal", "Pale", "Quiet", "Rust", "Silt",
    "Thorn", "Umber", "Vesper", "Willow", "Yew", "Zephyr", "Brine", "Copper", "Drift", "Flint",
    "Gloam", "Heath", "Iron", "Loam", "Moss", "Night", "Pyre", "Reed", "Slate", "Tide",
]  # fmt: skip
_SECOND = [
    "Hollow", "Spire", "Vale", "Marsh", "Crest", "Fen", "Glade", "Harbor", "Keep", "Ledge",
    "Moor", "Ridge", "Shoal", "Thicket", "Warren", "Barrow", "Cairn", "Dell", "Fold", "Grove",
    "Heights", "Isle", "Knoll", "Mesa", "Pass", "Reach", "Steppe", "Tarn", "Weald", "Wold",
]  # fmt: skip
_THIRD = [
    "Warden", "Strider", "Oracle", "Herald", "Seeker", "Tender", "Stalker", "Mender", "Binder",
    "Caller", "Drifter", "Forager", "Gleaner", "Hunter", "Keeper", "Lurker", "Mystic", "Nomad",
    "Pilgrim", "Reaver", "Sentry", "Tinker", "Vandal", "Weaver", "Scout", "Sage", "Shade",
    "Squire", "Thane", "Whelp",
]  # fmt: skip
_COLORS = ["W", "U", "B", "R", "G"]
_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


@dataclass
class Face:
    name: str
    mana_cost: str | None
    types: list[str]
    supertypes: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    power: str | None = None
    toughness: str | None = None
    text: str = ""
    keywords: list[str] = field(default_factory=list)
    loyalty: str | None = None
    defense: str | None = None

    @property
    def type_line(self) -> str:
        left = " ".join([*self.supertypes, *self.types])
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


@dataclass
class Invented:
    """One object of a card file: a game card, or an object the importer skips."""

    layout: str
    faces: list[Face]
    funny: bool = False
    set_type: str = "expansion"

    @property
    def name(self) -> str:
        return " // ".join(f.name for f in self.faces)


def names() -> Iterator[str]:
    for a, b, c in itertools.product(_FIRST, _SECOND, _THIRD):
        yield f"{a} {b} {c}"


def _creature(name: str, color: str, mv: int) -> Face:
    cost = (f"{{{mv - 1}}}" if mv > 1 else "") + f"{{{color}}}"
    return Face(
        name,
        cost,
        ["Creature"],
        subtypes=["Beast"],
        colors=[color],
        power=str(mv),
        toughness=str(mv),
        text=f"When this creature enters, you gain {mv} life.",
    )


def _spell(name: str, color: str, cost: str, kind: str = "Instant") -> Face:
    return Face(name, cost, [kind], colors=[color], text="Templated: this spell deals 2 damage.")


def _back(name: str, color: str) -> Face:
    return Face(name, None, ["Creature"], subtypes=["Horror"], colors=[color], power="5",
                toughness="5", text="Templated: this side hits harder.")  # fmt: skip


def card_for(i: int, name: str) -> Invented:
    """The i-th invented card: the layouts in turn, most of them plain creatures."""
    color = _COLORS[i % 5]
    mv = 1 + i % 6
    # A second face's name: short in the first round of names, then the whole name, so that
    # no two cards share a face's name (only meld cards do, and a name several cards' faces
    # share names none of them).
    other = name.split()[-1] if name.startswith(f"{_FIRST[0]} {_SECOND[0]} ") else name
    match i % 20:
        case 1:
            a, b = f"{name} Spark", f"{other} Ash"
            return Invented("split", [_spell(a, color, "{1}{R}"), _spell(b, "B", "{2}{B}")])
        case 2:
            return Invented(
                "aftermath",
                [_spell(f"{name} Rise", "W", "{1}{W}", "Sorcery"),
                 _spell(f"{other} Fall", "B", "{3}{B}", "Sorcery")],
            )  # fmt: skip
        case 3:
            front = _creature(f"{name} Initiate", "U", 2)
            return Invented("flip", [front, _back(f"{other} Ascendant", "U")])
        case 4:
            front = _creature(f"{name} Scholar", color, mv)
            return Invented("transform", [front, _back(f"{other} Unbound", color)])
        case 5:
            land = Face(f"{other} Grotto", None, ["Land"], text="Templated: it taps for blue.")
            return Invented("modal_dfc", [_spell(f"{name} Rite", "U", "{2}{U}", "Sorcery"), land])
        case 6:
            adventure = _spell(f"{other} Path", "G", "{1}{G}", "Sorcery")
            adventure.subtypes = ["Adventure"]
            return Invented("adventure", [_creature(f"{name} Giant", "G", 5), adventure])
        case 7:
            front = _creature(f"{name} Sentinel", "W", 4)
            back = _back(f"{other} Colossus", "W")
            back.keywords, back.text = ["Vigilance"], f"Vigilance\n{back.text}"
            return Invented("meld", [front, back])
        case 8:
            basic = _BASICS[color]
            land = Face(name, None, ["Land"], subtypes=[basic], text="Templated: dual land.")
            return Invented("normal", [land])
        case 9 | 10 | 11 | 12 | 13 | 14:
            layout = ["leveler", "class", "saga", "case", "prototype", "mutate"][i % 20 - 9]
            kind = {"class": "Enchantment", "saga": "Enchantment", "case": "Enchantment"}
            face = _creature(name, color, mv)
            if layout in kind:
                words = "Templated: chapter words."
                cost = f"{{1}}{{{color}}}"
                subtypes = [layout.capitalize()]
                face = Face(
                    name, cost, [kind[layout]], subtypes=subtypes, colors=[color], text=words
                )
            return Invented(layout, [face])
        case 15:
            face = _spell(name, color, f"{{X}}{{{color}}}", "Sorcery")
            return Invented("normal", [face])
        case 16:
            walker = Face(name, f"{{2}}{{{color}}}", ["Planeswalker"], supertypes=["Legendary"],
                          subtypes=["Invented"], colors=[color], loyalty=str(mv),
                          text="Templated: +1: you gain 1 life.")  # fmt: skip
            return Invented("normal", [walker])
        case 17:
            # 712.2: a battle is a transforming double-faced card (Scryfall's own layout).
            battle = Face(name, f"{{3}}{{{color}}}", ["Battle"], subtypes=["Siege"],
                          colors=[color], defense=str(mv + 1),
                          text="Templated: when it is defeated, you gain 2 life.")  # fmt: skip
            return Invented("battle", [battle, _back(f"{other} Reclaimed", color)])
        case _:
            return Invented("normal", [_creature(name, color, mv)])


def skipped_objects() -> list[Invented]:
    """Objects a card file holds that are not cards of the game, and one un-set card."""
    token = Face("Bramble Sprout Token", None, ["Creature"], subtypes=["Plant"], colors=["G"])
    return [
        Invented("token", [token]),
        Invented("emblem", [Face("Vow of the Tarn", None, ["Emblem"])]),
        Invented("art_series", [Face("Gloam Ridge Art", None, ["Card"])]),
        Invented("planar", [Face("Shoal of Echoes", None, ["Plane"], subtypes=["Nowhere"])]),
        Invented("scheme", [Face("The Quiet Plot", None, ["Scheme"])]),
        Invented("vanguard", [Face("Pilgrim Avatar", None, ["Vanguard"])]),
        Invented(
            "normal",
            [Face("Fen Fun Fair", "{HW}", ["Creature"], power="1", toughness="1")],
            funny=True,
        ),
    ]


def reversible_cards() -> list[Invented]:
    """Reversible printings ("X // X"): one of a card also printed plainly, one of its own."""
    plain = _creature("Amber Hollow Warden", "W", 1)
    own = Face("Quill Fen Lantern", "{2}", ["Artifact"], text="Templated: it lights the fen.")
    return [Invented("reversible_card", [plain, plain]), Invented("reversible_card", [own, own])]


def accented_cards() -> list[Invented]:
    """Names people type without their accents or apostrophes."""
    vial = Face("Æthermire Vial", "{1}", ["Artifact"], text="Templated: it holds counters.")
    return [
        Invented("normal", [vial]),
        Invented("normal", [_creature("Lûm-Dar's Lantern Keeper", "R", 3)]),
    ]


def invented_cards(count: int) -> list[Invented]:
    cards = accented_cards()
    for i, name in enumerate(itertools.islice(names(), count - len(cards))):
        cards.append(card_for(i, name))
    return cards


def with_reversible(cards: list[Invented]) -> list[Invented]:
    """The cards and two reversible printings, after the cards (as in a real file's order)."""
    return [*cards, *reversible_cards()]


# --- the two formats --------------------------------------------------------------------------


def _mtgjson_face(card: Invented, face: Face, side: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": card.name,
        # MTGJSON has no battle layout: a battle is a transforming card there.
        "layout": "transform" if card.layout == "battle" else card.layout,
        "type": face.type_line,
        "types": face.types,
        "subtypes": face.subtypes,
        "supertypes": face.supertypes,
        "colors": face.colors,
        "keywords": face.keywords,
        "text": face.text,
    }
    if face.mana_cost is not None:
        out["manaCost"] = face.mana_cost
    if side is not None:
        out["faceName"], out["side"] = face.name, side
    if face.power is not None:
        out["power"], out["toughness"] = face.power, face.toughness
    for printed in ("loyalty", "defense"):
        if (value := getattr(face, printed)) is not None:
            out[printed] = value
    if card.funny:
        out["isFunny"] = True
    return out


def mtgjson_document(cards: list[Invented]) -> dict[str, Any]:
    data: dict[str, list[dict[str, Any]]] = {}
    for card in cards:
        many = len(card.faces) > 1
        data[card.name] = [
            _mtgjson_face(card, f, "ab"[i] if many else None) for i, f in enumerate(card.faces)
        ]
    return {"meta": {"date": "2026-12-01", "version": "5.2.2"}, "data": data}


# Layouts whose faces Scryfall gives no colors (the card object has them): an aftermath card
# is a split one there.
_UNCOLORED_FACES = ("flip", "adventure", "split", "aftermath")


def _scryfall_face(face: Face, layout: str = "normal") -> dict[str, Any]:
    return {
        "object": "card_face",
        "name": face.name,
        "mana_cost": face.mana_cost or "",
        "type_line": face.type_line,
        "oracle_text": face.text,
        **({} if layout in _UNCOLORED_FACES else {"colors": face.colors}),
        **({"power": face.power, "toughness": face.toughness} if face.power else {}),
        **({"loyalty": face.loyalty} if face.loyalty else {}),
        **({"defense": face.defense} if face.defense else {}),
    }


def scryfall_objects(card: Invented) -> list[dict[str, Any]]:
    """A card's Scryfall objects, spelled as Scryfall spells them: a meld card is its front,
    plus its meld result object (each with its own keywords); an aftermath card is a split
    card with the Aftermath keyword; the faces of flip and adventure cards carry no colors
    (the card object does)."""
    layout = "split" if card.layout == "aftermath" else card.layout
    base = {"object": "card", "layout": layout, "set_type": card.set_type,
            "border_color": "silver" if card.funny else "black"}  # fmt: skip
    if card.layout == "meld":
        front, back = card.faces
        result = {**base, **_scryfall_face(back), "object": "card", "keywords": back.keywords}
        # As Scryfall relates them: each object lists the parts and the result.
        parts = [{"component": "meld_part", "name": front.name},
                 {"component": "meld_result", "name": back.name}]  # fmt: skip
        result["all_parts"] = parts
        # The front first: its back face comes later in the file, as it may in Scryfall's.
        front_object = {**base, **_scryfall_face(front), "object": "card",
                        "keywords": front.keywords}  # fmt: skip
        return [{**front_object, "all_parts": parts}, result]
    if len(card.faces) == 1:
        face = card.faces[0]
        return [{**base, **_scryfall_face(face), "object": "card", "keywords": face.keywords}]
    return [
        {
            **base,
            "name": card.name,
            "mana_cost": " // ".join(f.mana_cost or "" for f in card.faces),
            "type_line": " // ".join(f.type_line for f in card.faces),
            # As Scryfall gives them: the whole card's, none on its faces.
            "keywords": list(dict.fromkeys(k for f in card.faces for k in f.keywords))
            + (["Aftermath"] if card.layout == "aftermath" else []),
            **(
                {"colors": sorted({c for f in card.faces for c in f.colors}, key="WUBRG".index)}
                if card.layout in _UNCOLORED_FACES
                else {}
            ),
            "card_faces": [_scryfall_face(f, card.layout) for f in card.faces],
        }
    ]


def scryfall_document(cards: list[Invented]) -> list[dict[str, Any]]:
    objects = [o for card in cards for o in scryfall_objects(card)]
    # Scryfall's non-game objects: a minigame card and a memorabilia object.
    extra = Face("Dice Tower Rules", None, ["Card"])
    objects.append({**scryfall_objects(Invented("normal", [extra]))[0], "set_type": "minigame"})
    memento = Face("Tarn Cup Trophy", None, ["Card"])
    objects.append(
        {**scryfall_objects(Invented("normal", [memento]))[0], "set_type": "memorabilia"}
    )
    return objects


def write(path: Path, document: Any) -> Path:
    """JSON, gzipped when the path ends in .gz."""
    text = json.dumps(document, ensure_ascii=False)
    if path.suffix == ".gz":
        with gzip.open(path, "wt", encoding="utf-8") as out:
            out.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def write_both(directory: Path, count: int, *, gz: bool = True) -> tuple[Path, Path]:
    cards = invented_cards(count) + skipped_objects()
    suffix = ".json.gz" if gz else ".json"
    return (
        write(directory / f"AtomicCards{suffix}", mtgjson_document(cards)),
        write(directory / f"scryfall-oracle-cards{suffix}", scryfall_document(cards)),
    )
