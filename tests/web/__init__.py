"""`terts serve`: the page and its HTTP routes."""
