"""Tabletop Simulator saves out and in (docs/file-format.md, "Tabletop Simulator
saves"): ``mapping`` (board inches and facings to TTS's table), ``write`` (a game
as a save, its files beside it), ``read`` (a save read safely), ``match`` (which
object is which piece), ``memory`` (the mappings the user chose, remembered),
``replay`` (a save read into a game as moves) and ``importer`` (the registry's
entry). Qt-free: the board picture is drawn by ``app.export.tts_board``."""
