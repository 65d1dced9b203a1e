"""Exact odds and tables: entering, hitting and bear-off chances, the bear-off database,
race counts, match equity and take points, confidence intervals and the result tables they are
shown in. It may import :mod:`bgsim.engine` only.
"""
