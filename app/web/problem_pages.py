"""What each problem `type` (`/problems/{code}`) means, in a sentence or two for a person.

tests/web/test_pages.py (test_every_problem_type_has_a_page) checks that every code the app raises
is explained here."""

from __future__ import annotations

from typing import NamedTuple


class ProblemPage(NamedTuple):
    status: int
    title: str
    explanation: str


def _q(title: str, explanation: str) -> ProblemPage:
    """A question the service understood but can't rule on as asked: 422."""
    return ProblemPage(422, title, explanation)


PROBLEMS: dict[str, ProblemPage] = {
    # -- the request itself --
    "malformed_json": ProblemPage(
        400, "The body is not valid JSON", "Fix the JSON syntax; `errors` says where it broke."
    ),
    "malformed_body": ProblemPage(400, "The request can't be read", "Send a well-formed request."),
    "too_deeply_nested": ProblemPage(
        400,
        "The body nests too deeply",
        "JSON nested more than 32 levels is refused before it is parsed; no question needs it.",
    ),
    "body_too_large": ProblemPage(
        413,
        "The body is too large",
        "Bodies over the configured limit (2 MiB by default) are refused before parsing.",
    ),
    "unsupported_media_type": ProblemPage(
        415,
        "The body is not JSON",
        "Send the question as JSON with `Content-Type: application/json`.",
    ),
    "validation_error": _q(
        "The question doesn't have the expected shape",
        "A field is missing, unknown, of the wrong type or out of range; each entry of `errors` "
        "names one field (`loc`) and what is wrong with it.",
    ),
    "nul_character": _q(
        "A text contains a NUL character", "Remove the U+0000 character from the named field."
    ),
    "not_found": ProblemPage(
        404, "Not found", "No resource at this address (a ruling id, a card)."
    ),
    "method_not_allowed": ProblemPage(405, "Method not allowed", "Use the method the docs show."),
    "unauthorized": ProblemPage(401, "Unauthorized", "This resource needs credentials."),
    "internal_error": ProblemPage(
        500,
        "The server failed to answer",
        "A bug: nothing was stored. The response's `X-Request-ID` finds it in the logs.",
    ),
    "database_unreachable": ProblemPage(
        503, "Not ready: no database", "The service can't reach its database; try again later."
    ),
    "not_migrated": ProblemPage(
        503, "Not ready: not migrated", "The database is not at the latest migration yet."
    ),
    "bad_cursor": _q("Not a cursor", "Use the `next_page` link of a previous page as given."),
    "body_timeout": ProblemPage(
        408,
        "The body arrived too slowly",
        "The request body did not arrive within the configured time; send it at once.",
    ),
    "too_many_requests": ProblemPage(
        429,
        "Too many large questions at once",
        "This client, or this process, has as many large questions in flight as it allows; "
        "retry after the `Retry-After` seconds.",
    ),
    "timeout": ProblemPage(
        503,
        "No answer in time",
        "The answer took longer than the configured deadline (the database may be stalled); "
        "nothing was stored. Retry after `Retry-After` seconds.",
    ),
    "database_unavailable": ProblemPage(
        503,
        "The database can't be used right now",
        "The service could not reach or use its database; nothing was stored. Retry after "
        "`Retry-After` seconds; the service recovers by itself when the database is back.",
    ),
    "database_busy": ProblemPage(
        503,
        "The database is busy",
        "Another process holds the database's write lock; nothing was stored. Retry shortly.",
    ),
    "storage_full": ProblemPage(
        507,
        "No space left to store the ruling",
        "The database's disk is full, so the ruling was not stored (nothing is half-written). "
        "An operator must free space; `/readyz` says 503 until writes succeed again.",
    ),
    "lone_surrogate": _q(
        "A text holds an unpaired surrogate",
        "A `\\ud800`-`\\udfff` escape without its pair is not text; remove it from the field.",
    ),
    "too_long": _q(
        "A name is too long", "Names (cards, ids, players) have at most 200 characters."
    ),
    # -- cards and faces --
    "unknown_card": _q(
        "Unknown card",
        "The name is not in the catalog. Search it with `GET /v1/cards?q=`, or send the card "
        "inline as a `definition`.",
    ),
    "empty_search": _q(
        "Nothing to search for",
        "`q` held only apostrophes, quotes or spaces, which names are matched without: give part "
        "of a name, or leave `q` out to list every card.",
    ),
    "ambiguous_card": _q(
        "A face several cards share",
        "Two meld cards share their melded back face, so its name names no one card: name the "
        "card by its full name (`Front // Back`); the detail lists the cards.",
    ),
    "missing_card": _q("No card given", "Give `card` (a name) or `definition` (the card itself)."),
    "card_and_definition": _q(
        "Both card and definition", "Give either `card` or `definition`, not both."
    ),
    "no_such_face": _q(
        "No such face", "The card has no face by that name or index; the detail lists its faces."
    ),
    "face_never_cast": _q(
        "That face is never cast",
        "Flip and meld cards are cast as their front face only; name the front face, or ask "
        "about the other face on the battlefield.",
    ),
    "melded_permanent": _q(
        "A melded permanent",
        "A melded permanent is made of two cards and the question names one; name the front "
        "face of the card instead.",
    ),
    "face_required": _q(
        "Which half?",
        "A split card on the stack is the half that was cast (709.3): give `face`, or the whole "
        "card's name for a fused cast.",
    ),
    "not_fused": _q(
        "Not a fuse card", "Only a card with fuse can be cast as both halves (702.102)."
    ),
    "definition_conflicts_catalog": _q(
        "A definition named as a catalog card",
        "An inline definition is for a card the catalog lacks; one named as a catalog card "
        "must be that card (201.2). Name the card with `card`, or rename the definition.",
    ),
    "not_a_room": _q(
        "Not a Room",
        "Only a Room has doors to unlock (709.5); drop `unlocked`, or name the face with `face`.",
    ),
    "door_repeated": _q("A door named twice", "Name each unlocked door of a Room once (709.5)."),
    "door_locked": _q(
        "The door named is locked",
        "The door `face` or `card` names must be one of `unlocked` (709.5); name the whole card "
        "instead, or list that door.",
    ),
    "unlocked_required": _q(
        "Which doors of a copied Room are unlocked",
        "A copy of a Room doesn't copy which doors are unlocked (707.2, 709.5): say them in "
        "`unlocked`, or name the copy's one unlocked door in `copy_of`.",
    ),
    "unlocked_off_battlefield": _q(
        "Doors given off the battlefield",
        "Only a Room permanent has locked and unlocked doors (709.5); drop `unlocked`.",
    ),
    "unlocked_not_modelled": _q(
        "Unlocked doors of a copy or prototype",
        "`unlocked` is read for a Room's own card only; a copy has the copied card's doors "
        "(707.2) and a Room has no prototype: drop one of the fields.",
    ),
    "face_not_applicable": _q(
        "Face given off the stack",
        "Outside the stack and battlefield a card has all its faces' characteristics; drop `face`.",
    ),
    "land_not_on_stack": _q(
        "A land can't be on the stack", "Lands are played, never cast (305.1)."
    ),
    "not_a_permanent": _q(
        "Not a permanent",
        "An instant or sorcery is never on the battlefield (304.4, 307.4); its turn-long effect "
        "is an `effects` entry.",
    ),
    "not_cast": _q(
        "Not cast", "Only a spell that was cast can have been cast without paying its mana cost."
    ),
    "not_cast_that_way": _q(
        "Never cast that way",
        "The face named is cast only for an alternative cost (a transforming card's disturb or "
        "More Than Meets the Eye), so no spell of it was cast without paying its mana cost "
        "(118.9a).",
    ),
    "invalid_x": _q("Invalid X", "The X asked for can't be used here; the detail says why."),
    "unknown_cost": _q(
        "Unknown cost", "The card has no alternative or additional cost by that name."
    ),
    "cost_repeated": _q(
        "Cost named more than once",
        "Only a cost one spell may pay several times (multikicker, replicate, squad, escalate, "
        "'any number of times') may be named more than once, once for each payment, and "
        "escalate at most once for each of the spell's modes beyond the first.",
    ),
    "no_prototype": _q(
        "No prototype",
        "Only a card with a prototype (702.160a) can be cast prototyped: drop `prototyped`, or "
        "name a prototype card.",
    ),
    "prototyped_off_stack": _q(
        "Prototyped off the stack",
        "Off the stack and the battlefield a prototype card has only its normal "
        "characteristics (718.4): `prototyped` is for the stack or the battlefield.",
    ),
    "x_cannot_be_zero": _q(
        "X can't be 0",
        "The card's own words say X can't be 0 (107.3a), so no spell of it is on the stack with "
        "X 0, not even one cast without paying its mana cost (107.3b): ask with an X of 1 or "
        "more.",
    ),
    "too_many_modes": _q(
        "Too many modes",
        "A tiered spell is cast with exactly one of its modes (702.183a): name one mode in "
        "`additional_costs`.",
    ),
    # -- the game state --
    "duplicate_permanent_id": _q("Duplicate id", "Each permanent needs its own `id`."),
    "duplicate_effect_id": _q(
        "Duplicate id", "Effects and permanents share one id space: give each its own."
    ),
    "duplicate_emblem_id": _q(
        "Duplicate id", "Emblems, effects and permanents share one id space: give each its own."
    ),
    "not_an_emblem": _q(
        "Not an emblem",
        "The card named in `emblems` gives no emblem with an ability the engine reads (114): "
        "name the card whose ability made the emblem, or see its `unsupported_text`.",
    ),
    "unknown_permanent": _q(
        "No such permanent", "The id named is not on the battlefield of the state sent."
    ),
    "attached_to_itself": _q(
        "Attached to itself", "A permanent can't be attached to itself: fix `attached_to`."
    ),
    "too_many_players": _q("Too many players", "A game state has at most 16 players."),
    "not_an_effect": _q(
        "Not a turn effect",
        "An `effects` entry is a resolved spell or activation lasting the turn; a permanent "
        "card goes on the battlefield.",
    ),
    "target_required": _q(
        "Target required", "This effect affects a target: give `target`, a permanent's id."
    ),
    "not_own_permanent": _q(
        "Not this card's permanent",
        "This entry stands for a card's own keyword for the permanent it put onto the "
        "battlefield (unearth's, dash's, blitz's, encore's, riot's or suspend's haste) or for "
        'itself ("~ gains haste until end of turn"): its '
        "`target` must be a permanent of the same card.",
    ),
    "condition_loop": _q(
        "A condition its own change would undo",
        "A change of what permanents are holds only while its controller controls enough of "
        "some permanents, and applying such changes changes those counts: they never settle, "
        "or they settle two ways (613.8). No one answer is right, so the engine doesn't rule "
        "on it.",
    ),
    "line_required": _q(
        "Which ability resolved?",
        "What an entry of this card does depends on which of its abilities or modes resolved "
        "(its `effect_lines`): give the entry's `line`, the paragraph of the card's rules text "
        "that resolved, counted from 1.",
    ),
    "not_an_effect_line": _q(
        "Not a line an entry can stand for",
        "The entry's `line` is not one of the card's `effect_lines`: a paragraph that is no "
        "activation, trigger, loyalty ability, mode or chapter, or one whose text the engine "
        "doesn't read whole (the card's `unsupported_text`).",
    ),
    "unknown_counter": _q(
        "Unknown counter",
        'Name the counter\'s kind, such as `+1/+1` or `charge` (" counter" may follow): one '
        "the engine knows, or one a card on the board or an effects entry names.",
    ),
    "duplicate_counter": _q("Counter given twice", "Give each counter kind once, with its count."),
    # -- mana abilities --
    "state_required": _q(
        "No board for the caster",
        "`caster` says who casts the spell on the board in `state`, `cast_from` where it is "
        "cast from and `sorcery_timing` whether it is cast when its caster could cast a "
        "sorcery; give the state too, or leave them out.",
    ),
    "caster_required": _q(
        "Who casts the spell?",
        "With a `state`, which of its cost effects apply depends on who casts the spell "
        '("spells your opponents cast", 601.2f): give `caster`, or the state\'s '
        "`active_player`.",
    ),
    "ability_required": _q(
        "Which ability?", "The permanent has several mana abilities: give `ability`, an index."
    ),
    "unknown_ability": _q("No such ability", "The `ability` index is past its mana abilities."),
    "invalid_choice": _q("Not a choice", "`choose` is not one of the ability's options."),
    "chosen_color_required": _q(
        "Color not chosen", "The permanent's ability uses a chosen color: give `chosen_color`."
    ),
    "chosen_colors_required": _q(
        "Colors not chosen",
        "The permanent's ability makes mana of one of the colors chosen for it: give "
        "`chosen_colors` (a list of W U B R G, `[]` when none was chosen), or `chosen_color` "
        "for a lone one.",
    ),
    "chosen_land_type_required": _q(
        "Land type not chosen",
        "The effect makes a land the basic land type chosen as it resolved (305.7): give the "
        "`effects` entry's `chosen_land_type` (Plains, Island, Swamp, Mountain or Forest).",
    ),
    "power_required": _q(
        "Power not given",
        "The ability makes mana by a power: give the permanent's `power` now, counters and "
        "effects included (the printed power is never used).",
    ),
    "toughness_required": _q(
        "Toughness not given",
        "The ability makes mana by a toughness: give the permanent's `toughness` now.",
    ),
    "x_required": _q(
        "X not chosen",
        "The ability has an X chosen as it is activated: give `x` (for 'any number of' "
        "counters, how many are removed; for a sacrificed permanent, its mana value; for a "
        "sacrificed creature's power, that power).",
    ),
    "x_not_used": _q("No X to choose", "The ability has no X: leave `x` out."),
    "impending_required": _q(
        "Say whether it was cast for impending",
        "The permanent has a time counter, and it is no creature if it was cast for its "
        "impending cost (702.176a): give its `impending`, true or false.",
    ),
    "renowned_required": _q(
        "Renowned not said",
        "The permanent has an ability only while it is renowned (702.112b): give its "
        "`renowned`, true or false.",
    ),
    "entered_this_turn_required": _q(
        "Entered this turn not said",
        "The ability looks at the permanents that entered the battlefield this turn, or may be "
        "activated only the turn its permanent entered: give `entered_this_turn`, true or "
        "false, for each permanent it names.",
    ),
    "commander_identity_required": _q(
        "Commander identity not given",
        "The ability makes mana of a color in its controller's commander's color identity "
        "(903.4): give `commander_identity` for that player (`[]` for no commander).",
    ),
    "player_required": _q(
        "Player not given",
        "The ability's mana goes to a player chosen as it resolves, to its target or to each "
        "player (106.3), and a trigger cares who adds it: give `player`, the player whose "
        "mana is asked about.",
    ),
    "player_not_used": _q(
        "No player to name",
        "The ability's mana goes to its controller: leave `player` out.",
    ),
    "life_required": _q(
        "Life total not given",
        "The ability makes mana by its controller's life total (119.1): give `life` for that "
        "player in the state's `players`.",
    ),
    "life_gained_this_turn_required": _q(
        "Life gained not given",
        "The ability counts the life its controller gained this turn (119.3): give "
        "`life_gained_this_turn` for that player in the state's `players`.",
    ),
    "cards_drawn_this_turn_required": _q(
        "Cards drawn not given",
        "The ability counts the cards its controller drew this turn (121.1): give "
        "`cards_drawn_this_turn` for that player in the state's `players`.",
    ),
    "spells_cast_this_turn_required": _q(
        "Spells cast not given",
        "A permanent changes what a spell costs by the spells its caster has cast this turn "
        '(601.2f: "for each other spell", "the second spell each turn"): give '
        "`spells_cast_this_turn` for the caster in the state's `players`, not counting the "
        "spell asked about.",
    ),
    "cast_from_required": _q(
        "Cast from where?",
        "A permanent changes what spells cost, or stops them, by the zone they are cast from "
        '(601.2a: "spells you cast from your graveyard", "from anywhere other than your '
        'hand"): give `cast_from`, the zone the spell is cast from (`hand`, `graveyard`, '
        "`exile`, `library` or `command`).",
    ),
    "sorcery_timing_impossible": _q(
        "Sorcery timing the state rules out",
        "`sorcery_timing` says the caster could cast a sorcery, but the state's active player "
        "or phase says otherwise: a player can only in their own main phase (307.5).",
    ),
    "sorcery_timing_required": _q(
        "Cast when a sorcery could be?",
        "A permanent lets some players cast spells only any time they could cast a sorcery "
        "(307.5: in their main phase, the stack empty, with priority): give `sorcery_timing`, "
        "true when the spell is cast then; a spell cast while another spell or ability "
        "resolves (cascade) never is.",
    ),
    "active_player_required": _q(
        "Whose turn?",
        "A permanent changes what spells cost, or stops them, only in some turns "
        '("during your turn", "except during its controller\'s turn"): give the state\'s '
        "`active_player`.",
    ),
    "monarch_required": _q(
        "Monarch not given",
        "The ability works only while its controller is the monarch (724): give `monarch` "
        "(true or false) for that player in the state's `players`.",
    ),
    "lands_played_this_turn_required": _q(
        "Lands played not given",
        "The ability makes other mana if its controller played a land this turn (305.2): give "
        "`lands_played_this_turn` for that player in the state's `players`.",
    ),
    "turns_begun_required": _q(
        "Turns begun not given",
        "The card can't be cast during its caster's first turns of the game (601.3): give "
        "`turns_begun` for the caster in the state's `players`, the turns of their own they "
        "have begun, this one included.",
    ),
    "completed_dungeon_required": _q(
        "Completed dungeon not given",
        "The ability makes other mana if its controller has completed a dungeon (309.7): give "
        "`completed_dungeon` (true or false) for that player in the state's `players`.",
    ),
    "initiative_required": _q(
        "Initiative not given",
        "The ability makes other mana while its controller has the initiative (725): give "
        "`initiative` (true or false) for that player in the state's `players`.",
    ),
    "resolutions_this_turn_required": _q(
        "Resolutions not given",
        "The ability makes mana only on a given resolution of it this turn: give the "
        "permanent's `resolutions_this_turn`, how many times it resolved this turn before.",
    ),
    "activated_this_turn_required": _q(
        "Activations this turn not given",
        "The ability may be activated only once each turn (602.5b): give the permanent's "
        "`activated_this_turn`, whether it was activated this turn already.",
    ),
    "graveyard_required": _q(
        "Graveyard not given",
        "The ability looks at the cards in its controller's graveyard (404.1), or targets a "
        "card in any graveyard (601.2c): give `graveyard` (card names, `[]` for none) for "
        "that player in the state's `players`.",
    ),
    "class_level_required": _q(
        "Class level not given",
        "The permanent is a Class with abilities of a higher level (716): give the level it has "
        "gained as its `class_level`.",
    ),
    "mana_pool_required": _q(
        "Mana pool not given",
        "The ability adds mana by what its controller's mana pool holds (106.4): give "
        '`mana_pool` for that player in the state\'s `players`, in Oracle notation ("" for none).',
    ),
    "noted_mana_required": _q(
        "Noted mana not given",
        "The ability adds the mana last noted for its permanent: give the permanent's "
        '`noted_mana`, in Oracle notation of the six mana types (like "{R}{R}").',
    ),
    "invalid_noted_mana": _q(
        "Noted mana of several types",
        "The ability adds one mana of its permanent's last noted type: its `noted_mana` must "
        "be mana of one type.",
    ),
    "die_roll_required": _q(
        "Die roll not given",
        "The ability rolls a die as it resolves and its mana depends on the result (706.2): "
        "give `die_roll`, the result.",
    ),
    "invalid_die_roll": _q(
        "Not a result of that die", "`die_roll` must be from 1 to the die's number of sides."
    ),
    "die_roll_not_used": _q("No die rolled", "The ability rolls no die: leave `die_roll` out."),
    "exiled_required": _q(
        "Exiled cards not given",
        "The ability reads the cards exiled with its permanent by its own linked ability "
        "(406.6, 607.2a): give the permanent's `exiled`, as catalog card names (`[]` for none).",
    ),
    "chosen_name_required": _q(
        "Card name not chosen",
        "The ability gives its mana ability to permanents with the card name chosen for its "
        "permanent (201.3): give the permanent's `chosen_name`.",
    ),
    "chosen_type_required": _q(
        "Type not chosen",
        "The ability counts creatures of the creature type chosen for its permanent (205.3m), "
        "or adds (or sets, 305.7) the type chosen for it as it entered: give the permanent's "
        "`chosen_type`.",
    ),
    "chosen_number_required": _q(
        "Number not chosen",
        "The ability names spells by the mana value equal to the number chosen for its "
        "permanent as it entered (107.1b, 202.3): give the permanent's `chosen_number`.",
    ),
    "spells_cast_required": _q(
        "Spells cast not listed",
        "A ban on the board counts the spells of a kind the caster cast this turn (601.2i): "
        "give the caster's `spells_cast` in the state's `players`, by card name.",
    ),
    "spells_cast_x_unknown": _q(
        "X of a spell cast not known",
        "A ban on the board counts the spells of a mana value the caster cast this turn, and a "
        "spell in `spells_cast` has {X} in its mana cost, whose value as cast its name doesn't "
        "say (202.3e).",
    ),
    "phase_required": _q(
        "Phase not given",
        "An effect on the board applies in one phase of the turn only (506.1: during combat): "
        "give the state's `phase`.",
    ),
    "illegal_attachment": _q(
        "Attached to what it can't be",
        "An Aura is attached to something its enchant ability doesn't allow (303.4a), or an "
        "Equipment to a noncreature (301.5c): as a state-based action the Aura would be put "
        "into its owner's graveyard or the Equipment become unattached (704.5m, 704.5n), so no "
        "game has this board. Fix `attached_to`, or leave the permanent out.",
    ),
    "copy_exceptions_unread": _q(
        "A copy's exceptions this service doesn't apply",
        "The token is a copy its card's own keyword made (embalm, eternalize), whose exceptions "
        "change its colors, types and mana cost (707.9b); the service doesn't apply them, so it "
        "won't guess. Describe the token inline with `definition`.",
    ),
    "control_loop": _q(
        "Control changes in a loop",
        "Control-changing effects change who controls each other's sources so that applying "
        "them never settles (613.8): no one answer is right, so the engine doesn't rule on it.",
    ),
    "step_required": _q(
        "Step not given",
        "A card may be cast only in some steps of the turn (500.1, 506.1: 'during the declare "
        "blockers step'), and some steps of the state's phase are such and some aren't: give "
        "the state's `step`.",
    ),
    "being_attacked_required": _q(
        "Whether the player is attacked not given",
        "A card may be cast only while a creature is attacking its caster (508.1): give "
        "`being_attacked` (true or false) for the caster in the state's `players`.",
    ),
    "target_player_required": _q(
        "Targeted player not given",
        "The effect's card affects the player it targets (115.1): give the `effects` entry's "
        "`target_player`.",
    ),
    "copy_of_required": _q(
        "What it copied not given",
        "The permanent's card may enter as a copy of another object (707.2, 614.1c), and what it "
        "is depends on that choice: give the permanent's `copy_of` (the card it copied, as a "
        "catalog card name), or `[]` if it entered as itself.",
    ),
    "not_a_copy": _q(
        "Not something that copies",
        "A card in the middle of `copy_of` is what the one before it copied, so it must itself "
        "be able to become a copy (707.3); this one has no copy effect: name only the card the "
        "permanent copied.",
    ),
    "copy_and_prototyped": _q(
        "A copy is not prototyped",
        "A copy has the copied card's values (707.2), not a prototype's: give `copy_of` or "
        "`prototyped`, not both.",
    ),
    "invalid_chosen_type": _q(
        "Not a type of the kind chosen",
        "The permanent chose a creature type as it entered, and its `chosen_type` is no land, "
        "artifact, enchantment or battle type; or it chose a basic land type, and its "
        "`chosen_type` is one of "
        "Plains, Island, Swamp, Mountain and Forest; or it chose a card type, and its "
        "`chosen_type` is one of land, creature, artifact, enchantment, planeswalker, instant, "
        "sorcery, battle and kindred (or one of the card types its card's words list: its "
        "`chosen_type_among`).",
    ),
    "invalid_exiled_card": _q(
        "Not a card it could have exiled",
        "The permanent's card says what it exiles as it enters (406.6: 'exile a nonartifact, "
        "nonland card from your hand'; its `exiles_of`), and a card its `exiled` lists is not "
        "of that kind; or it became a copy of such a card after it entered (707.2), so the "
        "copied card's entry ability never exiled anything with it.",
    ),
    "invalid_chosen_color": _q(
        "Not a color it could choose",
        "The permanent's card limits the color it chooses as it enters ('choose a color other "
        "than green'; its `chosen_color_not`), and its `chosen_color` is one of those.",
    ),
    "invalid_chosen_name": _q(
        "Not a name it could choose",
        "The permanent's card limits the name it chooses as it enters (201.3: 'choose a "
        "nonland card name'; its `chosen_name_of`), and the card its `chosen_name` names is "
        "not of that kind.",
    ),
    "library_top_required": _q(
        "Top card of the library not given",
        "The permanent's mana ability reads the top card of its controller's library (it exists "
        "only while that card is of a card type, or its cost mills that card): give the "
        "permanent's `library_top`, a catalog card name.",
    ),
    "not_a_replacement_source": _q(
        "Not a replacement source",
        "Ids in `replacement_order` and keys of `replacement_choices` must be sources of "
        "replacement effects on this event.",
    ),
    "unknown_replacement_source": _q(
        "Unknown replacement source",
        "An id in `replacement_order` or a key of `replacement_choices` is not in the state.",
    ),
    "no_replacement_choice": _q(
        "No color to choose",
        "A key of `replacement_choices` names a replacement effect that asks for no color as "
        "it applies: only effects that make mana of a color of the player's choice take one "
        "(616.1).",
    ),
    "ambiguous_effect_key": _q(
        "An id that names an effect too",
        "A source with several replacement effects on one event has them named `<id>#<n>` in "
        "`replacement_order` and `replacement_choices` (616.1); another object in the state has "
        "one of those names as its id. Give one of them another id.",
    ),
    "duplicate_replacement_source": _q(
        "Named twice", "Name each source once in `replacement_order`."
    ),
    "too_much_mana": _q("Too much mana", "The amount of mana exceeds what the engine counts."),
    "too_many_replacement_effects": _q(
        "Too many replacement effects", "At most 1,000 replacement effects on one mana event."
    ),
    "too_complex": _q("Too complex", "The question would take more work than one request may use."),
    # -- reveal-until and the mulligan --
    "missing_field": _q("A field is missing", "The mode asked for needs the field named."),
    "unexpected_field": _q("A field doesn't belong", "The field named is for the other mode."),
    "invalid_mode": _q("Unknown mode", "Use `reveal` or `cascade`."),
    "invalid_value": _q("Invalid value", "The value is out of range for this question."),
    "invalid_action": _q(
        "Not now", "That mulligan action isn't possible in the state sent; the detail says why."
    ),
    "inconsistent_state": _q(
        "Inconsistent state",
        "The state sent can't happen in a game: a mulligan's hand sizes that don't add up, a "
        "player attacked outside combat, two legendary permanents of one name under one "
        "controller. The detail says which and what to change.",
    ),
    "unused_field": _q("Unused field", "That field only goes with another action."),
}

GENERIC = ProblemPage(
    0,
    "A problem with the request",
    "The response's `detail` says what went wrong and `errors` names the field.",
)


def page_for(code: str) -> ProblemPage:
    """The page of a code; `http_NNN` codes (plain HTTP errors) get a generic one."""
    known = PROBLEMS.get(code)
    if known is not None:
        return known
    status = int(code[5:]) if code.startswith("http_") and code[5:].isdigit() else 0
    return GENERIC._replace(status=status)
