"""The Jinja2 environment: every template autoescaped, so no client-sent text (a card name sent
in an inline `definition`) is ever markup."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import ChainableUndefined, Environment, FileSystemLoader, select_autoescape

TEMPLATES = Path(__file__).with_name("templates")


@lru_cache
def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        # Stored rulings of older shapes may lack a key: render nothing there, never a 500.
        undefined=ChainableUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
