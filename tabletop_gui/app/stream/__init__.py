"""What streamers show: the streamer window, its score bar and the stream PNG."""
