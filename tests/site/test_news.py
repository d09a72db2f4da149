"""News: staff write it in the admin; visitors read what is published, on the front page
and in the archive, with its BBCode rendered safely."""
from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from marcomage.models import NewsItem
from marcomage.site.news.selectors import FRONT_PAGE_ITEMS, news_latest, news_published
from marcomage.site.news.views import ITEMS_PER_PAGE

pytestmark = pytest.mark.django_db


def news(title, *, published=True, ago=timedelta(hours=1), body="Some text", author=None):
    return NewsItem.objects.create(title=title, body=body, is_published=published,
                                   published_at=timezone.now() - ago, author=author)


def test_only_published_news_whose_time_has_come_are_shown(client):
    news("Out now")
    news("A draft", published=False)
    news("Scheduled", ago=-timedelta(days=1))
    assert [item.title for item in news_published()] == ["Out now"]
    for url in (reverse("home"), reverse("news")):
        html = client.get(url).content.decode()
        assert "Out now" in html
        assert "A draft" not in html and "Scheduled" not in html


def test_front_page_shows_the_latest_few_newest_first(client, alice, client_of):
    for n in range(FRONT_PAGE_ITEMS + 2):
        news(f"Item number {n}", ago=timedelta(days=n))
    titles = [item.title for item in news_latest()]
    assert titles == [f"Item number {n}" for n in range(FRONT_PAGE_ITEMS)]
    for viewer in (client, client_of(alice)):
        html = viewer.get(reverse("home")).content.decode()
        assert "Item number 0" in html and f"Item number {FRONT_PAGE_ITEMS}" not in html
        assert html.index("Item number 0") < html.index("Item number 1")
        assert f'href="{reverse("news")}"' in html


def test_front_page_without_news_says_so(client):
    assert "No news yet." in client.get(reverse("home")).content.decode()


def test_archive_pages_through_every_item(client):
    total = ITEMS_PER_PAGE + 3
    for n in range(total):
        news(f"Archived {n:02d}", ago=timedelta(days=n))
    first = client.get(reverse("news")).content.decode()
    second = client.get(reverse("news") + "?page=2").content.decode()
    assert first.count('class="news-item panel"') == ITEMS_PER_PAGE
    assert second.count('class="news-item panel"') == 3
    assert "Archived 00" in first and f"Archived {total - 1}" in second
    assert "Page 1 of 2" in first and 'rel="next"' in first and 'rel="prev"' in second
    # a page number out of range or junk shows a real page, never an error
    assert "Archived 00" in client.get(reverse("news") + "?page=abc").content.decode()
    assert f"Archived {total - 1}" in client.get(reverse("news") + "?page=999").content.decode()


def test_news_body_bbcode_is_rendered_and_sanitised(client, alice):
    news("Formatted", author=alice.user,
         body="[b]Bold[/b] [url=javascript:alert(1)]bad[/url] <script>alert(2)</script> "
              "[link=/help/]rules[/link]")
    html = client.get(reverse("news")).content.decode()
    assert "<b>Bold</b>" in html and '<a href="/help/"' in html
    assert "javascript:" not in html and "<script>alert(2)" not in html
    assert "&lt;script&gt;" in html
    assert "· alice" in html


def test_the_archive_answers_only_get(client):
    assert client.post(reverse("news")).status_code == 405


@pytest.fixture
def staff(carol):
    carol.user.is_staff = True
    carol.user.save()
    return carol


def test_players_who_are_not_staff_cannot_reach_the_news_admin(alice, client_of):
    url = reverse("admin:marcomage_newsitem_add")
    for client in (Client(), client_of(alice)):
        response = client.post(url, {"title": "Hacked", "body": "x", "is_published": "on"})
        assert response.status_code == 302 and response.url.startswith(reverse("admin:login"))
    assert not NewsItem.objects.exists()


def test_staff_without_the_permission_cannot_write_news(staff, client_of):
    response = client_of(staff).get(reverse("admin:marcomage_newsitem_add"))
    assert response.status_code == 403


def test_staff_with_the_permission_write_news_signed_with_their_name(staff, alice, client_of):
    staff.user.user_permissions.add(*Permission.objects.filter(
        content_type__app_label="marcomage", codename__in=["add_newsitem", "view_newsitem",
                                                            "change_newsitem"]))
    client = client_of(staff)
    now = timezone.now()
    response = client.post(reverse("admin:marcomage_newsitem_add"), {
        "title": "New skins", "body": "Eight [b]new[/b] skins.", "is_published": "on",
        "published_at_0": now.strftime("%Y-%m-%d"), "published_at_1": "00:00:00"})
    assert response.status_code == 302, response.content.decode()[:2000]
    item = NewsItem.objects.get()
    assert item.author == staff.user and item.is_published
    assert "New skins" in Client().get(reverse("home")).content.decode()
    # the author stays whoever wrote it first, and cannot be forged through the form
    client.post(reverse("admin:marcomage_newsitem_change", args=[item.pk]), {
        "title": "New skins!", "body": "x", "is_published": "on", "author": str(alice.user.pk),
        "published_at_0": now.strftime("%Y-%m-%d"), "published_at_1": "00:00:00"})
    item.refresh_from_db()
    assert item.title == "New skins!" and item.author == staff.user
