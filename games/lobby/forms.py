"""Forms of the lobby: challenges, hosted games, games against the computer.

They parse input; the services decide what is allowed.
"""
import random

from django import forms

from decks.models import Deck
from games.ai_ratings.selectors import ai_level_ratings, ai_level_ratings_line
from games.models import TURN_TIMEOUTS
from players.models import AI_LEVEL_CHOICES


def _timeout_label(seconds):
    if seconds == 0:
        return "No time limit"
    if seconds < 3600:
        return f"{seconds // 60} minutes"
    hours = seconds // 3600
    return "1 hour" if hours == 1 else f"{hours} hours"


TIMEOUT_CHOICES = [(s, _timeout_label(s)) for s in TURN_TIMEOUTS]

# The computer's deck choice "a random one of my decks".
RANDOM_OWN = "random-own"


class DeckChoiceForm(forms.Form):
    deck = forms.ModelChoiceField(queryset=Deck.objects.none(), label="Your deck",
                                  empty_label=None,
                                  error_messages={"invalid_choice": "Choose one of your complete "
                                                                    "decks."})

    def __init__(self, *args, player=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deck"].queryset = (Deck.objects.filter(player=player, is_ready=True)
                                        .order_by("name"))
        # "Random deck selection" (a setting): a new form starts on a deck picked at random.
        if not self.is_bound and player is not None and player.settings.random_deck_selection:
            self.fields["deck"].initial = random_ready_deck(self.fields["deck"].queryset)


def random_ready_deck(decks):
    """The id of one of ``decks`` (a queryset or a list of decks) at random, or None."""
    ids = ([deck.pk for deck in decks] if isinstance(decks, list)
           else list(decks.values_list("pk", flat=True)))
    return random.choice(ids) if ids else None


class GameModesForm(DeckChoiceForm):
    hidden = forms.BooleanField(required=False, label="Hidden cards",
                                help_text="Each player sees only the opponent's revealed cards.")
    friendly = forms.BooleanField(required=False, label="Friendly play",
                                  help_text="The result does not count for score, experience "
                                            "or gold.")
    long_mode = forms.BooleanField(required=False, label="Long mode",
                                   help_text="Taller towers and walls, longer games.")
    turn_timeout = forms.TypedChoiceField(choices=TIMEOUT_CHOICES, coerce=int, initial=0,
                                          label="Turn time limit",
                                          help_text="After it runs out the waiting player may "
                                                    "let the computer play the late turn.")


class ChallengeForm(GameModesForm):
    opponent = forms.CharField(max_length=150, label="Opponent")
    message = forms.CharField(required=False, max_length=1000, label="Message (optional)",
                              widget=forms.Textarea(attrs={"rows": 3}))
    field_order = ["opponent", "deck", "hidden", "friendly", "long_mode", "turn_timeout",
                   "message"]

    @staticmethod
    def initial_from(query) -> dict:
        """The form's first values from a link's query (a profile's "Challenge", the end
        screen's "Challenge ... again"): ``to``, the modes (``hidden``, ``friendly``,
        ``long_mode`` as 1), ``turn_timeout`` (one of its choices) and ``deck`` (an id). What
        is not one of these is left out; the form checks the rest when it is sent."""
        initial = {"opponent": query.get("to", "")[:150]}
        for mode in ("hidden", "friendly", "long_mode"):
            if query.get(mode) == "1":
                initial[mode] = True
        timeout = query.get("turn_timeout", "")
        if timeout.isdigit() and int(timeout) in TURN_TIMEOUTS:
            initial["turn_timeout"] = int(timeout)
        deck = query.get("deck", "")
        if deck.isdigit() and len(deck) < 12:
            initial["deck"] = int(deck)
        return initial


class HostForm(GameModesForm):
    pass


# What each level of the computer is like, for the form's help text (docs/ai.md).
AI_LEVEL_HELP = ("Easy: for newcomers, it often settles for a lesser move. Standard: the "
                 "classic computer opponent. Hard and Expert: they think ahead over the cards "
                 "you might hold (never peeking at them); Expert thinks longest.")


class AIGameForm(DeckChoiceForm):
    level = forms.ChoiceField(
        label="Computer's level", choices=AI_LEVEL_CHOICES, initial="standard",
        help_text=AI_LEVEL_HELP,
        error_messages={"invalid_choice": "Choose one of the computer's levels: Easy, "
                                          "Standard, Hard or Expert."})
    ai_deck = forms.ChoiceField(label="Computer's deck", initial="starter",
                                error_messages={"invalid_choice": "Choose a starter deck, a "
                                                                  "random one of your decks or "
                                                                  "one of your complete decks."})
    hidden = forms.BooleanField(required=False, label="Hidden cards")
    long_mode = forms.BooleanField(required=False, label="Long mode")

    def __init__(self, *args, player=None, **kwargs):
        super().__init__(*args, player=player, **kwargs)
        if player is not None:  # the level chosen in the settings comes first
            self.fields["level"].initial = player.settings.ai_level
        ratings = ai_level_ratings()
        if ratings:  # how strong each level measured (manage.py ai_ratings)
            self.fields["level"].help_text = (
                f"{AI_LEVEL_HELP} Ratings from games among the levels: "
                f"{ai_level_ratings_line(ratings)}.")
        self._own_decks = list(self.fields["deck"].queryset)
        own = [(str(d.pk), f"My deck: {d.name}") for d in self._own_decks]
        # The manual: the computer may get one of the player's decks "by either random or
        # manual selection".
        self.fields["ai_deck"].choices = ([("starter", "A random starter deck")]
                                          + ([(RANDOM_OWN, "A random one of my decks")]
                                             if own else []) + own)

    def clean_ai_deck(self):
        """None for a random starter deck, else the id of one of the player's decks."""
        choice = self.cleaned_data["ai_deck"]
        if choice == "starter":
            return None
        if choice == RANDOM_OWN:
            return random_ready_deck(self._own_decks)
        return int(choice)



class AIChallengeForm(DeckChoiceForm):
    challenge = forms.ChoiceField(label="Challenge")

    def __init__(self, *args, challenges=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["challenge"].choices = list(challenges)
