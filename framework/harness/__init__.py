"""The harness: scenario files, replays, simulations, play at a terminal."""
