from django.urls import path

from . import views, views_art, views_shared

app_name = "decks"
urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/new/", views.deck_create, name="create"),
    path("decks/import/", views.deck_import, name="import"),
    path("decks/help/", views.deck_help, name="help"),
    path("decks/shared/", views_shared.shared_list, name="shared"),
    path("decks/shared/<int:deck_id>/", views_shared.shared_detail, name="shared_detail"),
    path("decks/shared/<int:deck_id>/import/", views_shared.shared_import, name="shared_import"),
    path("decks/<int:deck_id>/", views.deck_builder, name="builder"),
    path("decks/<int:deck_id>/take/", views.deck_take, name="take"),
    path("decks/<int:deck_id>/return/", views.deck_return, name="return"),
    path("decks/<int:deck_id>/rename/", views.deck_rename, name="rename"),
    path("decks/<int:deck_id>/reset/", views.deck_reset, name="reset"),
    path("decks/<int:deck_id>/note/", views.deck_note, name="note"),
    path("decks/<int:deck_id>/tokens/", views.deck_tokens, name="tokens"),
    path("decks/<int:deck_id>/delete/", views.deck_delete, name="delete"),
    path("decks/<int:deck_id>/import/", views.deck_import_into, name="import_into"),
    path("decks/<int:deck_id>/import/confirm/", views.deck_import_confirm,
         name="import_confirm"),
    path("decks/<int:deck_id>/export/", views.deck_export, name="export"),
    path("decks/<int:deck_id>/export/csv/", views.deck_export_csv, name="export_csv"),
    path("decks/<int:deck_id>/share/", views.deck_share, name="share"),
    path("decks/<int:deck_id>/statistics/reset/", views.deck_statistics_reset,
         name="statistics_reset"),
    path("cards/", views.card_list, name="cards"),
    path("cards/keywords/", views.keyword_list, name="keywords"),
    path("cards/<int:card_id>/", views.card_detail, name="card_detail"),
    path("cards/art/<str:filename>", views_art.art_file, name="art"),
    path("cards/<int:card_id>/picture-<str:version>.svg", views_art.card_picture,
         name="card_picture"),
]
