"""Forms of the settings page: the public profile, the preferences and the avatar."""
import datetime
import zoneinfo
from functools import lru_cache

from django import forms

from marcomage.plumbing.plain_text import NameValidator, TextValidator
from marcomage.plumbing.widgets import LongSelect
from players.models import PlayerSettings
from players.profiles.countries import COUNTRY_CHOICES

from . import backgrounds

AUTO_REFRESH_CHOICES = [(0, "Off"), (30, "Every 30 seconds"), (60, "Every minute"),
                        (120, "Every 2 minutes"), (300, "Every 5 minutes"),
                        (600, "Every 10 minutes")]
CARDS_PER_ROW_CHOICES = [(n, str(n)) for n in range(4, 13)]


@lru_cache(maxsize=1)
def timezone_choices():
    zones = sorted(z for z in zoneinfo.available_timezones()
                   if "/" in z and not z.startswith(("Etc/", "SystemV/", "posix/", "right/")))
    return [("UTC", "UTC")] + [(z, z.replace("_", " ")) for z in zones]


class ProfileForm(forms.ModelForm):
    country = forms.ChoiceField(choices=COUNTRY_CHOICES, required=False, widget=LongSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["real_name"].validators.append(NameValidator("real name"))
        self.fields["hobbies"].validators.append(TextValidator("hobbies"))

    class Meta:
        model = PlayerSettings
        fields = ["real_name", "country", "birthdate", "gender", "hobbies"]
        labels = {"real_name": "Real name", "birthdate": "Birth date",
                  "hobbies": "Hobbies and interests"}
        widgets = {"birthdate": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "hobbies": forms.Textarea(attrs={"rows": 3, "maxlength": 500})}
        help_texts = {"real_name": "Everything in this part is optional and visible to all "
                                   "players."}

    def clean_birthdate(self):
        value = self.cleaned_data.get("birthdate")
        if value is None:
            return value
        today = datetime.date.today()
        if value > today:
            raise forms.ValidationError("A birth date cannot be in the future.")
        if value.year < 1900:
            raise forms.ValidationError("Please check the year of the birth date.")
        return value

    def clean_hobbies(self):
        return self.cleaned_data.get("hobbies", "").strip()


class BackgroundSelect(forms.Select):
    """The backgrounds' list, with small pictures of the imported ones under it."""

    template_name = "players/widgets/background_select.html"

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["previews"] = backgrounds.previews()
        return context


class PreferencesForm(forms.ModelForm):
    """Display, layout and behaviour options."""

    # The site's own backgrounds and the imported ones that exist now (the model accepts any
    # imported number: the imports change without the rows).
    game_background = forms.ChoiceField(
        label="Game background", choices=backgrounds.choices, widget=BackgroundSelect,
        help_text="The picture behind the game board: one of ours, or one of the original "
                  "game's backgrounds when the site has them.",
        error_messages={"invalid_choice": "That background is not one of those listed; "
                                          "please choose again."})
    timezone = forms.ChoiceField(label="Time zone", choices=timezone_choices, widget=LongSelect,
                                 help_text="Every date and time on the site is shown in it.")
    auto_refresh = forms.TypedChoiceField(label="Auto refresh", coerce=int,
                                          choices=AUTO_REFRESH_CHOICES)
    cards_per_row = forms.TypedChoiceField(label="Cards per row", coerce=int,
                                           choices=CARDS_PER_ROW_CHOICES)

    class Meta:
        model = PlayerSettings
        fields = [
            "status", "timezone", "skin", "game_background", "players_filter", "auto_refresh",
            "cards_per_row", "advanced_games_list", "show_card_images", "keyword_insignias",
            "hide_card_pool", "play_card_buttons", "nationality_in_list", "reverse_chat_order",
            "integrated_chat", "avatars_in_game", "avatars_in_list", "mini_card_flags",
            "old_card_appearance", "board_animations", "battle_reports", "forum_notifications",
            "concepts_notifications", "random_deck_selection", "unique_game_opponent",
            "auto_ai_move", "ai_level", "allow_spectators",
        ]
        labels = {
            "status": "Your status",
            "skin": "Skin",
            "players_filter": "Players list shows at first",
            "advanced_games_list": "Advanced games list",
            "show_card_images": "Show card pictures",
            "keyword_insignias": "Show keywords as insignias",
            "hide_card_pool": "Hide the card pool in the deck builder at first",
            "play_card_buttons": "Play buttons under each card",
            "nationality_in_list": "Show nationality in the players list",
            "reverse_chat_order": "Reverse chat order (oldest line first)",
            "integrated_chat": "Chat inside the game screen",
            "avatars_in_game": "Show avatars in games",
            "avatars_in_list": "Show avatars in the players list",
            "mini_card_flags": "Small new/revealed flags on cards",
            "old_card_appearance": "Old card appearance",
            "board_animations": "Animations on the game board",
            "battle_reports": "Send me battle reports",
            "forum_notifications": "Tell me about new forum posts",
            "concepts_notifications": "Tell me about new card concepts",
            "random_deck_selection": "Random deck selection",
            "unique_game_opponent": "Only one game at a time with the same opponent",
            "auto_ai_move": "Let the computer move by itself in AI games",
            "ai_level": "Computer's level",
            "allow_spectators": "Let other players watch my games",
        }
        help_texts = {
            "status": "Other players see it in the players list and can filter by it.",
            "skin": "The colours of the whole site. Automatic picks Parchment or Night to "
                    "match your device's light or dark mode.",
            "old_card_appearance": "Compact cards that put the name, cost and text first, "
                                   "without the picture.",
            "board_animations": "The played card moving to the table, numbers counting, "
                                "damage flashing. Off by itself when your device asks for "
                                "reduced motion.",
            "auto_refresh": "How often the players list and your inbox reload by themselves, "
                            "and the games list fetches its lists (on its own schedule when "
                            "Off). The game screen is live: it uses this only while its live "
                            "updates are offline.",
            "cards_per_row": "Cards in one row of the deck builder's card pool.",
            "advanced_games_list": "Adds the game modes, when the opponent was last seen "
                                   "and the last move to the games list.",
            "ai_level": "How strong the computer plays in a quick game, and the level offered "
                        "first when you start a game against it.",
            "allow_spectators": "Spectators see the board as anybody may: never your unrevealed "
                                "cards in hidden-cards games. Off: nobody can watch a game you "
                                "play.",
            "battle_reports": "A message after each rated game, and when someone answers "
                              "your challenge.",
            "reverse_chat_order": "Without it the newest chat line is on top, right under the "
                                  "box you write in.",
            "random_deck_selection": "The challenge, host and computer game forms start with "
                                     "one of your complete decks picked at random (you can "
                                     "still choose another).",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # An imported background removed since is no choice any more: the form shows Plain,
        # as the board does.
        chosen = self.initial.get("game_background")
        if chosen not in {value for value, _ in backgrounds.choices()}:
            self.initial["game_background"] = PlayerSettings.Background.PLAIN


class AvatarForm(forms.Form):
    avatar = forms.FileField(label="New avatar", help_text=(
        "JPG, PNG or GIF, at most 10 kB. It is shrunk to 60 × 60 pixels."),
        widget=forms.ClearableFileInput(attrs={"accept": ".jpg,.jpeg,.png,.gif"}))


class BotAccountForm(forms.Form):
    """Turning the account into a bot cannot be undone: the player says so first."""

    confirm = forms.BooleanField(
        label="I understand: this account becomes a bot for good. It is marked “bot” "
              "everywhere, a program plays it through the API, and it cannot be turned back "
              "into a player's account.",
        error_messages={"required": "Tick the box to confirm: nothing was changed."})
