"""language_fidelity: the candidate's language by the shipped identifier (py3langid)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject, language_fidelity

SOURCE = "Your password must contain at least eight characters and cannot be entirely numeric."
# Real-looking synthetic translations of SOURCE (written for these tests).
TRANSLATIONS = {
    "de": "Ihr Passwort muss mindestens acht Zeichen enthalten und darf nicht nur aus Zahlen "
    "bestehen.",
    "fr": "Votre mot de passe doit contenir au moins huit caractères et ne peut pas être "
    "entièrement numérique.",
    "es": "Su contraseña debe contener al menos ocho caracteres y no puede ser completamente "
    "numérica.",
    "it": "La password deve contenere almeno otto caratteri e non può essere interamente numerica.",
    "pt": "A sua palavra-passe deve conter pelo menos oito caracteres e não pode ser "
    "inteiramente numérica.",
    "nl": "Je wachtwoord moet minstens acht tekens bevatten en mag niet volledig uit cijfers "
    "bestaan.",
    "pl": "Twoje hasło musi zawierać co najmniej osiem znaków i nie może składać się "
    "wyłącznie z cyfr.",
    "ru": "Ваш пароль должен содержать не менее восьми символов и не может состоять только "
    "из цифр.",
    "uk": "Ваш пароль повинен містити щонайменше вісім символів і не може складатися лише з цифр.",
    "ar": "يجب أن تحتوي كلمة المرور على ثمانية أحرف على الأقل ولا يمكن أن تكون رقمية بالكامل.",
    "fa": "رمز عبور شما باید حداقل هشت نویسه داشته باشد و نمی‌تواند کاملاً عددی باشد.",
    "he": "הסיסמה שלך חייבת להכיל לפחות שמונה תווים ואינה יכולה להיות מספרית לחלוטין.",
    "hi": "आपके पासवर्ड में कम से कम आठ अक्षर होने चाहिए और यह पूरी तरह से संख्यात्मक नहीं हो सकता।",
    "th": "รหัสผ่านของคุณต้องมีอักขระอย่างน้อยแปดตัวและไม่สามารถเป็นตัวเลขทั้งหมดได้",
    "ja": "パスワードは8文字以上で、数字だけにすることはできません。少なくとも英字を一文字含めて"
    "ください。他の人に推測されにくいものを選んでください。",
    "zh": "您的密码必须至少包含八个字符，并且不能完全是数字。请使用字母、数字和符号的组合来提高"
    "安全性。",
}


def verdict(text: str, target: str, source: str = SOURCE, **params):
    case = {"source_locale": "en-US", "target_locale": target, "source": source}
    return language_fidelity.check(Subject.of(case, {"text": text}), params)


def test_the_label_list_matches_the_shipped_model():
    language_fidelity.identify("load the model")
    assert set(language_fidelity._identifier.labels) == language_fidelity.LABELS


@pytest.mark.parametrize("language", sorted(TRANSLATIONS))
def test_translations_pass_in_their_language(language):
    outcome = verdict(TRANSLATIONS[language], language)
    assert outcome.passed
    assert outcome.evidence == {}  # judged


@pytest.mark.parametrize(
    ("text_language", "target"),
    [("fr", "de"), ("es", "it"), ("de", "nl"), ("pt", "es"), ("ru", "uk"), ("fa", "ar")],
)
def test_another_language_of_the_same_script_fails(text_language, target):
    outcome = verdict(TRANSLATIONS[text_language], target)
    assert outcome.code == "language_mismatch"
    assert outcome.evidence["expected"] == target
    assert outcome.evidence["detected"] == text_language
    assert 0 < outcome.evidence["confidence"] <= 1
    assert outcome.evidence["letters"] >= 40


def test_the_source_left_in_english_fails_when_long_enough():
    long = SOURCE + " Choose something you will remember, but others will not guess."
    outcome = verdict(long, "de", source="Wählen Sie ein sicheres Passwort.")
    assert outcome.code == "language_mismatch"
    assert outcome.evidence["detected"] == "en"


def test_short_candidates_are_not_judged():
    outcome = verdict("Mot de passe", "de")
    assert outcome.passed
    assert outcome.evidence == {
        "judged": False,
        "reason": "short",
        "letters": 10,
        "min_letters": 40,
    }
    assert verdict("Mot de passe incorrect", "de", min_letters=10).code == "language_mismatch"


def test_an_unsupported_target_is_not_judged():
    outcome = verdict(TRANSLATIONS["de"], "haw")
    assert outcome.evidence == {"judged": False, "reason": "unsupported", "language": "haw"}


def test_close_languages_and_accept():
    croatian = "Lozinka mora sadržavati najmanje osam znakova i ne smije biti samo brojčana."
    identified, _ = language_fidelity.identify(croatian)
    assert identified in {"hr", "bs", "sr"}
    assert verdict(croatian, "bs").passed  # close languages are accepted by default
    assert verdict(TRANSLATIONS["pt"], "gl").passed
    strict = verdict(TRANSLATIONS["fr"], "de", accept=["fr"])
    assert strict.passed
    assert language_fidelity.accepted("no") >= {"no", "nn", "da"}
    assert language_fidelity.accepted("no", close_languages=False) == {"no"}
    assert language_fidelity.model_language("nb-NO") == "no"


def test_min_confidence():
    text = TRANSLATIONS["fr"]
    assert verdict(text, "de", min_confidence=1.0).passed


def test_kept_source_words_and_placeholders_are_not_read():
    # The English names would make this read as English; they come from the source.
    source = "Django Software Foundation and Python Software Foundation %(count)s"
    text = "Django Software Foundation und Python Software Foundation %(count)s Mitglieder"
    outcome = verdict(text, "de", source=source, min_letters=5)
    assert outcome.passed or outcome.evidence.get("detected") != "en"
    words = language_fidelity.prose_words(text, source)
    assert words == ["und", "Mitglieder"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(TRANSLATIONS)), st.text(max_size=39))
def test_property_below_min_letters_never_judged(language, text):
    outcome = verdict(text, language)
    assert outcome.passed
    assert outcome.evidence.get("judged") is False


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(sorted(TRANSLATIONS)),
    st.sampled_from(["", "%s ", "{name} ", "<b>", "https://example.com/a "]),
)
def test_property_placeholders_do_not_change_the_verdict(language, noise):
    plain = verdict(TRANSLATIONS[language], language)
    decorated = verdict(noise + TRANSLATIONS[language] + " " + noise, language)
    assert plain.code == decorated.code == "ok"
