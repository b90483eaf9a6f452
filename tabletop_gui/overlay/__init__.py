"""The overlay for streaming programs (no Qt): the server (``server``), what it
serves handed between threads (``hub``) and the pages (``assets/``). The board
picture and the score are made by the program's drawing side and published to
the hub (``tabletop_gui.app.stream.overlay_feed``)."""
