"""Oracle text -> the engine's abilities (issue 11). See faces.compile_face."""

from app.catalog.compile.faces import CompiledFace, SentenceRecord, compile_face

__all__ = ["CompiledFace", "SentenceRecord", "compile_face"]
