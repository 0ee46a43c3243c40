"""``markup_integrity``: the source's HTML/XML tags and entities survive as the same balanced
tree, and — with ``params.markdown`` — its Markdown links, code spans and emphasis.

What is markup. Strings of software mix real tags with angle-bracket text (``<disk device>``,
``<file>`` in a usage line), so a tag counts as markup when its element is *evidently* markup
in that string: it has an end tag (``</b>``), is self-closing (``<br/>``), carries an
``attr=value`` attribute, or is ``br``/``hr``/``wbr``; every other tag of such an element is
then markup too. The candidate is read with the source's markup elements plus its own evident
ones, so an unclosed ``<b>`` or an invented ``<i>…</i>`` is seen. Element and attribute names
are compared as written (attribute names case-insensitively); comments are skipped. Entities
are ``&name;`` (HTML5 names), ``&#NNN;`` and ``&#xHH;``, compared by the character they stand
for (``&nbsp;`` ≡ ``&#160;``).

Codes, in precedence order:

* ``markup_malformed`` — a broken tag of a source element in the candidate: ``</ code>``,
  ``< b>``, ``<a href="x`` with no ``>``;
* ``markup_unbalanced`` — end tags that close nothing, misnesting (``<b><i></b></i>``) or tags
  left open, where the source is balanced;
* ``markup_tag_missing`` / ``markup_tag_extra`` — an element (or a lone end tag) the candidate
  has fewer / more times than the source;
* ``markup_attribute_changed`` — the n-th element of a name has other attribute names than in
  the source (and other values, for the attributes listed in ``params.values``);
* ``markup_entity_lost`` — an entity of the source occurs fewer times in the candidate (deleted,
  or turned into its character: evidence ``as_text``); entities the candidate adds are fine,
  and so is a dropped ``&amp;``, ``&lt;``, ``&gt;``, ``&quot;`` or ``&apos;`` whose character
  the candidate does not write raw instead (``&amp;`` translated as a word);
* with ``markdown: true``: ``markdown_link_changed`` (the multiset of link and image
  destinations differs, e.g. ``[text] (url)`` is no link), ``markdown_code_changed`` (code
  spans differ in number or content), ``markdown_emphasis_changed`` (the numbers of ``**…**``/
  ``__…__`` and ``*…*``/``_…_`` spans differ, e.g. ``** bold**`` is no emphasis).

Evidence: the failing parts (``malformed``, ``unbalanced``, ``missing``, ``extra``,
``attributes``, ``entities``, ``links``, ``code``, ``emphasis``) and ``suggestions`` for a
malformed tag with one repair (``</ code>`` → ``</code>``).

Linear time: the scanner moves from one ``<`` to the next and no pattern backtracks past one.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from capeval.assertions import Subject
from capeval.suggestions import suggestion
from capeval.verdict import Outcome

NAME = "markup_integrity"
MEANINGS = {
    "markup_malformed": (
        "A tag is malformed",
        "A tag of a source element is broken in the translation (</ code>, < b>, a tag with no "
        "closing >). Write it as the source does.",
    ),
    "markup_unbalanced": (
        "Tags are unbalanced",
        "The source's tags are balanced and the translation's are not: a tag left open, an end "
        "tag that closes nothing, or misnesting. Close and nest them as the source does.",
    ),
    "markup_tag_missing": (
        "A tag of the source is missing",
        "The translation has an element of the source fewer times. Keep every tag of the "
        "source around the words it marks.",
    ),
    "markup_tag_extra": (
        "A tag the source does not have",
        "The translation has an element more times than the source. Remove the added markup.",
    ),
    "markup_attribute_changed": (
        "A tag's attributes changed",
        "An element has other attribute names than in the source (or other values, for the "
        "attributes the case lists). Copy the attributes from the source.",
    ),
    "markup_entity_lost": (
        "An entity of the source is lost",
        "An entity of the source (&nbsp;, &#160;, &amp;) is missing from the translation, "
        "deleted or written as its character. Keep the entity.",
    ),
    "markdown_link_changed": (
        "A Markdown link changed",
        "The translation's link and image destinations differ from the source's ([text] (url) "
        "is no link). Keep each link's destination and form.",
    ),
    "markdown_code_changed": (
        "A Markdown code span changed",
        "The translation's code spans differ from the source's in number or content. Copy "
        "code spans verbatim.",
    ),
    "markdown_emphasis_changed": (
        "Markdown emphasis changed",
        "The translation has another number of emphasis spans (** bold** is no emphasis). "
        "Keep the source's emphasis.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "markdown": {"type": "boolean"},
        "entities": {"type": "boolean"},
        "values": {"type": "array", "items": {"type": "string", "minLength": 1}},
    },
    "additionalProperties": False,
}

_PASS = Outcome()
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_EVIDENT_VOID = frozenset({"br", "hr", "wbr"})
# A well-formed tag: quoted values may hold '>' but no '<', so a match never runs past the
# next '<' (each '<' is tried once: linear).
_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)((?:[^<>\"']|\"[^\"<]*\"|'[^'<]*')*?)\s*(/?)>")
_ATTRIBUTE = re.compile(r"([^\s=/>\"']+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?")
# Something that starts like a tag of element NAME but is not one: '< b>', '</ code>', '<b'.
_BROKEN = re.compile(r"<\s*/?\s*([A-Za-z][\w:.-]*)")
_SIMPLE_BROKEN = re.compile(r"<\s*(/?)\s*([A-Za-z][\w:.-]*)\s*(/?)\s*>")
# Characters whose entity only escapes markup syntax: losing the character is no defect,
# writing it raw is.
_ESCAPED = frozenset("&<>\"'")
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_LINK = re.compile(
    r"!?\[[^\[\]\n]{0,500}\]\(\s*(<[^<>\n]{0,2000}>|[^()\s]{0,2000})(?:\s+(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'))?\s*\)"
)
_CODE_SPAN = re.compile(r"(`+)([^`\n]{1,500}?)\1(?!`)")
_STRONG = re.compile(r"(\*\*|__)(?=[^\s*_])([^\n]{0,300}?[^\s*_])?\1")
_EMPHASIS = re.compile(
    r"(?<![*\w])\*(?=[^\s*])([^*\n]{0,300}?[^\s*])?\*(?![*\w])|(?<![_\w])_(?=[^\s_])([^_\n]{0,300}?[^\s_])?_(?![_\w])"
)


@dataclass(frozen=True, slots=True)
class Tag:
    kind: str  # "start" | "end" | "self"
    name: str
    attributes: tuple[tuple[str, str | None], ...]
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Broken:
    name: str
    start: int
    end: int  # the end of the simple form when there is one, else after the name
    repair: str | None  # the well-formed tag it stands for, when that is certain


@dataclass(slots=True)
class Markup:
    tags: list[Tag]
    broken: list[Broken]
    names: frozenset[str]  # the elements that are markup in this string


def _attributes(raw: str) -> tuple[tuple[str, str | None], ...]:
    found = []
    for match in _ATTRIBUTE.finditer(raw):
        value = match.group(2)
        if value is not None and value[:1] in "\"'":
            value = value[1:-1]
        found.append((match.group(1).lower(), value))
    return tuple(found)


def scan(text: str, known: frozenset[str] = frozenset()) -> Markup:
    """The markup of ``text``: its tags of evident (or ``known``) elements, and broken tags."""
    tags: list[Tag] = []
    loose: list[tuple[int, int, str]] = []  # '<' that start no well-formed tag: (start, end, name)
    evident: set[str] = set()
    pos = text.find("<")
    n = len(text)
    while 0 <= pos < n:
        if text.startswith("<!--", pos):
            close = text.find("-->", pos + 4)
            if close < 0:
                break
            pos = text.find("<", close + 3)
            continue
        match = _TAG.match(text, pos)
        if match is not None:
            slash, name, raw, self_closing = match.groups()
            kind = "end" if slash else ("self" if self_closing else "start")
            attributes = _attributes(raw) if raw.strip() and not slash else ()
            tags.append(Tag(kind, name, attributes, pos, match.end()))
            if (
                kind != "start"
                or name.lower() in _EVIDENT_VOID
                or any(value is not None for _, value in attributes)
            ):
                evident.add(name)
            pos = text.find("<", match.end())
            continue
        broken = _BROKEN.match(text, pos)
        if broken is not None:
            loose.append((pos, broken.end(), broken.group(1)))
        pos = text.find("<", pos + 1)
    names = frozenset(evident | known)
    marked = [tag for tag in tags if tag.name in names]
    broken_tags = []
    for start, end, name in loose:
        if name in names:
            simple = _SIMPLE_BROKEN.match(text, start)
            repair = None
            if simple is not None:
                slash, simple_name, closing = simple.groups()
                end = simple.end()
                if not (slash and closing):
                    repair = f"<{slash}{simple_name}{' /' if closing else ''}>"
            broken_tags.append(Broken(name, start, end, repair))
    return Markup(marked, broken_tags, names)


def balance(tags: list[Tag]) -> list[dict[str, Any]]:
    """What keeps ``tags`` from being a balanced tree: stray or misnested ends, unclosed starts."""
    problems: list[dict[str, Any]] = []
    stack: list[Tag] = []
    # how many of each name are open: an end tag is looked up, not searched for in the stack
    # (a search made '<b>x</i>' * 32000 quadratic); each tag is pushed and popped once
    open_names: dict[str, int] = {}
    for tag in tags:
        if tag.kind == "self" or (tag.kind == "start" and tag.name.lower() in _VOID):
            continue
        if tag.kind == "start":
            stack.append(tag)
            open_names[tag.name] = open_names.get(tag.name, 0) + 1
            continue
        if open_names.get(tag.name):
            while stack[-1].name != tag.name:
                left = stack.pop()
                open_names[left.name] -= 1
                problems.append({"problem": "misnested", "tag": left.name, "offset": left.start})
            stack.pop()
            open_names[tag.name] -= 1
            continue
        problems.append({"problem": "unopened", "tag": tag.name, "offset": tag.start})
    for left in stack:
        problems.append({"problem": "unclosed", "tag": left.name, "offset": left.start})
    return problems


def _element_counts(tags: list[Tag]) -> Counter[str]:
    return Counter(tag.name if tag.kind != "end" else "/" + tag.name for tag in tags)


def _entities(text: str) -> Counter[str]:
    """Entity text -> count, keyed by the character(s) each stands for."""
    if "&" not in text:
        return Counter()
    found: Counter[str] = Counter()
    for match in _ENTITY.finditer(text):
        value = _decode(match.group())
        if value is not None:
            found[value] += 1
    return found


_entity_names: dict[str, str] | None = None


def _decode(entity: str) -> str | None:
    global _entity_names
    body = entity[1:-1]
    if body.startswith("#"):
        try:
            code = int(body[2:], 16) if body[1:2] in "xX" else int(body[1:])
            return chr(code)
        except (ValueError, OverflowError):
            return None
    if _entity_names is None:
        from html.entities import html5  # lazily: only texts with entities pay for it

        _entity_names = html5
    return _entity_names.get(body + ";")


def _first_entity_texts(text: str) -> dict[str, str]:
    written: dict[str, str] = {}
    for match in _ENTITY.finditer(text):
        value = _decode(match.group())
        if value is not None:
            written.setdefault(value, match.group())
    return written


def _markdown(text: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """(link destinations, code span contents, emphasis kinds) of ``text``."""
    code = Counter(match.group(2).strip() for match in _CODE_SPAN.finditer(text))
    plain = _CODE_SPAN.sub(lambda m: "x" * len(m.group()), text) if code else text
    links = Counter(match.group(1).strip("<>") for match in _LINK.finditer(plain))
    plain = _LINK.sub(lambda m: "x" * len(m.group()), plain) if links else plain
    emphasis: Counter[str] = Counter()
    if "*" in plain or "_" in plain:
        strong = _STRONG.findall(plain)
        emphasis["strong"] = len(strong)
        plain = _STRONG.sub(lambda m: " " + (m.group(2) or "") + " ", plain)
        emphasis["emphasis"] = sum(1 for _ in _EMPHASIS.finditer(plain))
    return links, code, +emphasis


_SOURCE_CACHE: dict[str, Markup] = {}
_SOURCE_CACHE_MAX = 4096


def _source_markup(source: str) -> Markup:
    markup = _SOURCE_CACHE.get(source)
    if markup is None:
        if len(_SOURCE_CACHE) >= _SOURCE_CACHE_MAX:
            _SOURCE_CACHE.clear()
        markup = _SOURCE_CACHE[source] = scan(source)
    return markup


def _differences(expected: Counter[str], actual: Counter[str]) -> tuple[list, list]:
    missing = sorted((expected - actual).elements())
    extra = sorted((actual - expected).elements())
    return missing, extra


def _element_list(names: list[str]) -> list[str]:
    """Element names, with '/b' dropped when 'b' is listed as often (one defect, not two)."""
    counts = Counter(names)
    return [
        name for name in names if not (name.startswith("/") and counts[name[1:]] >= counts[name])
    ]


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    source, text = subject.source, subject.text
    markdown = params.get("markdown", False)
    if source == text or (
        "<" not in source and "<" not in text and "&" not in source and not markdown
    ):
        return _PASS
    source_markup = _source_markup(source)
    markup = scan(text, source_markup.names)
    evidence: dict[str, Any] = {}
    found: list[str] = []
    suggestions: list[dict[str, Any]] = []
    if markup.broken:
        found.append(CODES[0])
        evidence["malformed"] = [
            {"tag": text[b.start : b.end][:80], "offset": b.start} for b in markup.broken
        ]
        for broken in markup.broken:
            if broken.repair is not None and len(markup.broken) == 1:
                fix = suggestion(
                    text,
                    broken.start,
                    broken.end,
                    broken.repair,
                    f"write the tag as {broken.repair}",
                )
                if fix is not None:
                    suggestions.append(fix)
    unbalanced = balance(markup.tags)
    if unbalanced and not balance(source_markup.tags):
        found.append(CODES[1])
        evidence["unbalanced"] = unbalanced
    missing, extra = _differences(_element_counts(source_markup.tags), _element_counts(markup.tags))
    if missing:
        found.append(CODES[2])
        evidence["missing"] = _element_list(missing)
    if extra:
        found.append(CODES[3])
        evidence["extra"] = _element_list(extra)
    changed = _attribute_changes(source_markup.tags, markup.tags, params.get("values") or ())
    if changed:
        found.append(CODES[4])
        evidence["attributes"] = changed
    if params.get("entities", True) and "&" in source:
        lost = _lost_entities(source, text)
        if lost:
            found.append(CODES[5])
            evidence["entities"] = lost
    if markdown:
        _compare_markdown(source, text, found, evidence)
    if not found:
        return _PASS
    if suggestions:
        evidence["suggestions"] = suggestions
    message = _message(found[0], evidence)
    if len(found) > 1:
        message += f" (and {len(found) - 1} more kind(s) of defect)"
    return Outcome(found[0], message, evidence)


def _attribute_changes(
    source_tags: list[Tag], tags: list[Tag], values: Any
) -> list[dict[str, Any]]:
    by_name: dict[str, list[Tag]] = {}
    for tag in tags:
        if tag.kind != "end":
            by_name.setdefault(tag.name, []).append(tag)
    seen: Counter[str] = Counter()
    changed = []
    for tag in source_tags:
        if tag.kind == "end":
            continue
        index = seen[tag.name]
        seen[tag.name] += 1
        others = by_name.get(tag.name, [])
        if index >= len(others):
            continue  # a missing element, reported as such
        other = others[index]
        expected = sorted({name for name, _ in tag.attributes})
        actual = sorted({name for name, _ in other.attributes})
        if expected != actual:
            changed.append({"tag": tag.name, "expected": expected, "actual": actual})
            continue
        for name in values:
            want = dict(tag.attributes).get(name.lower())
            got = dict(other.attributes).get(name.lower())
            if want != got:
                changed.append(
                    {"tag": tag.name, "attribute": name, "expected": want, "actual": got}
                )
    return changed


def _raw(text: str) -> str:
    """``text`` without its entities (what is written as plain characters)."""
    return _ENTITY.sub("", text) if "&" in text else text


def _lost_entities(source: str, text: str) -> list[dict[str, Any]]:
    expected, actual = _entities(source), _entities(text)
    if not expected:
        return []
    written = _first_entity_texts(source)
    lost = []
    for value, count in expected.items():
        if actual[value] < count:
            as_text = _raw(text).count(value) > _raw(source).count(value)
            if value in _ESCAPED and not as_text:
                continue  # '&amp;' translated as a word: nothing unescaped, the markup holds
            lost.append(
                {
                    "entity": written[value],
                    "expected": count,
                    "actual": actual[value],
                    "as_text": as_text,
                }
            )
    return lost


def _compare_markdown(source: str, text: str, found: list[str], evidence: dict) -> None:
    source_links, source_code, source_emphasis = _markdown(source)
    links, code, emphasis = _markdown(text)
    if source_links != links:
        missing, extra = _differences(source_links, links)
        found.append(CODES[6])
        evidence["links"] = {"missing": missing, "extra": extra}
    if source_code != code:
        missing, extra = _differences(source_code, code)
        found.append(CODES[7])
        evidence["code"] = {"missing": missing, "extra": extra}
    if source_emphasis != emphasis:
        found.append(CODES[8])
        evidence["emphasis"] = {"expected": dict(source_emphasis), "actual": dict(emphasis)}


def _message(code: str, evidence: dict[str, Any]) -> str:
    if code == CODES[0]:
        return f"malformed tag {evidence['malformed'][0]['tag']!r}"
    if code == CODES[1]:
        first = evidence["unbalanced"][0]
        return f"<{first['tag']}> is {first['problem']} (offset {first['offset']})"
    if code == CODES[2]:
        return f"tag(s) missing: {', '.join(evidence['missing'])}"
    if code == CODES[3]:
        return f"tag(s) not in the source: {', '.join(evidence['extra'])}"
    if code == CODES[4]:
        first = evidence["attributes"][0]
        return (
            f"<{first['tag']}> attributes {first['actual']} where the source has "
            f"{first['expected']}"
        )
    if code == CODES[5]:
        first = evidence["entities"][0]
        how = "turned into text" if first["as_text"] else "lost"
        return f"entity {first['entity']} {how} ({first['actual']} of {first['expected']})"
    if code == CODES[6]:
        links = evidence["links"]
        return f"Markdown links differ: missing {links['missing']}, extra {links['extra']}"
    if code == CODES[7]:
        return f"Markdown code spans differ: missing {evidence['code']['missing']}"
    emphasis = evidence["emphasis"]
    return f"Markdown emphasis {emphasis['actual']} where the source has {emphasis['expected']}"
