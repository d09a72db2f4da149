"""Forum forms. Django's CharField already refuses NUL characters (PostgreSQL cannot
store them) with a field error; lengths match the models."""
from django import forms

from .models import POST_BODY_MAX, THREAD_TITLE_MAX, ForumThread
from .selectors import SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH

BBCODE_HELP = ("BBCode works here: [b]bold[/b], [i]italic[/i], [quote=name]…[/quote], "
               "[url]https://…[/url] and [link]/cards/[/link] for pages of this site.")


def _body_field(label="Message"):
    return forms.CharField(
        label=label, max_length=POST_BODY_MAX, help_text=BBCODE_HELP,
        widget=forms.Textarea(attrs={"rows": 8, "maxlength": POST_BODY_MAX}),
        error_messages={"required": "Write something first: the post is empty."})


class ThreadForm(forms.Form):
    title = forms.CharField(
        label="Title", max_length=THREAD_TITLE_MAX,
        widget=forms.TextInput(attrs={"maxlength": THREAD_TITLE_MAX, "autofocus": True}),
        error_messages={"required": "Give the thread a title."})
    body = _body_field("First post")


class PostForm(forms.Form):
    body = _body_field("Your reply")


class PostEditForm(forms.Form):
    """Editing a post; the title field is there only for a thread's first post."""

    title = forms.CharField(label="Thread title", max_length=THREAD_TITLE_MAX,
                            widget=forms.TextInput(attrs={"maxlength": THREAD_TITLE_MAX}))
    body = _body_field("Post")

    def __init__(self, *args, with_title=False, **kwargs):
        super().__init__(*args, **kwargs)
        if not with_title:
            del self.fields["title"]


class SearchForm(forms.Form):
    q = forms.CharField(
        label="Search the forum", min_length=SEARCH_MIN_LENGTH, max_length=SEARCH_MAX_LENGTH,
        strip=True,
        widget=forms.TextInput(attrs={"type": "search", "placeholder": "Words in titles or posts",
                                      "maxlength": SEARCH_MAX_LENGTH}),
        error_messages={
            "required": "Type what you are looking for.",
            "min_length": f"Please search for at least {SEARCH_MIN_LENGTH} characters.",
            "max_length": f"Please search for at most {SEARCH_MAX_LENGTH} characters.",
        })


class PriorityForm(forms.Form):
    priority = forms.ChoiceField(choices=ForumThread.Priority.choices)


class LockForm(forms.Form):
    locked = forms.TypedChoiceField(choices=[("1", "Lock"), ("0", "Unlock")],
                                    coerce=lambda value: value == "1")


class MoveForm(forms.Form):
    section = forms.CharField(max_length=40)

    def clean_section(self):
        from .selectors import section_by_slug

        section = section_by_slug(self.cleaned_data["section"])
        if section is None:
            raise forms.ValidationError("There is no such section.")
        return section
