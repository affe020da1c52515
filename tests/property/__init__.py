"""Properties over random input: simulated deals, random libraries, random words."""
