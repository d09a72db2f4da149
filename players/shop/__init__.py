"""The shop: gold for game slots, deck slots and foil cards."""
