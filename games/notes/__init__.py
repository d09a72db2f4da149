"""Game notes: each player's private note on a game, kept under the board and on the
game's history page (services: games.services.notes)."""
