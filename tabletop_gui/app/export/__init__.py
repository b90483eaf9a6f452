"""Pictures and paper: the headless render the CLI shares, exports, printing."""
