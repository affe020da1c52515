"""The house rules of the code: which subsystem may import which, no import cycle."""
