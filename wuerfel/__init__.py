"""wuerfel: traditional German dice games, correct to the letter of the rules people play."""

__version__ = "0.1.0"
