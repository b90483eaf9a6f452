"""The camera in the Qt program: photos in, marker sheets out, the camera's
frames under the board (docs/camera.md). The arithmetic is tabletop_gui.camera's."""
