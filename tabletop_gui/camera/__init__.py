"""The table seen by a camera (no Qt): the printed marker convention, tag
detection, the board-to-image fit, tags to unit places, following a live table,
and synthetic photos for tests and benchmarks (docs/camera.md)."""
