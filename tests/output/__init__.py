"""Output: the console, text safety, hints, exports."""
