"""Effects on the board that the asked permanent's mana isn't subject to, said in the
explanation (a judge's "why isn't my Pale Moon doing anything?"): a replacement effect (614.1,
616.1), a triggered mana ability (603.2, 106.12a) or a granted mana ability (613.1f) whose own
words leave the permanent out gets a step naming it and whom it reaches."""

from __future__ import annotations

from app.domain.ruling import Step
from app.engine.activate import activate
from tests.engine.mana_helpers import E, P, board

# "All lands lose all abilities." (613.1f), newer than the chapter's grant.
STILLING = {
    "name": "Stilling Hush",
    "types": ["enchantment"],
    "abilities": [{"kind": "lose_all_abilities", "to": {"types": ["land"]}}],
}


def _texts(steps: list[Step], rule: str) -> list[str]:
    return [s.text for s in steps if rule in s.rules]


def test_a_replacement_on_nonbasic_lands_is_named_when_a_basic_taps() -> None:
    verdict = activate(board(P("f", "Forest"), effects=(E("pm", "Pale Moon", "bob"),)), "f")
    assert verdict.answer_data["total"] == "{G}"
    (text,) = _texts(verdict.steps, "614.1")
    assert text.startswith("Pale Moon (pm) replaces the mana of nonbasic lands")
    assert "Forest (f) isn't one now" in text


def test_a_trigger_on_its_controllers_mana_is_named_for_another_players_land() -> None:
    b = board(P("f", "Forest"), P("sun", "Caged Sun", "bob", chosen_color="G"))
    verdict = activate(b, "f")
    assert verdict.answer_data["total"] == "{G}"
    (text,) = _texts(verdict.steps, "603.2")
    assert text.startswith("Caged Sun (sun), controlled by bob, triggers on mana its controller")
    assert "Forest (f), controlled by alice, isn't one now" in text


def test_a_grant_that_no_longer_reaches_a_creature_taken_is_named() -> None:
    # 613.1b, 613.1f: bob now controls the Bears, and the Rite grants to alice's creatures.
    b = board(
        P("bear", "Grizzly Bears"),
        P("rite", "Cryptolith Rite"),
        effects=(E("aot", "Act of Treason", "bob", target="bear"),),
    )
    verdict = activate(b, "bear", choose="G")
    assert [r["code"] for r in verdict.answer_data["reasons"]] == ["no_mana_ability"]
    (text,) = _texts(verdict.steps, "613.1f")
    assert (
        "Cryptolith Rite (rite), controlled by alice, gives a mana ability to creatures you" in text
    )
    assert "Grizzly Bears (bear), controlled by bob, isn't one now" in text


def test_effects_that_apply_get_no_such_step() -> None:
    b = board(P("f", "Forest"), P("c", "Contamination"))
    verdict = activate(b, "f")
    assert verdict.answer_data["total"] == "{B}"
    assert not [s for s in verdict.steps if "isn't one now" in s.text]


def test_an_auras_effect_on_another_land_is_left_unsaid() -> None:
    # Wild Growth on another Forest watches only that one: no step about it here.
    b = board(P("f", "Forest"), P("g", "Forest"), P("wg", "Wild Growth", attached_to="g"))
    verdict = activate(b, "f")
    assert verdict.answer_data["total"] == "{G}"
    assert not [s for s in verdict.steps if "Wild Growth" in s.text]
    assert activate(b, "g").answer_data["total"] == "{G}{G}"


def test_a_copy_of_a_saga_whose_chapter_grant_a_newer_loss_removed_is_said_so() -> None:
    # 707.2: a copy of the Saga has its chapters; the entry of its chapter targets the copy,
    # and a newer "loses all abilities" removes what it gave (613.1f, 613.7).
    copier = {"id": "m", "controller": "alice", "copy_of": ["Quarry Chronicle"], "timestamp": 0,
              "definition": {"name": "Mirror Vault", "types": ["land"],
                             "abilities": [{"kind": "copy_effect", "by": "entering"}]}}  # fmt: skip
    hush = {"id": "h", "controller": "bob", "timestamp": 9, "definition": STILLING}
    chapter = E("c1", "Quarry Chronicle", target="m", timestamp=5)
    verdict = activate(board(copier, hush, effects=(chapter,)), "m")
    texts = [s.text for s in verdict.steps]
    assert not any("only through an effect it makes" in t for t in texts), texts
    assert any("(c1) gave Mirror Vault (m) a mana ability, but" in t for t in texts), texts
    # Without the entry, the step asks for one naming the copied card, not the copier.
    bare = activate(board(copier, hush), "m")
    (asked,) = [s.text for s in bare.steps if "only through an effect it makes" in s.text]
    assert "an entry of the state's effects naming Quarry Chronicle" in asked
