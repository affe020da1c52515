"""The terminal commands: each command's behaviour and refusals."""
