"""The domain: cards, declarations, play, rulesets, numbers, the events' file form."""
