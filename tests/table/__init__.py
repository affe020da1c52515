"""`terts table`, the guided table mode."""
