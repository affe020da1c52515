"""The public contract: help, languages, encodings, exit codes, the installed package."""
