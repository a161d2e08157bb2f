"""Request generators: game states and request bodies in the shapes docs/api.md fixes.

Everything here is plain JSON-ready dicts, deterministic for a given size and seed, so the engine
benchmarks and the HTTP benchmarks ask exactly the same questions.
"""

from __future__ import annotations

import random
from typing import Any

from app.catalog import load_catalog

JsonDict = dict[str, Any]

PLAYERS = ("alice", "bob")
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
# Permanents whose mana depends on what others could produce (106.7): the reflector web.
REFLECTORS = (
    "Reflecting Pool",  # a type a land you control could produce
    "Exotic Orchard",  # a color a land an opponent controls could produce
    "Fellwar Stone",  # the same, on an artifact
    "Naga Vitalist",  # a type a land you control could produce, on a creature
    "Harvester Druid",  # a color a land you control could produce, on a creature
)
# Ten slots per block of ten permanents: four basics, two pools, one of each other reflector.
MIX = ("basic", "basic", "basic", "basic", *REFLECTORS[:1], *REFLECTORS)
CREATURES = frozenset({"Naga Vitalist", "Harvester Druid"})
BOARD_REPLACEMENTS = ("Contamination",)  # on the battlefield
BOARD_EFFECTS = ("Pale Moon", "Deep Water")  # resolved effects lasting the turn

# Replacement sources applied to one Forest in the activation benchmark, in the order they are
# added (k effects = the first k). Pale Moon is left out: it only touches nonbasic lands.
ACTIVATION_SOURCES: tuple[tuple[str, str], ...] = (
    ("Mana Reflection", "battlefield"),
    ("Contamination", "battlefield"),
    ("Nyxbloom Ancient", "battlefield"),
    ("Deep Water", "effect"),
    ("Damping Sphere", "battlefield"),
    ("Mana Reflection", "battlefield"),
    ("Nyxbloom Ancient", "battlefield"),
    ("Deep Water", "effect"),
    ("Contamination", "battlefield"),
    ("Mana Reflection", "battlefield"),
    ("Damping Sphere", "battlefield"),
    ("Nyxbloom Ancient", "battlefield"),
)


def missing_cards(names: set[str] | frozenset[str] | tuple[str, ...]) -> list[str]:
    """Card names the catalog doesn't have (yet)."""
    catalog = load_catalog()
    return sorted(n for n in set(names) if catalog.get(n) is None)


def board_cards() -> set[str]:
    return {*BASICS, *REFLECTORS, *BOARD_REPLACEMENTS, *BOARD_EFFECTS}


def activation_cards(k: int) -> set[str]:
    return {"Forest", *(name for name, _ in ACTIVATION_SOURCES[:k])}


def reflector_board(size: int, *, seed: int = 1, turn: int = 4) -> JsonDict:
    """A two-player board of `size` permanents: basics, the reflector web across both players,
    Contamination on the battlefield, and Pale Moon and Deep Water as effects."""
    rng = random.Random(seed)
    battlefield: list[JsonDict] = [
        {"id": "contamination", "card": "Contamination", "controller": "bob"}
    ]
    for i in range(size - len(battlefield)):
        slot = MIX[i % len(MIX)]
        controller = PLAYERS[(i // len(MIX)) % 2]
        card = BASICS[rng.randrange(len(BASICS))] if slot == "basic" else slot
        permanent: JsonDict = {"id": f"p{i}", "card": card, "controller": controller}
        if rng.random() < 0.3:
            permanent["tapped"] = True
        if card in CREATURES and rng.random() < 0.5:
            permanent["controlled_since_turn_start"] = False
        battlefield.append(permanent)
    rng.shuffle(battlefield)
    return {
        "turn": turn,
        "active_player": "alice",
        "battlefield": battlefield,
        "effects": [
            {"id": "pale-moon", "card": "Pale Moon", "controller": "alice"},
            {"id": "deep-water", "card": "Deep Water", "controller": "bob"},
        ],
    }


# 613: a set effect, an add effect whose source the set effect removes (613.8), and an add
# effect with no dependency: the layer row of the could-produce table.
LAYER_CARDS = ("Blood Moon", "Urborg, Tomb of Yawgmoth", "Prismatic Omen")


def with_layers(board: JsonDict) -> JsonDict:
    """The same board (same size: at most 10,000 permanents) with three of its permanents
    swapped for a Blood Moon, an Urborg and a Prismatic Omen."""
    battlefield = list(board["battlefield"])
    swap = [i for i, p in enumerate(battlefield) if p["card"] != "Contamination"][
        : len(LAYER_CARDS)
    ]
    for i, card in zip(swap, LAYER_CARDS, strict=True):
        battlefield[i] = {"id": battlefield[i]["id"], "card": card, "controller": PLAYERS[0]}
    return {**board, "battlefield": battlefield}


# The (turn, salt) of `small_board()` itself: the stored small question of the floor rows.
SMALL_STORED = (4, 0)


def small_board(turn: int = SMALL_STORED[0], salt: int = SMALL_STORED[1]) -> JsonDict:
    """A handful of permanents: the 'small question' of the HTTP floor."""
    return {
        "turn": turn,
        "active_player": "alice",
        "battlefield": [
            {"id": f"forest{salt}" if salt else "forest", "card": "Forest", "controller": "alice"},
            {"id": "island", "card": "Island", "controller": "alice"},
            {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
            {"id": "orchard", "card": "Exotic Orchard", "controller": "bob"},
            {"id": "plains", "card": "Plains", "controller": "bob"},
        ],
        "effects": [],
    }


def small_board_cards() -> set[str]:
    return {"Forest", "Island", "Reflecting Pool", "Exotic Orchard", "Plains"}


def activation_board(k: int, turn: int = 4) -> JsonDict:
    """One untapped Forest and the first `k` replacement sources, all alice's."""
    battlefield: list[JsonDict] = [{"id": "forest", "card": "Forest", "controller": "alice"}]
    effects: list[JsonDict] = []
    for n, (card, where) in enumerate(ACTIVATION_SOURCES[:k], start=1):
        entry = {"id": f"r{n}", "card": card, "controller": "alice"}
        (effects if where == "effect" else battlefield).append(entry)
    return {"turn": turn, "active_player": "alice", "battlefield": battlefield, "effects": effects}


def could_produce_request(state: JsonDict, permanent_id: str | None = None) -> JsonDict:
    body: JsonDict = {"state": state}
    if permanent_id is not None:
        body["permanent_id"] = permanent_id
    return body


def activate_request(state: JsonDict, permanent_id: str = "forest") -> JsonDict:
    return {"state": state, "permanent_id": permanent_id}


def unique_turn(n: int) -> tuple[int, int]:
    """The n-th distinct harmless variation: (turn, salt). Turns run 1..10,000 (the schema's
    limit); past that a salt changes one permanent id as well."""
    return 1 + n % 10_000, n // 10_000
