"""Country names by ISO 3166 code, read from the time zone database that ships with tzdata."""
from importlib import resources


def _load() -> dict:
    try:
        text = resources.files("tzdata.zoneinfo").joinpath("iso3166.tab").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        try:
            with open("/usr/share/zoneinfo/iso3166.tab", encoding="utf-8") as f:
                text = f.read()
        except OSError:
            return {}
    names = {}
    for line in text.splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        code, name = line.split("\t", 1)
        names[code.strip().upper()] = name.strip()
    return names


COUNTRY_NAMES = _load()
COUNTRY_CHOICES = [("", "Not specified")] + sorted(
    COUNTRY_NAMES.items(), key=lambda item: item[1])
