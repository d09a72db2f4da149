"""Short tutorial hints shown on the first pages a new player visits.

A hint shows while the player is in the tutorial (below level 10) and has not
closed it; closing is remembered in PlayerSettings.dismissed_hints. Other apps
show a hint with `{% load players_tags %}{% tutorial_hint "games" %}` after
adding its text here.
"""
HINTS = {
    "dashboard": "This is your home page. Start a game from the Games section; after each game "
                 "you gain experience, and every new level opens more of the site.",
    "games": "Pick one of the starter decks and play against the computer to learn the cards. "
             "While you are in the tutorial, games against the standard AI earn you experience.",
    "decks": "Here you build your own decks: 15 Common, 15 Uncommon and 15 Rare cards. New "
             "cards become available as your level rises.",
    "players": "The ladder ranks everybody by level and experience. Use the status filter to "
               "find people looking for a game, and the buttons to challenge or write to them.",
    "messages": "Your messages live here. The site writes to you too: battle reports after "
                "each game and a note whenever you reach a new level.",
    "settings": "Nothing here is required. Set your time zone so dates match your clock, and "
                "try the night skin if you play in the dark.",
    "shop": "Gold comes from new levels, end-of-game awards and achievements. Spend it on more "
            "game slots, deck slots or shiny foil cards.",
    "forum": "Ask about rules and decks, or just say hello. Threads with posts you have not "
             "read are marked, and the Forum link in the top bar tells you when there is news.",
    "concepts": "Got an idea for a card? Propose it here. The staff reviews every concept and "
                "marks it interesting, implemented or rejected.",
    "novels": "Stories from the world of the game. Read a chapter between two games; the arrow "
              "keys turn the pages.",
}
