"""The one error a camera reading raises: its message names what and where."""


class CameraError(ValueError):
    """A photo, a frame or a calibration the program cannot use, with the reason."""
