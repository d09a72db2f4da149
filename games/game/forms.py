"""Forms of the game screen: moves, the commands around the board, the sandbox tools, the
chat and the history's step.

They parse what the browser sent into numbers and choices, and name bad input with the
same messages the services use; whether the move is allowed is the services' call.
"""
from django import forms

from games.services import DICTATE_MESSAGES, ENGINE_MESSAGES, TOOL_MESSAGES, errors
from games.services.board import ATTRIBUTES

CHOOSE_CARD = ENGINE_MESSAGES["bad_position"]
CHOOSE_MODE = ENGINE_MESSAGES["bad_mode"]
CHOOSE_ACTION = "Choose Play, Discard or Preview."
CHOOSE_TOOL = "Choose one of the sandbox tools."
CHOOSE_KIND = "Choose whether the computer plays or discards the card."


def _messages(message: str) -> dict:
    """The same message for every way a field can be wrong."""
    return {code: message for code in ("required", "invalid", "invalid_choice", "min_value",
                                       "max_value", "null_characters_not_allowed")}


def _slot_field(message: str, *, required=False) -> forms.IntegerField:
    return forms.IntegerField(required=required, min_value=1, max_value=8,
                              error_messages=_messages(message))


def _mode_field() -> forms.IntegerField:
    return forms.IntegerField(required=False, min_value=0, error_messages=_messages(CHOOSE_MODE))


class _SharedFields(dict):
    """A form class's fields, which its forms share instead of each taking a deep copy."""

    def __deepcopy__(self, memo):
        return dict(self)


def shared_fields(form_class):
    """For a form that is only read (parsed, never drawn by Django, its fields never changed
    per form): Django deep-copies every field for every form, 2.7 % of a server process at
    think time 0 for the hand form's five (py-spy). A field's ``clean`` keeps no state.

    The bound fields that cleaning makes are dropped once it is done: each refers back to
    its form, a reference cycle that left the form and its data to the garbage collector
    (marcomage/weak_request.py says why that matters); a form that is never drawn has no
    further use for them."""
    form_class.base_fields = _SharedFields(form_class.base_fields)
    clean_form = form_class.full_clean

    def full_clean(self):
        clean_form(self)
        self._bound_fields_cache.clear()
    form_class.full_clean = full_clean
    return form_class


class GameForm(forms.Form):
    """A post about one board: it carries the version of the game the page showed.

    A version that is not a number is a page we did not make: it is as stale as an old
    one. A missing version reaches the service, whose access step refuses it.
    """

    version = forms.IntegerField(required=False, min_value=0,
                                 error_messages=_messages(errors.STALE_PAGE))

    def first_error(self) -> str:
        """The message to show: the first problem, in the fields' order."""
        for problems in self.errors.values():
            return problems[0]
        return ""


# Each card with modes has its own mode list, named after its slot (mode_1...mode_8): only
# the chosen card's is read, by this one field (a form field per slot, made for every form,
# cost 2 % of a server process at think time 0: py-spy). Not a form attribute: the form's
# class would take it for a field of its own.
_SLOT_MODE = _mode_field()


@shared_fields
class MoveForm(GameForm):
    """The hand form: one chosen card (radio) or a card's own Play button, its mode, and
    the button pressed (Play, Discard or Preview)."""

    play_position = _slot_field(CHOOSE_CARD)
    position = _slot_field(CHOOSE_CARD)
    mode = _mode_field()
    action = forms.ChoiceField(required=False, error_messages=_messages(CHOOSE_ACTION),
                               choices=[("play", "Play"), ("discard", "Discard"),
                                        ("preview", "Preview")])
    field_order = ["play_position", "position", "mode", "action", "version"]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        # A card's own Play button names the card and the action at once.
        position = data.get("play_position") or data.get("position")
        if position is None:
            raise forms.ValidationError(CHOOSE_CARD, code="no_card")
        mode = _SLOT_MODE.clean(self.data.get(f"mode_{position}"))
        data["position"] = position
        data["mode"] = mode if mode is not None else (data.get("mode") or 0)
        data["action"] = "play" if data.get("play_position") else (data.get("action") or "play")
        return data


@shared_fields
class CommandForm(GameForm):
    """The buttons around the board (the computer's move, a substitute move, surrender…)."""


# ---------------------------------------------------------------- the sandbox tools
class SandboxForm(GameForm):
    tool = forms.ChoiceField(error_messages=_messages(CHOOSE_TOOL),
                             choices=[("card", "Put a card"), ("attribute", "Set an attribute"),
                                      ("hidden", "Hidden cards"), ("dictate", "Dictate")])


def _seat_field() -> forms.TypedChoiceField:
    return forms.TypedChoiceField(choices=[(0, "Yours"), (1, "The computer's")], coerce=int,
                                  error_messages=_messages(TOOL_MESSAGES["bad_seat"]))


class SandboxCardForm(SandboxForm):
    seat = _seat_field()
    position = _slot_field(TOOL_MESSAGES["bad_position"], required=True)
    # A number or (part of) a name: the service looks it up and names what is wrong.
    card = forms.CharField(required=False,
                           error_messages=_messages("Type a card's number or name."))


class SandboxAttributeForm(SandboxForm):
    seat = _seat_field()
    attribute = forms.ChoiceField(choices=ATTRIBUTES,
                                  error_messages=_messages(TOOL_MESSAGES["bad_attribute"]))
    value = forms.CharField(required=False, strip=True)

    def clean_value(self):
        """A whole number, or None: the allowed range depends on the game, so the service
        checks it and names it."""
        try:
            return int(self.cleaned_data["value"])
        except ValueError:
            return None


class SandboxHiddenForm(SandboxForm):
    pass


class SandboxDictateForm(SandboxForm):
    position = _slot_field(DICTATE_MESSAGES["bad_position"], required=True)
    action = forms.ChoiceField(choices=[("play", "Play"), ("discard", "Discard")],
                               error_messages=_messages(CHOOSE_KIND))
    mode = _mode_field()


SANDBOX_FORMS = {"card": SandboxCardForm, "attribute": SandboxAttributeForm,
                 "hidden": SandboxHiddenForm, "dictate": SandboxDictateForm}


def sandbox_form(data) -> SandboxForm:
    """The form of the tool the post names (the bare tool form when it names none)."""
    return SANDBOX_FORMS.get(data.get("tool"), SandboxForm)(data)


# ---------------------------------------------------------------- chat and history
class ChatForm(forms.Form):
    body = forms.CharField(max_length=1000, label="Message",
                           widget=forms.Textarea(attrs={"rows": 2, "maxlength": 1000}))


class StepForm(forms.Form):
    """?step= of the history page; anything but a number shows the latest step."""

    step = forms.IntegerField(required=False)

    def step_or(self, default: int) -> int:
        if self.is_valid() and self.cleaned_data["step"] is not None:
            return self.cleaned_data["step"]
        return default


class NextGameForm(forms.Form):
    """?after= of the next-game link: the game to skip (anything but a number: none)."""

    after = forms.IntegerField(required=False)

    def game_to_skip(self):
        return self.cleaned_data["after"] if self.is_valid() else None
