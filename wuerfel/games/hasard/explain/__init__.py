"""How to play each Hasard game, written from its rules object (one module per game; ``engine/explain.py`` says
why). A game module registers its ``explain`` from here in its ``GameInfo``."""
