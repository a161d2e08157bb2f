"""Named request examples for the docs page: for each endpoint a typical question, edge cases,
and an illegal action or board mistake (which answers a ruling saying why, or a 422). The
first of each is what "Try it out" sends. tests/api/test_openapi_docs.py runs every one."""

from __future__ import annotations

from typing import Any

Examples = dict[str, dict[str, Any]]


def _ex(summary: str, value: dict[str, Any], description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"summary": summary, "value": value}
    if description:
        out["description"] = description
    return out


def _perm(pid: str, card: str, controller: str = "alice", **kw: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **kw}


COULD_PRODUCE: Examples = {
    "typical": _ex(
        "Reflecting Pool, Exotic Orchard and Pale Moon",
        {
            "state": {
                "turn": 4,
                "active_player": "alice",
                "battlefield": [
                    _perm("pool", "Reflecting Pool"),
                    _perm("forest", "Forest"),
                    _perm("orchard", "Exotic Orchard", "bob"),
                ],
                "effects": [{"id": "pm", "card": "Pale Moon", "controller": "bob"}],
            },
            "permanent_id": "pool",
        },
        "Pale Moon's effect makes nonbasic lands' mana colorless (106.7, 616.1).",
    ),
    "edge_lone_reflectors": _ex(
        "Edge case: two Reflecting Pools and nothing else",
        {"state": {"battlefield": [_perm("a", "Reflecting Pool"), _perm("b", "Reflecting Pool")]}},
        "Reflectors that only see each other could produce nothing (106.5).",
    ),
    "edge_mdfc_land_face": _ex(
        "Edge case: a modal double-faced land named by its land face",
        {"state": {"battlefield": [_perm("s", "Shatterskull, the Hammer Pass")]}},
    ),
    "illegal_instant_on_battlefield": _ex(
        "Board mistake: an instant sent as a permanent (422)",
        {"state": {"battlefield": [_perm("f", "Forest"), _perm("pm", "Pale Moon")]}},
        "An instant is never on the battlefield (304.4): its effect goes in `effects`.",
    ),
}

ACTIVATE: Examples = {
    "typical": _ex(
        "A Forest with Mana Reflection, Contamination and Mana Flare",
        {
            "state": {
                "turn": 4,
                "active_player": "alice",
                "battlefield": [
                    _perm("forest", "Forest"),
                    _perm("refl", "Mana Reflection"),
                    _perm("contamination", "Contamination", "bob"),
                    _perm("flare", "Mana Flare", "bob"),
                ],
            },
            "permanent_id": "forest",
            "replacement_order": ["contamination", "refl"],
        },
        "The player orders the replacement effects (616.1); Mana Flare triggers (106.12a).",
    ),
    "edge_choice": _ex(
        "Edge case: Birds of Paradise, choosing green",
        {
            "state": {"battlefield": [_perm("birds", "Birds of Paradise")]},
            "permanent_id": "birds",
            "choose": "G",
        },
    ),
    "edge_counter": _ex(
        "Edge case: Incubation Druid with a +1/+1 counter",
        {
            "state": {
                "battlefield": [
                    _perm("druid", "Incubation Druid", counters={"+1/+1 counter": 1}),
                    _perm("forest", "Forest"),
                ]
            },
            "permanent_id": "druid",
            "choose": "G",
        },
        "Its own 'instead' makes three mana (614.15).",
    ),
    "edge_x": _ex(
        "Edge case: an inline storage land, removing two of its three storage counters",
        {
            "state": {
                "battlefield": [
                    {
                        "id": "vault",
                        "controller": "alice",
                        "counters": {"storage": 3},
                        "definition": {
                            "name": "Sunken Storehouse",
                            "types": ["land"],
                            "abilities": [
                                {
                                    "kind": "mana_ability",
                                    "cost": {
                                        "tap": True,
                                        "remove_x_counters": {"counter": "storage"},
                                    },
                                    "produces": {
                                        "kind": "amount",
                                        "amount": {"kind": "chosen_x"},
                                        "of": "type",
                                        "mana_type": "U",
                                    },
                                }
                            ],
                        },
                    }
                ]
            },
            "permanent_id": "vault",
            "x": 2,
        },
        "X is chosen as it is activated (107.3, 602.2b); the state afterwards has one counter.",
    ),
    "edge_copy": _ex(
        "Edge case: Vesuva that entered as a copy of Gaea's Cradle",
        {
            "state": {
                "battlefield": [
                    _perm("vesuva", "Vesuva", copy_of=["Gaea's Cradle"]),
                    _perm("elves", "Llanowar Elves"),
                    _perm("birds", "Birds of Paradise"),
                ]
            },
            "permanent_id": "vesuva",
        },
        "A copy has the copied card's abilities before every other effect (707.2, 613.1a): "
        "{G}{G}, one for each creature.",
    ),
    "illegal_summoning_sick": _ex(
        "Illegal action: a creature that came under your control this turn",
        {
            "state": {
                "battlefield": [_perm("elves", "Llanowar Elves", controlled_since_turn_start=False)]
            },
            "permanent_id": "elves",
        },
        "A ruling that says no: summoning sickness (302.6).",
    ),
}

MANA_VALUE: Examples = {
    "typical": _ex(
        "Hangarback Walker on the battlefield, cast for X = 3",
        {"card": "Hangarback Walker", "zone": "battlefield", "x": 3},
        "X is 0 on the battlefield (107.3g); its ETB uses the spell's X (107.3m).",
    ),
    "edge_stack_x": _ex(
        "Edge case: Fireball on the stack with X = 4",
        {"card": "Fireball", "zone": "stack", "x": 4},
    ),
    "edge_split_in_library": _ex(
        "Edge case: a split card in the library has both halves' mana value",
        {"card": "Fire // Ice", "zone": "library"},
    ),
    "edge_fused": _ex(
        "Edge case: Wear // Tear cast fused",
        {"card": "Wear // Tear", "zone": "stack", "face": "Wear // Tear"},
    ),
    "illegal_land_on_stack": _ex(
        "Board mistake: a land on the stack (422)",
        {"card": "Forest", "zone": "stack"},
        "Lands are played, never cast.",
    ),
}

FREE_CAST: Examples = {
    "typical": _ex(
        "Gatekeeper of Malakir, kicked, without paying its mana cost",
        {"card": "Gatekeeper of Malakir", "additional_costs": ["Kicker"]},
        "The kicker's mana is still owed (118.9d).",
    ),
    "edge_adventure": _ex(
        "Edge case: casting the adventure half (Stomp)",
        {"card": "Bonecrusher Giant", "face": "Stomp"},
    ),
    "edge_x": _ex(
        "Edge case: a spell with X cast free",
        {"card": "Fireball", "x": 4},
        "X must be 0 when the mana cost isn't paid (107.3b).",
    ),
    "edge_board_tax": _ex(
        "Edge case: cast free on a board with a tax on noncreature spells",
        {
            "card": "Lightning Bolt",
            "state": {
                "turn": 3,
                "active_player": "alice",
                "battlefield": [
                    {
                        "id": "post",
                        "controller": "bob",
                        "definition": {
                            "name": "Toll Post",
                            "mana_cost": "{2}",
                            "types": ["artifact"],
                            "abilities": [
                                {
                                    "kind": "spell_cost_change",
                                    "change": "increase",
                                    "mana": "{1}",
                                    "spells": {
                                        "where": {
                                            "kind": "not",
                                            "filter": {"kind": "type", "type": "creature"},
                                        }
                                    },
                                }
                            ],
                        },
                    }
                ],
            },
        },
        "A cost increase applies to a free cast too: {1} is paid (601.2f).",
    ),
    "edge_board_ban": _ex(
        "Edge case: cast free from exile where an opponent allows spells from hands only",
        {
            "card": "Lightning Bolt",
            "cast_from": "exile",
            "state": {
                "turn": 3,
                "active_player": "alice",
                "battlefield": [
                    {
                        "id": "warden",
                        "controller": "bob",
                        "definition": {
                            "name": "Hearth Warden",
                            "mana_cost": "{1}{W}",
                            "types": ["creature"],
                            "abilities": [
                                {
                                    "kind": "spell_cast_ban",
                                    "spells": {"controller": "opponent"},
                                    "not_cast_from": ["hand"],
                                }
                            ],
                        },
                    }
                ],
            },
        },
        "A 'can't' beats the permission to cast it for free: it isn't castable (601.3, 101.2).",
    ),
    "illegal_alternative_cost": _ex(
        "Illegal action: a second alternative cost",
        {"card": "Force of Will", "alternative_cost": "Exile a blue card"},
        "Only one alternative cost can be applied to a spell (118.9a).",
    ),
    "illegal_unpayable": _ex(
        "Illegal action: Fling with no creature to sacrifice",
        {"card": "Fling", "unpayable": ["Sacrifice a creature"]},
    ),
}

REVEAL_UNTIL: Examples = {
    "typical": _ex(
        "Reveal until a nonland card with mana value 3 or less",
        {
            "library": ["Forest", "Fire // Ice", "Lightning Bolt", "Island"],
            "mode": "reveal",
            "max_mana_value": 3,
            "seed": 7,
        },
        "Fire // Ice has mana value 4 in the library (709.4) and is passed over.",
    ),
    "edge_cascade_face": _ex(
        "Edge case: cascade 5 into Valki, asking to cast Tibalt",
        {
            "library": ["Island", "Valki, God of Lies // Tibalt, Cosmic Impostor"],
            "mode": "cascade",
            "cascade_mana_value": 5,
            "face": "Tibalt, Cosmic Impostor",
            "seed": 1,
        },
        "Tibalt's mana value 7 on the stack is too high for cascade (702.85a).",
    ),
    "edge_inline_card": _ex(
        "Edge case: a card the catalog lacks, sent inline",
        {
            "library": [
                "Forest",
                {"name": "Test Spark", "mana_cost": "{R}", "types": ["instant"]},
            ],
            "max_mana_value": 1,
            "seed": 3,
        },
    ),
    "illegal_missing_limit": _ex(
        "Mistake: reveal without its limit (422)",
        {"library": ["Forest", "Lightning Bolt"], "mode": "reveal"},
    ),
}

MULLIGAN: Examples = {
    "typical": _ex(
        "Take a mulligan from the opening hand",
        {
            "hand": ["Forest", "Forest", "Island", "Memnite", "Counterspell", "Island", "Forest"],
            "library": ["Island", "Lightning Bolt", "Forest", "Grizzly Bears", "Memnite"] * 2,
            "action": "mulligan",
            "seed": 11,
        },
        "The hand is shuffled into the library and seven new cards are drawn (103.5).",
    ),
    "edge_serum_powder": _ex(
        "Edge case: Serum Powder after one mulligan",
        {
            "hand": ["Serum Powder", "Forest", "Forest", "Island", "Memnite", "Counterspell"],
            "library": ["Island", "Lightning Bolt", "Forest", "Grizzly Bears", "Memnite"] * 2,
            "mulligans_taken": 1,
            "action": "serum_powder",
            "seed": 11,
        },
    ),
    "illegal_after_keep": _ex(
        "Illegal action: a mulligan after keeping",
        {
            "hand": ["Forest", "Island", "Memnite", "Counterspell", "Island", "Forest", "Forest"],
            "library": ["Island", "Lightning Bolt"],
            "kept": True,
            "action": "mulligan",
            "seed": 2,
        },
    ),
}
