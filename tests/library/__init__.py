"""The library of finished games: archive, history, statistics."""
