"""Page-number pagination for every long list: ``?page=N&page_size=M``.

Bounded on both ends, so a silly page number is a 400 rather than a database error.
"""
from typing import Any

from ninja import Field, Schema
from ninja.pagination import PaginationBase

PAGE_SIZE = 25
PAGE_SIZE_MAX = 100
PAGE_MAX = 100_000


class ApiPagination(PaginationBase):
    class Input(Schema):
        page: int = Field(1, ge=1, le=PAGE_MAX)
        page_size: int = Field(PAGE_SIZE, ge=1, le=PAGE_SIZE_MAX)

    class Output(Schema):
        items: list[Any]
        count: int
        page: int
        page_size: int

    items_attribute = "items"

    def paginate_queryset(self, queryset, pagination: Input, **params) -> dict:
        offset = (pagination.page - 1) * pagination.page_size
        count = len(queryset) if isinstance(queryset, list | tuple) else queryset.count()
        return {"items": list(queryset[offset:offset + pagination.page_size]), "count": count,
                "page": pagination.page, "page_size": pagination.page_size}


class Mapped:
    """A queryset (or list) whose page is turned into answers only once it is cut out:
    ``Mapped(queryset, player_out)`` counts in SQL and maps the 25 rows of the page."""

    def __init__(self, items, fn):
        self.items, self.fn = items, fn

    def count(self) -> int:
        return len(self.items) if isinstance(self.items, list | tuple) else self.items.count()

    def __getitem__(self, window: slice) -> list:
        return [self.fn(item) for item in self.items[window]]
