"""Seed-compatible entry points: see ``cap_protocol.evaluation.semantic_quality``."""
