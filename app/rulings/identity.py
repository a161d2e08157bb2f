"""What a ruling's id is made of: its kind, the rules version, the digests of the cards the
question names, and the canonical question (keys sorted; a game state in it is its
field-ordered JSON text, app/rulings/questions.state_question).

- The rules version is a digest of the *syntax tree* of the rules code (app/engine, app/domain)
  with docstrings removed: a change that could change an answer changes it, a comment or
  docstring edit doesn't (comments never reach the tree).
- A card's digest covers its canonical data (everything the engine reads, plus the imported
  rules text it will compile): re-importing a file re-keys exactly the questions about cards
  whose data changed, and the other rulings keep their ids. Old rulings stay readable by id.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.domain.card import Card
from app.rulings.json_text import canonical_json

_APP = Path(__file__).resolve().parents[1]
RULES_CODE = ("engine", "domain")

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _strip_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, _DOCUMENTED) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                # Keep a `pass` so a body that was only a docstring stays a valid tree.
                node.body = node.body[1:] or [ast.Pass()]
    return tree


def code_digest(files: Iterable[tuple[str, str]]) -> str:
    """Digest of (relative name, source) pairs by their syntax trees, docstrings left out."""
    h = hashlib.sha256()
    for name, source in sorted(files):
        tree = _strip_docstrings(ast.parse(source, filename=name))
        h.update(name.encode())
        h.update(b"\0")
        h.update(ast.dump(tree, annotate_fields=True, include_attributes=False).encode())
        h.update(b"\0")
    return h.hexdigest()[:12]


@lru_cache
def rules_version() -> str:
    files = [
        (f"{package}/{path.relative_to(_APP / package).as_posix()}", path.read_text("utf-8"))
        for package in RULES_CODE
        for path in sorted((_APP / package).rglob("*.py"))
    ]
    return code_digest(files)


def card_digest(card: Card) -> str:
    """Digest of a card's canonical data (its validated model, derived fields included)."""
    data = card.model_dump(mode="json")
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:16]


def ruling_id(
    kind: str, rules: str, card_digests: Iterable[str], question: dict[str, Any] | str
) -> str:
    """Content address of a question: kind, rules version, the sorted digests of the cards it
    names, and its canonical JSON (or the canonical text itself).

    SHA-256, where the alias key and the ETag use the faster BLAKE3 (app/rulings/fastpath.py):
    those two are caches and validators a new hash only renews, while a new id scheme would
    give every question asked before a second ruling, and a retry across the upgrade a new id
    (tests/catalog/test_identity.py pins it)."""
    canonical = question if isinstance(question, str) else canonical_json(question)
    digest = hashlib.sha256()
    for part in (kind, rules, ",".join(sorted(set(card_digests))), canonical):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]
