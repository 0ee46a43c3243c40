"""The review protocol's package name, kept so its documented commands keep working.

Everything here is an alias of ``capeval``; nothing is implemented twice.
"""
