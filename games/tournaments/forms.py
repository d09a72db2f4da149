"""Forms of the events: a new event, the deck to join with. They parse; the services
decide what is allowed (services.options_check, services.entry_deck)."""
from django import forms

from decks.models import Deck
from marcomage.plumbing.plain_text import NameValidator

from .models import (
    ARENA_MINUTES,
    EVENT_TURN_TIMEOUTS,
    SWISS_ROUND_MINUTES,
    SWISS_ROUNDS,
    DeckRule,
    Kind,
)
from .services import starter_choices

# When a player's event starts, counted from now (minutes).
STARTS_IN = (5, 10, 15, 30, 60, 120, 240, 480, 720, 1440, 2880)


def _count(number: int, unit: str) -> str:
    return f"{number} {unit}" if number == 1 else f"{number} {unit}s"


def minutes_label(minutes: int) -> str:
    if minutes < 60:
        return _count(minutes, "minute")
    hours, rest = divmod(minutes, 60)
    words = _count(hours, "hour")
    return f"{words} {_count(rest, 'minute')}" if rest else words


def seconds_label(seconds: int) -> str:
    return minutes_label(seconds // 60) if seconds >= 60 and not seconds % 60 else \
        _count(seconds, "second")


def _choices(values, label):
    return [(value, label(value)) for value in values]


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=60, min_length=3, label="Name",
                           validators=[NameValidator("event's name")])
    kind = forms.ChoiceField(choices=Kind.choices, label="Kind", initial=Kind.ARENA,
                             help_text="Arena: play as many games as you can in the time, "
                                       "paired again as soon as a game ends. Swiss: a fixed "
                                       "number of rounds against players with similar scores.")
    starts_in = forms.TypedChoiceField(choices=_choices(STARTS_IN, minutes_label), coerce=int,
                                       initial=15, label="Starts in")
    duration_minutes = forms.TypedChoiceField(
        choices=_choices(ARENA_MINUTES, minutes_label), coerce=int, initial=30,
        label="Arena: duration")
    rounds = forms.TypedChoiceField(choices=[(n, str(n)) for n in SWISS_ROUNDS], coerce=int,
                                    initial=5, label="Swiss: rounds")
    round_minutes = forms.TypedChoiceField(
        choices=_choices(SWISS_ROUND_MINUTES, minutes_label), coerce=int, initial=30,
        label="Swiss: time limit of a round",
        help_text="Games still running then are called off: a draw for the event.")
    turn_timeout = forms.TypedChoiceField(
        choices=_choices(EVENT_TURN_TIMEOUTS, seconds_label), coerce=int, initial=300,
        label="Turn time limit",
        help_text="A player who lets it run out loses the game.")
    deck_rule = forms.ChoiceField(choices=DeckRule.choices, initial=DeckRule.ANY,
                                  label="Decks")
    hidden = forms.BooleanField(required=False, label="Hidden cards")
    long_mode = forms.BooleanField(required=False, label="Long mode")
    rated = forms.BooleanField(required=False, initial=True, label="Rated",
                               help_text="Games give EXP and move the Glicko-2 rating; "
                                         "unticked, they are friendly.")
    min_level = forms.IntegerField(min_value=0, max_value=100, initial=0,
                                   label="Minimum level")
    max_players = forms.IntegerField(min_value=2, max_value=500, initial=100,
                                     label="Most players")
    bots_allowed = forms.BooleanField(required=False, label="Bots may join")

    def options(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("starts_in")
        return data


class JoinForm(forms.Form):
    deck = forms.ChoiceField(label="Your deck", error_messages={
        "invalid_choice": "Choose one of the decks offered."})

    def __init__(self, *args, tournament=None, player=None, **kwargs):
        super().__init__(*args, **kwargs)
        if tournament.deck_rule == DeckRule.STARTER:
            choices = starter_choices()
        else:
            choices = [(str(pk), name) for pk, name in Deck.objects.filter(
                player=player, is_ready=True).order_by("name").values_list("pk", "name")]
        self.fields["deck"].choices = choices
        self.has_choices = bool(choices)
