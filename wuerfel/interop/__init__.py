"""Bridges to the research libraries (OpenSpiel, PettingZoo, Gymnasium): the optional extra ``wuerfel[research]``.

:mod:`wuerfel.interop.codec` needs nothing beyond the engine; the adapters import their library when used.
"""
