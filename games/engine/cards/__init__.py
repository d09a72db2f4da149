"""Card facts, definitions (defs_*.py) and the registry that loads them."""
