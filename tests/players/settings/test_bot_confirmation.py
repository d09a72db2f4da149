"""Making the account a bot cannot be undone: the settings page asks for a confirmation
that says what changes, and the server refuses the switch without it (no JavaScript)."""
import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_switch_says_what_changes_and_needs_a_ticked_box(carol, client_of):
    page = client_of(carol).get(reverse("players:settings")).content.decode()
    form = page.split('id="bot-account-form"', 1)[1].split("</form>", 1)[0]
    assert 'type="checkbox" name="bot-confirm"' in form and "required" in form
    assert "cannot be turned back" in form and "a program plays it through the API" in form


@pytest.mark.parametrize("data", [{}, {"bot-confirm": ""}, {"confirm": "on"}])
def test_without_the_confirmation_nothing_changes(carol, client_of, data):
    response = client_of(carol).post(reverse("players:bot_account"), data)
    assert response.status_code == 400
    assert "Tick the box to confirm: nothing was changed." in response.content.decode()
    carol.refresh_from_db()
    assert not carol.is_bot


def test_with_the_confirmation_the_account_becomes_a_bot(carol, client_of):
    response = client_of(carol).post(reverse("players:bot_account"), {"bot-confirm": "on"})
    assert response.status_code == 302
    carol.refresh_from_db()
    assert carol.is_bot
