from django.contrib import admin

from players.moderation.admin_privacy import PrivateFieldsAdmin

from .lab import admin as lab_admin  # noqa: F401  (registers the card lab's models)
from .models import Concept, ConceptVisit
from .services import concept_render


@admin.register(Concept)
class ConceptAdmin(PrivateFieldsAdmin):
    list_display = ("name", "author", "rarity", "bricks", "gems", "recruits", "state",
                    "created_at", "modified_at")
    list_filter = ("state", "rarity", "created_at")
    search_fields = ("name", "author__user__username", "effect")
    list_select_related = ("author__user",)
    list_editable = ("state",)
    raw_id_fields = ("author", "thread")
    readonly_fields = ("effect_html", "created_at")
    date_hierarchy = "created_at"
    actions = ["mark_interesting", "mark_implemented", "mark_rejected", "mark_waiting"]

    def save_model(self, request, obj, form, change):
        concept_render(obj)  # keep the shown HTML in step with an edited effect
        super().save_model(request, obj, form, change)

    def _mark(self, request, queryset, state):
        count = queryset.update(state=state)
        self.message_user(request, f"{count} concept(s) marked {Concept.State(state).label}.")

    @admin.action(description="Mark as interesting")
    def mark_interesting(self, request, queryset):
        self._mark(request, queryset, Concept.State.INTERESTING)

    @admin.action(description="Mark as implemented")
    def mark_implemented(self, request, queryset):
        self._mark(request, queryset, Concept.State.IMPLEMENTED)

    @admin.action(description="Mark as rejected")
    def mark_rejected(self, request, queryset):
        self._mark(request, queryset, Concept.State.REJECTED)

    @admin.action(description="Mark as waiting")
    def mark_waiting(self, request, queryset):
        self._mark(request, queryset, Concept.State.WAITING)


@admin.register(ConceptVisit)
class ConceptVisitAdmin(PrivateFieldsAdmin):
    list_display = ("player", "seen_at")
    search_fields = ("player__user__username",)
    list_select_related = ("player__user",)
    raw_id_fields = ("player",)
