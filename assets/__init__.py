"""The bundled data (example games, help pages, the base table, icons, the
overlay's pages), installed into the package as ``tabletop_gui.assets``; read it
through ``tabletop_gui.bundled``."""
