"""Pages about the game and the site: modified cards, FAQ, credits and history."""
