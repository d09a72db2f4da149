import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_register_log_out_and_log_in_again(page, live_server, screenshot, login):
    page.goto(f"{live_server.url}/")
    page.click("text=Register")
    page.fill("input[name=username]", "Newcomer")
    page.fill("input[name=password1]", "a-fine-long-secret")
    page.fill("input[name=password2]", "a-fine-long-secret")
    page.click("form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    assert page.locator(".nav-name").inner_text() == "Newcomer"
    assert "Your first duel awaits, Newcomer" in page.content()
    assert "Welcome back" not in page.content()
    screenshot("registered")
    assert get_user_model().objects.filter(username="Newcomer").exists()

    page.click("text=Log out")
    page.wait_for_selector("text=Log in")
    login("newcomer", "a-fine-long-secret")
    assert page.locator(".nav-name").inner_text() == "Newcomer"
    screenshot("home")


def test_register_shows_field_errors(page, live_server):
    page.goto(f"{live_server.url}/accounts/register/")
    page.fill("input[name=username]", "MArcomage")
    page.fill("input[name=password1]", "short")
    page.fill("input[name=password2]", "short")
    page.click("form button[type=submit]")
    assert page.locator(".field-error").first.is_visible()
    assert "reserved" in page.content()
