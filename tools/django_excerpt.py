"""Rebuild tests/data/catalogs/django/ (a small excerpt, entries kept as written) from the
Django catalogs that ``make realdata`` put in the cache."""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fetch_realdata  # noqa: E402

SRC = fetch_realdata.django_dir() / "django"
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "catalogs" / "django"
PICK = {
    ("conf", "fr"): [
        "Enter a valid value.",
        "Ensure this value has at least %(limit_value)d character",
        "%(size)d byte",
        "Please correct the duplicate data for %(field_name)s which must be unique",
        "Enter a number.",
    ],
    ("conf", "ja"): [
        "Please correct the duplicate data for %(field_name)s which must be unique",
        "%(size)d byte",
        "Enter a valid value.",
    ],
    ("conf", "ar"): ["%(size)d byte", "Enter a valid value."],
    ("contrib/admin", "de"): [
        "The {name} “{obj}” was added successfully. You may add another {name} below.",
        "The {name} “{obj}” was added successfully.",
        "Delete selected %(verbose_name_plural)s",
    ],
    ("contrib/humanize", "ru"): ["an hour ago", "a minute ago", "%(value)s million"],
    ("contrib/humanize", "fr"): ["an hour ago", "%(value)s million"],
    # cap-consistency and cap-fix (make demo): one source translated two ways across the
    # admin's two catalogs, one translation of two sources, a leading indent lost
    ("contrib/admin", "fr"): ["Today", "Filter", "All dates", "Any date"],
    ("contrib/admin", "fr", "djangojs"): ["Today", "Filter"],
    ("contrib/admindocs", "fr"): ["\\n    View function"],
}


def blocks(text):
    return re.split(r"\n\s*\n", text.strip("\n"))


def msgid_text(block):
    m = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
    if not m:
        return ""
    return "".join(re.findall(r'"(.*)"', m.group(1)))


def main() -> None:
    for (app, loc, *domain), wanted in PICK.items():
        name = f"{domain[0] if domain else 'django'}.po"
        src = SRC / app / "locale" / loc / "LC_MESSAGES" / name
        bs = blocks(src.read_text(encoding="utf-8"))
        header = next(b for b in bs if msgid_text(b) == "" and "msgstr" in b)
        chosen = [header]
        for w in wanted:
            found = [
                b for b in bs if msgid_text(b).startswith(w) and not b.lstrip().startswith("#~")
            ]
            assert found, (app, loc, w)
            chosen.append(found[0])
        dest = OUT / app.replace("contrib/", "") / loc / "LC_MESSAGES" / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text("\n\n".join(chosen) + "\n", encoding="utf-8")
        print(dest, len(chosen) - 1)
    (OUT / "LICENSE").write_text(
        (SRC.parent / "LICENSE").read_text(encoding="utf-8"), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
