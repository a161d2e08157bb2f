"""What the API tests share: the problem+json check and small game-state builders."""

from __future__ import annotations

from typing import Any


def assert_problem(r: Any, loc: list[object], code: str, status: int = 422) -> None:
    """A problem+json answer (RFC 9457) whose errors name the field at `loc`."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == code
    assert problem["status"] == status
    assert {"type", "title", "detail"} <= problem.keys()
    assert loc in [e["loc"] for e in problem["errors"]]
    assert str(loc[-1]) in problem["detail"]


def perm(pid: str, card: str, controller: str = "alice", **kw: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **kw}


def state(
    *battlefield: dict[str, Any], effects: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return {
        "turn": 4,
        "active_player": "alice",
        "battlefield": list(battlefield),
        "effects": effects or [],
    }
