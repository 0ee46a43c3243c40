"""Credential detection in any string field (``secret.detected``) and redaction.

Shared by cap-validate (which refuses a record with a credential), the diagnostics (which
redact every message, so no other diagnostic echoes what this scan flags) and cap-check (which
redacts results: ``[redacted:aws_access_key]``).

Two stages keep it cheap: ``may_contain_secret(raw)`` is a few byte scans of the line as read,
each run of ≥ 32 token characters judged by the rules themselves (so a catalog path or an id
is no hit), and only on a hit ``find_secrets(record)`` walks the string fields, naming a
field (its JSON pointer) only where it finds something (tests/test_secrets_prefilter.py,
tests/test_secrets_shapes.py: whatever the walk finds, the scan has said maybe).
Findings are ``(JSON pointer, kind)``; the matched value is never returned, so no caller can
echo it.

Kinds: ``aws_access_key``, ``google_api_key``, ``private_key``, ``github_token``,
``slack_token``, ``openai_key``, ``stripe_key``, ``jwt``, ``password_assignment`` and
``high_entropy``.

Decisions where the contract is silent:
* Fields named ``*_hash``, ``*_ref``, ``*_refs`` are exempt from the high-entropy rule (digests
  and references are high-entropy by nature); a recognisable credential *format* (cloud key,
  private key block, service token, assignment) is reported in any field, because a signed URL
  in an evidence ref leaks its key just the same.
* High entropy: a run of ≥ 32 base64/url-safe characters with ≥ 4.0 bits/char Shannon entropy
  that mixes letters and digits; plain hex digests (``sha256:…`` included), lowercase
  paths (``a/b/c``), runs that read as words (identifiers such as
  ``MyApplicationSettingsPage2024Version``) and runs that read as names (paths and ids:
  ``…/locale/pt_BR/LC_MESSAGES/django``, UUIDs) are not tokens; a token-like segment of a
  path still makes it one.
* Assignments need ``=`` (``password=…``): ``Password: %s`` is an ordinary UI string. The value
  must look real: placeholders (``%s``, ``{x}``, ``<x>``, ``$X``) and masks (``***``) are not.
* Service tokens are matched at their real lengths (≥ 32 characters, as GitHub, Slack,
  OpenAI and Stripe issue them), which lets the prefilter's one run test cover them all.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import orjson

from capeval.records import Problem
from capeval.records import pointer as json_pointer

SECRET_DETECTED = "secret.detected"


class _pattern:  # noqa: N801 - used as re.compile is
    """A regex compiled at its first use, not at import: the scan's patterns cost ~4 ms to
    compile, which every filter that merely may redact would pay at start-up."""

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(*self._source)
        for method in ("search", "match", "finditer", "findall", "sub"):
            setattr(self, method, getattr(compiled, method))  # found directly from now on
        return getattr(compiled, name)


# The prefilter is a few single passes over the raw line (each ~0.3-0.6 µs for a 500-byte
# line; one alternation regex costs ~50 µs). Every format below is either ≥ 32 characters of
# the token alphabet (GitHub, Google, Slack, OpenAI and Stripe keys, base64 blobs: found in
# the line's runs of token characters), or has its own literal (AWS key ids, private key
# headers, ``=``). The alphabet is written once: _TOKEN's class and the runs' table.
_TOKEN_CLASS = "A-Za-z0-9+/_=-"
# _TOKEN_CLASS spelt out (the string module would cost every command ~1 ms at start-up)
_TOKEN_CHARS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_=-"
_RUN_TABLE = bytes(ord("a") if i in _TOKEN_CHARS else ord(" ") for i in range(256))
# a run's last 32 characters and the blank that ends it: searched for, the needle's blank
# lets the search skip 33 bytes at each blank (a needle of 32 "a"s moves on by one)
_RUN_END = b"a" * 32 + b" "
# (its literal "IA" is looked for first: a substring search costs ~3/4 of the regex scan)
_AWS_TAIL = _pattern(rb"IA[0-9A-Z]{16}")
# searched in the window lowered (ASCII only, as (?i) on bytes): a case-sensitive alternation
# lets the engine skip in C to its first letters; ignoring case, it tried every position
_ASSIGNMENT_WORD = _pattern(rb"(?:pass|pwd|key|secret|token)[a-z0-9_-]*\Z")

# A private key is the whole block: its BEGIN line, the body (base64, headers, line breaks,
# escaped ones too) and its END line, or the rest of the body when the END was cut off. The
# body's alphabet bounds the lazy search for the END: linear in the text.
_PEM_LABEL = r"(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
_PEM_BODY = r"[A-Za-z0-9+/=\s\\:,.-]"
# Service tokens are found glued to a word before them too (``mt-sk-proj-…``, ``x_ghp_…``,
# ``%sghp_…``): their prefixes are distinctive enough anywhere, but OpenAI's ``sk-``, which
# may follow '-' or '_', never a letter or digit (``task-…`` is no key).
_FORMATS: tuple[tuple[str, Any], ...] = (
    # an access key id, also glued to letters or digits ("3AKIA…"): the id alone is the secret
    ("aws_access_key", _pattern(r"(?:AKIA|ASIA)[0-9A-Z]{16}")),
    ("google_api_key", _pattern(r"AIza[0-9A-Za-z_\-]{35}")),
    (
        "private_key",
        _pattern(rf"-----BEGIN {_PEM_LABEL}(?:{_PEM_BODY}*?-----END {_PEM_LABEL}|{_PEM_BODY}*)"),
    ),
    (
        "github_token",
        _pattern(r"(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{21,})"),
    ),
    ("slack_token", _pattern(r"xox[abposr]-[A-Za-z0-9-]{27,}")),
    ("openai_key", _pattern(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{29,}")),
    ("stripe_key", _pattern(r"[sr]k_(?:live|test)_[A-Za-z0-9]{24,}")),
    # a JSON Web Token: header and payload are base64url JSON objects ("eyJ"); its signature
    # is 32 characters or more (so the prefilter's run test covers it)
    ("jwt", _pattern(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{32,}")),
)

# The long words count wherever they end a name, glued to what comes before (xAPI_KEY=,
# prodDbPassword=, mypassword=, connxsecret=); the short ones, ``pass`` and ``pwd``, only
# where a word starts, after '_'/'-', or at a camelCase hump (db_pass=, dbPass=), so that
# bypass= and compass= are words, not credentials. Written as a run of name parts before
# the word, ``\b(?:[a-z0-9]+[_-])*``, the scan was quadratic: 8 s for 126 KB of hyphenated
# tokens (make fuzz found it). The pattern starts with the class of the words' first letters
# (and what matches them ignoring case, as ſ matches s), the rest of each word checked after:
# the engine then skips every other position in C (~20 ns a character, against ~140 for the
# same words as an alternation ignoring case, which the engine tries at every position).
_ASSIGNMENT_FIRST = "APSTapst\u017f"
_ASSIGNMENT = _pattern(
    f"[{_ASSIGNMENT_FIRST}]"
    r"(?i:(?<=a)(?:pi[_-]?key|pikey|ccess[_-]?key)"
    r"|(?<=p)(?:assword|asswd|rivate[_-]?key|(?:(?<=\bp)|(?<=[_-]p)|(?<=(?-i:[a-z0-9]P)))(?:wd|ass))"
    r"|(?<=s)ecret(?:[_-]?key)?"
    r"|(?<=t)oken)"
    r"\s*=\s*[\"']?(?P<value>[^\s\"'&;,]+)"
)
_NOT_A_VALUE = _pattern(r"[%{<$(\[]|\*{3}|x{3}|\.{3}|^(?:null|none|true|false|redacted)$", re.I)

_TOKEN = _pattern(rf"(?<![{_TOKEN_CLASS}])[{_TOKEN_CLASS}]{{32,}}")
_HEX = _pattern(r"[0-9a-fA-F]+=*\Z")
_LOWER_PATH = _pattern(r"[a-z0-9_.-]*(?:/[a-z0-9_.-]*)+\Z")
_HAS_DIGIT = _pattern(r"[0-9]")
_HAS_LETTER = _pattern(r"[A-Za-z]")
ENTROPY_MIN_LENGTH = 32
ENTROPY_MIN_BITS = 4.0


def may_contain_secret(raw: bytes) -> bool:
    """Cheap test on the raw line: False means no field can hold a detectable secret.

    Also sound on a block of lines and on plain text (strings joined by newlines): a run or
    a literal never spans a line break, and a wider look before an "=" only finds more.
    """
    if _runs_may_hold_secret(raw):
        return True
    # Each literal is first looked for as one byte: partition takes its one argument without
    # the argument parsing of find (~1,000 instructions a call) and is a memchr. AKIA, ASIA
    # and PRIVATE KEY all hold an "I": they are looked for only in a line that has one.
    head, letter, _ = raw.partition(b"I")
    if letter:
        key_id = raw.find(b"IA", len(head))
        if key_id != -1 and _AWS_TAIL.search(raw, key_id):  # from there ("ARIA" is common)
            return True
        if raw.partition(b"PRIVATE KEY")[1]:  # a long needle: the search skips 12 bytes a step
            return True
    # Escapes change what a byte scan sees: "\u" can hide any literal, and "\/" is a "/"
    # inside a token run. Such lines are always walked.
    if raw.partition(b"\\")[1] and (raw.partition(b"\\u")[1] or raw.partition(b"\\/")[1]):
        return True
    head, sign, _ = raw.partition(b"=")
    start = len(head) if sign else -1
    while start != -1:  # rare: look at the word before each "="
        if _may_assign(raw, start):
            return True
        start = raw.find(b"=", start + 1)
    return False


def _runs_may_hold_secret(raw: bytes) -> bool:
    """Whether a run of ≥ 32 token characters in ``raw`` may be or hold a credential.

    The string walk finds a format or a high-entropy token only inside such a run, and each
    run of the line is one of the walk's tokens (JSON's syntax, blanks and non-ASCII bytes are
    not token characters), so each is judged here by the same rules: a catalog path or an id
    (``…/locale/fr/LC_MESSAGES/django``) passes without a walk. A run after a backslash may
    begin with an escape's letter (``\\nKEY``): it is judged without that letter too.
    Judgements are kept: a catalog's path comes back on every record of the catalog.
    """
    translated = raw.translate(_RUN_TABLE)
    if translated[-1:] == b"a":  # a run at the very end: a blank ends it as any other
        translated += b" "
    # a search finds the end of a long run (its last 32 characters and the blank after); the
    # first by partition, which takes its one argument without find's parsing, the others in
    # place (no copies: linear)
    before, found, _ = translated.partition(_RUN_END)
    if not found:
        return False
    start, end = len(before.rstrip(b"a")), len(before) + ENTROPY_MIN_LENGTH
    while True:
        run = raw[start:end]
        verdict = _RUN_VERDICTS.get(run)
        if verdict is None:
            verdict = _judged_run(run)
        if verdict or (start and raw[start - 1] == 0x5C and _judged_run(run[1:])):
            return True
        at = translated.find(_RUN_END, end + 1)
        if at == -1:
            return False
        start, end = translated.rfind(b" ", 0, at) + 1, at + ENTROPY_MIN_LENGTH


# Runs judged so far (a catalog path comes back on every record of its catalog); emptied when
# full, which costs a few judgements again, not a wrong one.
_RUN_VERDICTS: dict[bytes, bool] = {}
_RUN_VERDICTS_KEPT = 4096


def _judged_run(run: bytes) -> bool:
    verdict = _RUN_VERDICTS.get(run)
    if verdict is None:
        verdict = _run_may_hold_secret(run)
        if len(run) <= _CACHED_CHARS:
            if len(_RUN_VERDICTS) >= _RUN_VERDICTS_KEPT:
                _RUN_VERDICTS.clear()
            _RUN_VERDICTS[run] = verdict
    return verdict


def _run_may_hold_secret(run: bytes) -> bool:
    token = run.decode("ascii")
    return is_high_entropy_token(token) or any(p.search(token) for _, p in _FORMATS)


_BLANK = frozenset(b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")  # what \s matches in ASCII text
_ESCAPED_BLANK = frozenset(b"tnrf")  # \t \n \r \f: the JSON escapes that decode to \s
_WORD_WINDOW = 40


def _may_assign(raw: bytes, at: int) -> bool:
    """Whether the text before the '=' at ``at`` may end in an assignment word.

    ``_ASSIGNMENT`` allows any run of blanks (``\\s``) between the word and '=': walk back over what
    can decode to one (blanks, escaped blanks; a non-ASCII byte may be a Unicode space), then
    look for the word, in ASCII (a non-ASCII letter may match it case-insensitively, as
    "ſ" matches "s")."""
    end = at
    while end > 0:
        byte = raw[end - 1]
        if byte in _BLANK:
            end -= 1
        elif byte in _ESCAPED_BLANK and end >= 2 and raw[end - 2] == 0x5C:
            end -= 2
        elif byte >= 0x80:
            return True
        else:
            break
    window = raw[max(0, end - _WORD_WINDOW) : end]
    return not window.isascii() or _ASSIGNMENT_WORD.search(window.lower()) is not None


def find_secrets(record: Any) -> list[tuple[str, str]]:
    """Every (JSON pointer, kind) of a credential-like string in ``record``; values never."""
    found: list[tuple[str, str]] = []
    _walk(record, [], "", found)
    return found


def _exempt_field(key: str) -> bool:
    return key.endswith(("_hash", "_ref", "_refs"))


def _walk(node: Any, steps: list[str | int], key: str, found: list[tuple[str, str]]) -> None:
    """Scan every string under ``node``; ``steps`` lead to it and become a JSON pointer only
    where something is found. ``key`` is the nearest object key (array items inherit their
    array's, so every item of evidence_refs is exempt like the field itself)."""
    if isinstance(node, str):
        kind = value_secret_kind(node, entropy=not _exempt_field(key))
        if kind is not None:
            found.append((json_pointer(*steps), kind))
    elif isinstance(node, dict):
        for name, value in node.items():
            steps.append(name)
            _walk(value, steps, name, found)
            steps.pop()
    elif isinstance(node, list):
        for index, value in enumerate(node):
            steps.append(index)
            _walk(value, steps, key, found)
            steps.pop()


# Strings longer than this are scanned every time rather than kept in the cache (8,192 cached
# texts of a few megabytes each would be gigabytes).
_CACHED_CHARS = 4096


# No rule matches fewer characters: an assignment is a keyword (``pwd``), ``=`` and a value of
# 4; every format is longer (tests/test_core_shortcuts.py tries shorter strings).
SHORTEST_SECRET = 8


def value_secret_kind(value: str, entropy: bool = True, *, cache: bool = True) -> str | None:
    """The kind of the first credential found in one string, or None. ``cache=False`` for a
    text that will not come again (a report's entry): it would only push others out."""
    if len(value) < SHORTEST_SECRET:
        return None
    if len(value) > _CACHED_CHARS or not cache:
        return _secret_kind(value, entropy)
    return _cached_secret_kind(value, entropy)


def text_may_hold_secret(value: str) -> bool:
    """Cheap test on a decoded string: False means ``_secret_kind`` finds nothing in it.

    Unlike ``may_contain_secret`` it sees no JSON escapes and makes no guess about what comes
    before a ``=``: every assignment needs one, and the assignment rule folds case over
    Unicode (``ſ`` matches ``s``), so any ``=`` is a hit. Every other format is ASCII: 32
    token characters in a row (the UTF-8 bytes of anything else are not token bytes), the
    ``PRIVATE KEY`` literal, or an AWS key id. tests/test_core_shortcuts.py proves it.
    """
    if "=" in value or "PRIVATE KEY" in value:
        return True
    raw = value.encode("utf-8", "surrogatepass")
    return _runs_may_hold_secret(raw) or ("IA" in value and _AWS_TAIL.search(raw) is not None)


def _secret_kind(value: str, entropy: bool) -> str | None:
    return _scan(value, entropy) if text_may_hold_secret(value) else None


def _scan(value: str, entropy: bool) -> str | None:
    """Every rule on one string (the full path ``text_may_hold_secret`` stands for)."""
    for kind, pattern in _FORMATS:
        if pattern.search(value):
            return kind
    if next(_assigned_values(value), None) is not None:
        return "password_assignment"
    if entropy:
        for match in _TOKEN.finditer(value):
            if is_high_entropy_token(match.group()):
                return "high_entropy"
    return None


def _assigned_values(value: str) -> Iterator[re.Match[str]]:
    """The assignments of ``value`` whose value reads as a credential (4+ characters, not a
    placeholder, a mask or a null word, 3+ distinct characters)."""
    if "=" not in value:  # every assignment has one: the scan is skipped
        return
    for match in _ASSIGNMENT.finditer(value):
        candidate = match.group("value")
        if len(candidate) >= 4 and not _NOT_A_VALUE.search(candidate) and len(set(candidate)) > 2:
            yield match


_cached_secret_kind = lru_cache(maxsize=8192)(_secret_kind)


def is_high_entropy_token(token: str) -> bool:
    """≥ 32 chars, ≥ 4.0 bits/char, letters and digits mixed; hex digests, lowercase paths,
    runs that read as words (identifiers, mixed-case paths) or as names (paths, ids)
    excluded. A key inside a path is judged apart from the path's names around it: the
    segments from the first to the last that hold a part that is not a name, and each
    segment on its own."""
    if _is_random(token):
        return True
    if "/" not in token or len(token) <= ENTROPY_MIN_LENGTH:
        return False
    odd = [part for part in _LONG_PART.finditer(token) if not _name_part(part.group())]
    if not odd:
        return False
    start = token.rfind("/", 0, odd[0].start()) + 1
    end = token.find("/", odd[-1].end())
    inner = [token[start : len(token) if end == -1 else end], *token.split("/")]
    return any(
        _is_random(part, SEGMENT_NAME_MIN_PARTS)
        for part in inner
        if ENTROPY_MIN_LENGTH <= len(part) < len(token)
    )


def _is_random(token: str, name_parts: int = 0) -> bool:
    if len(token) < ENTROPY_MIN_LENGTH or _HEX.match(token) or _LOWER_PATH.match(token):
        return False
    if not (_HAS_DIGIT.search(token) and _HAS_LETTER.search(token)):
        return False
    return (
        shannon_bits(token) >= ENTROPY_MIN_BITS
        and not reads_as_words(token)
        and not reads_as_names(token, name_parts or NAME_MIN_PARTS)
    )


# A word piece: a capitalised or lowercase run, or an all-capitals one (``UserProfile2`` is
# User, Profile, 2). Random base64 rarely holds long pieces with a vowel: of 200,000 random
# tokens that pass the entropy test, 15 read as words (0.0075%).
_WORD_PIECE = _pattern(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_VOWEL = _pattern(r"[aeiouyAEIOUY]")
WORD_LETTERS_SHARE = 0.75
WORD_MIN_LETTERS = 4


def reads_as_words(token: str) -> bool:
    """Whether ≥ 75% of the token's letters are in pieces of ≥ 4 letters with a vowel
    (``MyApplicationSettingsPage2024Version``, ``src/components/UserProfile2/Avatar.tsx``)."""
    letters = sum(map(str.isalpha, token))
    in_words = sum(
        len(piece)
        for piece in _WORD_PIECE.findall(token)
        if len(piece) >= WORD_MIN_LETTERS and _VOWEL.search(piece)
    )
    return in_words >= WORD_LETTERS_SHARE * letters


# A name's parts lie between separators (``/ - _ + =``); a part is cut into word and number
# pieces (``LC_MESSAGES``: LC, MESSAGES; ``libXrender``: lib, Xrender; ``x86``: x, 86).
_PART = _pattern(r"[A-Za-z0-9]+")
_LONG_PART = _pattern(r"(?<![A-Za-z0-9])[A-Za-z0-9]{6,}")  # longer than NAME_SHORT_PART
_NAME_PIECE = _pattern(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_HEX_PART = _pattern(r"[0-9a-fA-F]+\Z")
NAME_MIN_PARTS = 4
SEGMENT_NAME_MIN_PARTS = 2  # a path segment: ``__jinja2_<sha1>``, ``librustc_driver-<hash>``
NAME_SHORT_PART = 5
NAME_MEAN_PIECE = 3.0


def reads_as_names(token: str, min_parts: int = NAME_MIN_PARTS) -> bool:
    """Whether the token is a path or an id made of names: ≥ 4 parts between separators
    (``/ - _ + =``), each short (``pt_BR``, ``es-419``, ``i18n``), hex (a hash, a UUID's
    groups) or of pieces ≥ 3 characters long on average (``LC_MESSAGES``, ``libXrender``,
    ``2024``). Random base64, cut by its own ``+`` and ``/`` (or ``-`` and ``_``), has
    pieces of ~1.8 characters (tests/test_secrets_shapes.py measures what it lets through)."""
    if len(_PART.findall(token)) < min_parts:
        return False
    return all(_name_part(part.group()) for part in _LONG_PART.finditer(token))


def _name_part(part: str) -> bool:
    """Whether a part longer than NAME_SHORT_PART is hex or of word-long pieces."""
    if _HEX_PART.match(part):
        return True
    return len(part) >= NAME_MEAN_PIECE * len(_NAME_PIECE.findall(part))


def shannon_bits(text: str) -> float:
    """Shannon entropy of ``text`` in bits per character."""
    length = len(text)
    counts = Counter(text)  # counted in C, in order of first appearance (as a dict would)
    return -sum(n / length * math.log2(n / length) for n in counts.values())


REDACTED = "[redacted:{kind}]"


def secret_spans(
    value: str, entropy: bool = True, *, cache: bool = True
) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every credential-like span of ``value``, in order, disjoint."""
    if value_secret_kind(value, entropy, cache=cache) is None:
        return []
    spans: list[tuple[int, int, str]] = []
    for kind, pattern in _FORMATS:
        spans += [(m.start(), m.end(), kind) for m in pattern.finditer(value)]
    for match in _assigned_values(value):
        spans.append((match.start("value"), match.end("value"), "password_assignment"))
    if entropy:
        spans += [
            (m.start(), m.end(), "high_entropy")
            for m in _TOKEN.finditer(value)
            if is_high_entropy_token(m.group())
        ]
    spans.sort()
    disjoint: list[tuple[int, int, str]] = []
    for start, end, kind in spans:
        if disjoint and start < disjoint[-1][1]:
            last = disjoint[-1]
            disjoint[-1] = (last[0], max(last[1], end), last[2])
        else:
            disjoint.append((start, end, kind))
    return disjoint


def redact(value: str, entropy: bool = True, *, cache: bool = True) -> str:
    """``value`` with every credential-like span replaced by ``[redacted:<kind>]``."""
    spans = secret_spans(value, entropy, cache=cache)
    if not spans:
        return value
    parts = []
    at = 0
    for start, end, kind in spans:
        parts.append(value[at:start])
        parts.append(REDACTED.format(kind=kind))
        at = end
    parts.append(value[at:])
    return "".join(parts)


def redact_values(node: Any, entropy: bool = False) -> Any:
    """``node`` (a record: dicts, lists, strings) with every string and key redacted; ``node``
    itself when nothing in it changes. What a filter applies to the values it shows, before
    any escaping of its output format can hide a credential from a scan of the document
    (``ghp\\_…`` in Markdown). By format only by default: records are full of ids and
    digests."""
    if isinstance(node, str):
        return redact(node, entropy) if value_secret_kind(node, entropy) else node
    if isinstance(node, dict):
        items = [(redact_values(k, entropy), redact_values(v, entropy)) for k, v in node.items()]
        if all(a is k and b is v for (a, b), (k, v) in zip(items, node.items(), strict=True)):
            return node
        return dict(items)
    if isinstance(node, list):
        values = [redact_values(v, entropy) for v in node]
        if all(a is b for a, b in zip(values, node, strict=True)):
            return node
        return values
    return node


def secret_values(*texts: str) -> list[tuple[str, str]]:
    """(value, kind) of the credentials in ``texts``: what must not reappear, even cut."""
    return [
        (text[start:end], kind)
        for text in texts
        # secret_spans' own first test, ahead of its cache: a pair's texts come once, so
        # caching them only churns (testing every string before the cache cost 3.8% more)
        if text_may_hold_secret(text)
        for start, end, kind in secret_spans(text)
    ]


# A fragment of a known credential this long is a leak too (evidence cuts strings).
FRAGMENT_CHARS = 8


def redact_known(value: str, known: list[tuple[str, str]]) -> str:
    """``value`` redacted by the scan, and of every fragment of the ``known`` credentials
    (an excerpt cut through a key is still part of the key)."""
    value = redact(value)
    for secret, kind in known:
        if secret in value:
            value = value.replace(secret, REDACTED.format(kind=kind))
        if len(value) < FRAGMENT_CHARS:
            continue
        # every window of a short credential; of a long one (a token), every 8th
        step = 1 if len(secret) <= 512 else FRAGMENT_CHARS
        for start in range(0, max(1, len(secret) - FRAGMENT_CHARS + 1), step):
            if secret[start : start + FRAGMENT_CHARS] in value:
                return REDACTED.format(kind=kind)
    return value


def secret_problems(record: Any, raw: bytes | None = None) -> list[Problem]:
    """``secret.detected`` problems (``records.Problem``) of one record, ``raw`` its line as
    read (None: the record is dumped for the prefilter). Every filter that reads records
    without cap-validate in front refuses these, so what it writes never carries them."""
    if raw is None:
        try:
            raw = orjson.dumps(record)
        except TypeError:  # an integer beyond 64 bits: no prefilter, the fields are walked
            raw = None
    if raw is not None and not may_contain_secret(raw):
        return []
    return [
        Problem(SECRET_DETECTED, where, f"{kind} (value not shown)", None)
        for where, kind in find_secrets(record)
    ]
