"""The game and its file: storage, the lock, atomic writes, corrections, damaged files."""
