"""The seed's package name (seed ``000_…``), kept so its documented commands keep working.

Everything here is an alias of ``capeval``; nothing is implemented twice.
"""
