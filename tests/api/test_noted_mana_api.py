"""Mana noted for a permanent through HTTP: `noted_mana` on a battlefield entry, a 422 naming
it when the ability needs it. The card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

URN = definition(
    "Tallying Urn",
    "{T}, Remove a tally counter from ~: Add ~'s last noted type and amount of mana.",
    ["Artifact"],
    "{3}",
)


def test_the_noted_mana_is_added(sqlite_client: TestClient) -> None:
    assert URN["support"] == "full"
    s = state(inline("u", URN, counters={"tally": 1}, noted_mana="{B}{B}"))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "u"})
    assert r["answer"]["total"] == "{B}{B}"


def test_the_noted_mana_is_asked_for(sqlite_client: TestClient) -> None:
    s = state(inline("u", URN, counters={"tally": 1}))
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "u"})
    assert_problem(r, ["body", "state", "battlefield", 0, "noted_mana"], "noted_mana_required")
    bad = state(inline("u", URN, counters={"tally": 1}, noted_mana="{2}"))
    assert sqlite_client.post(ACT, json={"state": bad, "permanent_id": "u"}).status_code == 422
