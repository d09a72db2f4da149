"""Roles: moderators (the Moderators group) moderate the forum and the concepts, administrators
keep everything, staff status alone moderates nothing; staff and moderators pass the
tutorial's section gates."""
import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from concepts.models import Concept
from concepts.services import concept_create
from forum import services as forum_services
from players import roles
from players.accounts.user_cache import CachedModelBackend

pytestmark = pytest.mark.django_db


def test_the_data_migration_made_the_moderators_group():
    group = Group.objects.get(name=roles.MODERATORS_GROUP)
    held = {f"{app}.{codename}" for app, codename in
            group.permissions.values_list("content_type__app_label", "codename")}
    assert held == set(roles.MODERATOR_PERMISSIONS)
    assert roles.BAN_ACCOUNTS not in held  # banning stays with the administrators


def test_who_holds_which_role(alice, mod, root, staffer):
    assert roles.is_moderator(mod) and roles.is_moderator(root)
    assert not roles.is_moderator(alice) and not roles.is_moderator(staffer)
    assert roles.player_has_permission(mod, roles.MUTE_PLAYERS)
    assert not roles.player_has_permission(mod, roles.BAN_ACCOUNTS)
    assert roles.player_has_permission(root, roles.BAN_ACCOUNTS)
    with pytest.raises(ValueError):
        roles.player_has_permission(root, "players.delete_player")
    mod.user.is_active = False  # a banned moderator moderates nothing
    assert not roles.is_moderator(mod)


def test_the_request_user_carries_its_roles(mod, django_assert_num_queries):
    """Role checks cost no query: the backend loads them with the user."""
    user = CachedModelBackend().get_user(mod.user.pk)
    with django_assert_num_queries(0):
        assert roles.user_has_permission(user, roles.MODERATE_FORUM)
        assert not roles.user_has_permission(user, roles.BAN_ACCOUNTS)
    cached = CachedModelBackend().get_user(mod.user.pk)  # from the cache, roles included
    with django_assert_num_queries(0):
        assert roles.user_has_permission(cached, roles.MODERATE_FORUM)


def test_loading_a_player_without_grants_asks_one_query_and_a_moderator_two(
        alice, mod, django_assert_num_queries):
    """The user's row says whether it has any permission or group; only then are the role
    permissions themselves looked up (their query is costly to plan)."""
    from django.core.cache import cache
    cache.clear()
    with django_assert_num_queries(1):
        user = CachedModelBackend().get_user(alice.user.pk)
        assert not roles.is_moderator(user.player)
    cache.clear()
    with django_assert_num_queries(2):
        user = CachedModelBackend().get_user(mod.user.pk)
        assert roles.is_moderator(user.player)


def test_a_permission_given_directly_counts(alice):
    from django.contrib.auth.models import Permission
    alice.user.user_permissions.add(Permission.objects.get(
        content_type__app_label="forum", codename="moderate_forum"))
    user = CachedModelBackend().get_user(alice.user.pk)
    assert roles.user_has_permission(user, roles.MODERATE_FORUM)
    assert not roles.user_has_permission(user, roles.REVIEW_CONCEPTS)


def test_leaving_the_moderators_forgets_the_cached_roles(mod):
    from django.contrib.auth.models import Group
    assert roles.user_has_permission(CachedModelBackend().get_user(mod.user.pk),
                                     roles.MODERATE_FORUM)
    mod.user.groups.remove(Group.objects.get(name="Moderators"))
    assert not roles.user_has_permission(CachedModelBackend().get_user(mod.user.pk),
                                         roles.MODERATE_FORUM)


@pytest.mark.parametrize("persona, allowed", [("mod", True), ("root", True),
                                              ("staffer", False), ("alice", False)])
def test_forum_moderation_follows_the_permission(request, client_of, alice, persona, allowed):
    actor = request.getfixturevalue(persona)
    thread = forum_services.thread_create(section="general", author=alice, title="Hello",
                                          body="text")
    response = client_of(actor).post(reverse("forum:thread_lock", args=[thread.pk]),
                                     {"locked": "1"})
    thread.refresh_from_db()
    assert thread.locked is allowed
    assert response.status_code == (302 if allowed else 403)
    page = client_of(actor).get(reverse("forum:thread", args=[thread.pk])).content.decode()
    assert (reverse("forum:thread_lock", args=[thread.pk]) in page) is allowed


@pytest.mark.parametrize("persona, allowed", [("mod", True), ("root", True),
                                              ("staffer", False), ("bob", False)])
def test_concept_review_follows_the_permission(request, client_of, alice, persona, allowed):
    actor = request.getfixturevalue(persona)
    alice.level = 10
    alice.save(update_fields=["level"])
    concept, _ = concept_create(author=alice, data={"name": "Owl", "rarity": "Common",
                                                    "effect": "+1 gem"})
    response = client_of(actor).post(reverse("concepts:state", args=[concept.pk]),
                                      {"state": "interesting", "feedback": "nice"})
    concept.refresh_from_db()
    assert (concept.state == Concept.State.INTERESTING) is allowed
    assert response.status_code in ((302,) if allowed else (403, 404))


@pytest.mark.parametrize("persona, opens", [("mod", True), ("staffer", True), ("root", True),
                                            ("alice", False)])
def test_staff_and_moderators_pass_the_tutorial_gates(request, client_of, persona, opens):
    actor = request.getfixturevalue(persona)
    assert actor.level == 0
    client = client_of(actor)
    for name in ("concepts:list", "games:statistics", "decks:list", "novels:library"):
        response = client.get(reverse(name))
        assert (response.status_code == 200) is opens, (name, response.status_code)
    nav = client.get(reverse("home")).content.decode()
    assert (f'href="{reverse("concepts:list")}"' in nav) is opens
