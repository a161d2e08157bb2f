"""`rulings migrate | openapi | serve | cards import | recompile | coverage`: the one-shot steps an
operator runs."""

from __future__ import annotations

import argparse
import json
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulings")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser(
        "migrate",
        help="upgrade the database to the latest schema, load the catalog and, where this "
        "release's compiler reads rules text differently, compile imported cards again",
    )
    sub.add_parser("openapi", help="print the OpenAPI document")
    serve_cmd = sub.add_parser("serve", help="migrate if configured, then serve with uvicorn")
    serve_cmd.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "1")))
    cards_cmd = sub.add_parser("cards", help="the card catalog")
    cards_sub = cards_cmd.add_subparsers(dest="cards_command", required=True)
    import_cmd = cards_sub.add_parser(
        "import",
        help="import MTGJSON AtomicCards or Scryfall bulk data (.json or .json.gz), all or nothing",
    )
    import_cmd.add_argument("path", help="the file; its format is told from its content")
    import_cmd.add_argument("--json", action="store_true", help="print a JSON summary")
    recompile_cmd = cards_sub.add_parser(
        "recompile",
        help="compile every imported card's stored rules text again, all or nothing",
    )
    recompile_cmd.add_argument("--json", action="store_true", help="print a JSON summary")
    coverage_cmd = cards_sub.add_parser(
        "coverage", help="how much of a corpus' rules text the compiler understands"
    )
    coverage_cmd.add_argument(
        "path",
        nargs="?",
        help="an MTGJSON-like file (AtomicCards, list); without it, the database's imported cards",
    )
    coverage_cmd.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)

    if args.command == "cards" and args.cards_command == "import":
        from app.catalog.import_cli import run_import

        return run_import(args.path, as_json=args.json)
    if args.command == "cards" and args.cards_command == "recompile":
        return _recompile(as_json=args.json)
    if args.command == "cards" and args.cards_command == "coverage":
        from app.catalog.compile.cli import coverage

        return coverage(args.path, as_json=args.json)

    if args.command == "migrate":
        from app.catalog.sources import ImportProblem
        from app.db.migrate import migrate
        from app.db.session import Database
        from app.settings import get_settings

        db = Database(get_settings().database_url)
        try:
            count = migrate(db.engine, stale="recompile")
        except ImportProblem as exc:
            print(
                f"migrated, but the imported cards were not compiled again: {exc}", file=sys.stderr
            )
            return 1
        finally:
            db.dispose()
        print(f"migrated; {count} cards in the catalog", file=sys.stderr)
        return 0
    if args.command == "openapi":
        os.environ.setdefault("RULINGS_MIGRATE_ON_STARTUP", "false")
        from app.main import create_app

        print(json.dumps(create_app().openapi(), indent=2, sort_keys=False, ensure_ascii=False))
        return 0
    if args.command == "serve":
        from app.serve import serve

        serve(
            os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "8000")), args.workers
        )
        return 0
    return 2  # pragma: no cover


def _recompile(*, as_json: bool) -> int:
    """`rulings cards recompile`: on the configured database, migrated first."""
    from app.catalog.recompile import recompile
    from app.catalog.sources import ImportProblem
    from app.db.migrate import migrate
    from app.db.session import Database
    from app.settings import get_settings

    db = Database(get_settings().database_url)
    try:
        migrate(db.engine, stale="leave")
        done = recompile(db.engine)
    except ImportProblem as exc:
        print(f"nothing was recompiled: {exc}", file=sys.stderr)
        return 1
    finally:
        db.dispose()
    if as_json:
        print(json.dumps(done.to_json(), indent=2))
    else:
        print(
            f"compiled {done.cards} imported cards again: {done.updated} updated, "
            f"{done.cards - done.updated} unchanged (compiler {done.compiler_before or 'unknown'} "
            f"-> {done.compiler}, {done.seconds:.1f} s)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
