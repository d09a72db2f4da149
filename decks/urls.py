from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/new/", views.deck_create, name="create"),
    path("decks/import/", views.deck_import, name="import"),
    path("decks/help/", views.deck_help, name="help"),
    path("decks/<int:deck_id>/", views.deck_builder, name="builder"),
    path("decks/<int:deck_id>/take/", views.deck_take, name="take"),
    path("decks/<int:deck_id>/return/", views.deck_return, name="return"),
    path("decks/<int:deck_id>/rename/", views.deck_rename, name="rename"),
    path("decks/<int:deck_id>/reset/", views.deck_reset, name="reset"),
    path("decks/<int:deck_id>/note/", views.deck_note, name="note"),
    path("decks/<int:deck_id>/tokens/", views.deck_tokens, name="tokens"),
    path("decks/<int:deck_id>/delete/", views.deck_delete, name="delete"),
    path("decks/<int:deck_id>/export/", views.deck_export, name="export"),
    path("cards/", views.card_list, name="cards"),
    path("cards/keywords/", views.keyword_list, name="keywords"),
    path("cards/<int:card_id>/", views.card_detail, name="card_detail"),
]
