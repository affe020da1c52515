"""The referee: every rule judged, each case naming its rule and source."""
