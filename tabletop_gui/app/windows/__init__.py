"""The main window and what it does with files, exports and the stream."""
