"""A short, derandomised slice of ``make fuzz`` (tools/fuzz.py): every parser and every
filter on generated hostile input, the same examples on every run."""

from __future__ import annotations

import importlib.util

import pytest

from conftest import ROOT


def _fuzz_module():
    spec = importlib.util.spec_from_file_location("capeval_fuzz", ROOT / "tools" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz_module()


@pytest.mark.parametrize("name", list(FUZZ.TARGETS))
def test_fuzz_slice(name):
    FUZZ.TARGETS[name](FUZZ.slice_settings(8))()
