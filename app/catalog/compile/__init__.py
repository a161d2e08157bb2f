"""Oracle text -> the engine's abilities (issue 11). See faces.compile_face."""

from app.catalog.compile.faces import CompiledFace, SentenceRecord, card_support, compile_face

__all__ = ["CompiledFace", "SentenceRecord", "card_support", "compile_face"]
