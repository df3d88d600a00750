"""Every house rule of the Zehntausend family (10.000, Macke, Rückwärts, Bumerang, Solo, Farkle) as typed data.

The field names are the TOML keys of the spec's option catalogue (``/work/shared/specs/zehntausend.md`` §1), the
defaults are its "neutral" column, so a preset file reads like the catalogue and an overlay changes a few keys.
Cross-option checks (§2.7) live in :meth:`ZehntausendRules.validate` (refusals) and
:meth:`ZehntausendRules.warnings` (inert or odd combinations that are still playable).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.rules import FrozenDict, PresetLibrary, ResolvedRules, deep_merge, opt, options_from_dict

FACES = (1, 2, 3, 4, 5, 6)
PRESETS_DIR = Path(__file__).parent / "presets"


@dataclasses.dataclass(frozen=True)
class DiceOptions:
    count: Literal[5, 6] = opt(
        5, de="Anzahl der Würfel (N) in einem vollen Becher", en="Number of dice (N) in a full cup"
    )


@dataclasses.dataclass(frozen=True)
class GameOptions:
    mode: Literal["standard", "rueckwaerts", "bumerang", "solo"] = opt(
        "standard",
        de="Spielform: normal, Rückwärts (gemeinsamer Pool, Minuspunkte), Bumerang (erst hoch, dann zurück) oder Solo",
        en="Game structure: standard, Rückwärts (shared pool, penalty points), Bumerang (up, then back down) or solo",
    )
    target: int = opt(
        10000,
        de="Zielpunktzahl; bei Rückwärts die Minuspunkte, mit denen man verliert; bei Bumerang der Wendepunkt",
        en="Target score; in Rückwärts the penalty total that loses; in Bumerang the turning point",
        low=1,
        high=1000000,
    )
    reach: Literal["at_least", "more_than"] = opt(
        "at_least",
        de="Ziel erreicht bei mindestens bzw. mehr als der Zielpunktzahl",
        en="Target reached at least at, or only above, the target score",
    )
    end_rule: Literal["immediate", "finish_round"] = opt(
        "finish_round",
        de="Spielende: sofort beim ersten Erreichen des Ziels oder die Runde wird zu Ende gespielt",
        en="End of game: at once when the target is reached, or the round is completed",
    )
    tie: Literal["shared", "extra_round", "first_to_reach"] = opt(
        "shared",
        de="Gleichstand: geteilter Sieg, weitere Runden oder wer das Ziel zuerst erreichte gewinnt",
        en="Tie: shared win, further rounds, or whoever reached the target first wins",
    )
    min_players: int = opt(
        2, de="Mindestzahl der Spieler (Solo: 1)", en="Minimum number of players (solo: 1)", low=1, high=20
    )


@dataclasses.dataclass(frozen=True)
class Straight:
    faces: tuple[int, ...] = opt(
        (), de="Augenzahlen der Straße (je ein Würfel)", en="Faces of the straight (one die each)", low=1, high=6
    )
    value: int = opt(0, de="Punkte der Straße", en="Points of the straight", low=0, high=1000000)


@dataclasses.dataclass(frozen=True)
class InstantWin:
    face: int = opt(0, de="Augenzahl (0 = beliebige, aber gleiche)", en="Face (0 = any single face)", low=0, high=6)
    count: int = opt(
        6, de="Mindestzahl solcher Würfel in einem Wurf", en="Minimum number of such dice in one throw", low=1, high=6
    )


@dataclasses.dataclass(frozen=True)
class KindOptions:
    triple: tuple[int, ...] = opt(
        (1000, 200, 300, 400, 500, 600),
        de="Wert eines Dreierpaschs je Augenzahl 1…6",
        en="Value of three of a kind per face 1…6",
        low=0,
        high=1000000,
    )
    rule: Literal["triple_only", "explicit", "doubling"] = opt(
        "triple_only",
        de="Größere Päsche: nur Dreierpasch, nach Tabelle oder Verdoppeln je weiterem Würfel",
        en="Larger sets: three of a kind only, from a table, or doubling per extra die",
    )
    explicit: dict[str, tuple[int, ...]] = opt(
        FrozenDict(),
        de="Tabelle „Größere Päsche nach Tabelle“: je Pasch-Größe die Werte der Augenzahlen 1…6 (0 = kein Pasch)",
        en="For 'larger sets from a table': per set size the values of faces 1…6 (0 = not a meld)",
        low=0,
        high=1000000,
    )
    companion_faces: tuple[int, ...] = opt(
        (),
        de="Päsche dieser Augenzahlen zählen nur mit einer 1 oder 5 dazu",
        en="Sets of these faces count only with a 1 or 5 alongside",
        low=1,
        high=6,
    )
    companion_sizes: tuple[int, ...] = opt(
        (3,),
        de="Pasch-Größen, für die die 1-oder-5-Regel gilt",
        en="Set sizes the 1-or-5 companion rule applies to",
        low=3,
        high=6,
    )
    companion_scope: Literal["selection", "throw"] = opt(
        "selection",
        de="Wo die 1 oder 5 sein muss: unter den herausgelegten Würfeln oder irgendwo im Wurf",
        en="Where the 1 or 5 must be: among the dice set aside, or anywhere in the throw",
    )


@dataclasses.dataclass(frozen=True)
class ThreePairsOptions:
    value: int = opt(
        0,
        de="Punkte für drei Pärchen in einem Wurf (0 = aus)",
        en="Points for three pairs in one throw (0 = off)",
        low=0,
        high=1000000,
    )
    distinct: bool = opt(
        True,
        de="Drei Pärchen müssen drei verschiedene Augenzahlen haben",
        en="The three pairs must show three different faces",
    )


@dataclasses.dataclass(frozen=True)
class PyramidOptions:
    value: int = opt(
        0,
        de="Punkte für die Pyramide (x, y-y, z-z-z) in einem Wurf (0 = aus)",
        en="Points for the pyramid (x, y-y, z-z-z) in one throw (0 = off)",
        low=0,
        high=1000000,
    )
    shape: Literal["exact_122333", "consecutive_ascending", "consecutive_any_direction", "any_distinct"] = opt(
        "consecutive_ascending",
        de="Welche Pyramiden zählen: nur 1-2-2-3-3-3, aufsteigend aufeinanderfolgend, auch absteigend, beliebig",
        en="Which pyramids count: only 1-2-2-3-3-3, consecutive ascending, either direction, any three faces",
    )


@dataclasses.dataclass(frozen=True)
class ScoringOptions:
    one: int = opt(100, de="Wert einer einzelnen 1", en="Value of a single 1", low=0, high=1000000)
    five: int = opt(50, de="Wert einer einzelnen 5", en="Value of a single 5", low=0, high=1000000)
    straights: tuple[Straight, ...] = opt(
        (), de="Straßen (alle Würfel aus einem Wurf)", en="Straights (all dice from one throw)"
    )
    instant_win: tuple[InstantWin, ...] = opt(
        (),
        de="Würfe, die das Spiel sofort gewinnen",
        en="Throws that win the game at once",
    )
    kind: KindOptions = opt(KindOptions(), de="Päsche (gleiche Würfel)", en="Sets of equal dice")
    three_pairs: ThreePairsOptions = opt(ThreePairsOptions(), de="Drei Pärchen", en="Three pairs")
    pyramid: PyramidOptions = opt(PyramidOptions(), de="Pyramide", en="Pyramid")


@dataclasses.dataclass(frozen=True)
class SelectionOptions:
    rule: Literal["free", "all_scoring"] = opt(
        "free",
        de="Freie Auswahl der herausgelegten Würfel oder alle wertbaren Würfel (beste Auswahl) zwingend",
        en="Free choice of the dice set aside, or all scoring dice (the best selection) forced",
    )
    model: Literal["standard", "macke_literal"] = opt(
        "standard",
        de="Herauslegen: alle gewerteten Würfel bleiben liegen oder nur Einsen und Fünfen (Macke wörtlich)",
        en="Setting aside: every scored die stays aside, or only 1s and 5s do (Macke literally)",
    )
    five_pair_to_one: bool = opt(
        False,
        de="5er drehen: zwei Fünfen desselben Wurfs als eine Eins werten",
        en="Turn fives: two fives of the same throw count as one 1",
    )
    converted_one_combines: bool = opt(
        False,
        de="Eine gedrehte Eins darf in Pasch, Ergänzung oder Straße mitzählen",
        en="A turned 1 may take part in a set, an extension or a straight",
    )
    five_turn_timing: Literal["on_set_aside", "any_time"] = opt(
        "on_set_aside",
        de="5er drehen beim Herauslegen oder jederzeit später im Zug",
        en="Turn fives when setting them aside, or at any later point of the turn",
    )


@dataclasses.dataclass(frozen=True)
class TurnOptions:
    hot_dice: bool = opt(
        True,
        de="Alle Würfel herausgelegt: mit allen Würfeln weiterwürfeln (Anschluss)",
        en="All dice set aside: continue with all dice (hot dice)",
    )
    max_throws: int = opt(
        0, de="Höchstzahl Würfe pro Zug (0 = unbegrenzt)", en="Maximum throws per turn (0 = unlimited)", low=0, high=100
    )
    min_bank: int = opt(0, de="Mindestpunkte im Zug zum Aufhören", en="Minimum turn total to stop", low=0, high=1000000)
    stop_below_threshold: Literal["forbidden", "counts_as_bust"] = opt(
        "forbidden",
        de="Unter der Schwelle: weiterwürfeln müssen oder aufgeben (zählt als Macke)",
        en="Below the threshold: must throw again, or may give up (counts as a bust)",
    )
    max_dice_left_to_bank: int = opt(
        -1,
        de="Höchstens so viele Würfel dürfen beim Aufhören übrig sein (−1 = beliebig)",
        en="At most this many dice may be left when stopping (−1 = no limit)",
        low=-1,
        high=6,
    )
    beat_predecessor: bool = opt(
        False,
        de="Der Zug muss mehr Punkte bringen als der vorherige Zug",
        en="The turn must score more than the previous turn",
    )
    beat_fallback: int = opt(
        0,
        de="Mindestpunkte, wenn es keinen gewerteten vorherigen Zug gibt",
        en="Requirement when there is no banked previous turn",
        low=0,
        high=1000000,
    )
    bust: Literal["forfeit", "negate"] = opt(
        "forfeit",
        de="Macke: Punkte des Zuges verfallen oder werden abgezogen",
        en="Bust: the turn total is lost, or subtracted from the score",
    )
    first_throw_niete: Literal["normal", "minus", "nix"] = opt(
        "normal",
        de="Niete im ersten Wurf: normal, zusätzlich Minuspunkte (Minus-Macke) oder Pluspunkte und Ende "
        "(Glücks-Macke/Nix)",
        en="Niete on the first throw: normal, additional penalty (Minus-Macke) or bonus and stop (Glücks-Macke/Nix)",
    )
    first_throw_points: int = opt(
        1000, de="Punkte für Minus-/Glücks-Macke", en="Points for the first-throw penalty/bonus", low=0, high=1000000
    )


@dataclasses.dataclass(frozen=True)
class ProofOptions:
    enabled: bool = opt(
        False,
        de="Päsche beweisen: ein Pasch muss durch eine spätere 1 oder 5 bewiesen werden",
        en="Prove sets: a set must be proven by a later 1 or 5",
    )
    same_throw: bool = opt(
        False, de="Eine 1 oder 5 aus demselben Wurf beweist den Pasch", en="A 1 or 5 from the same throw proves the set"
    )


@dataclasses.dataclass(frozen=True)
class ConfirmOptions:
    enabled: bool = opt(
        False,
        de="Bestätigen: nach dem Herauslegen aller Würfel muss bestätigt werden",
        en="Confirm: after all dice were set aside the turn must be confirmed",
    )
    trigger: Literal["all_dice_set_aside", "full_throw_all_scored", "throw_all_scoring"] = opt(
        "all_dice_set_aside",
        de="Auslöser: alle Würfel herausgelegt, ein ganzer Wurf komplett herausgelegt, oder ein ganzer Wurf verwertbar",
        en="Trigger: all dice set aside, one full throw set aside completely, or one full throw fully scorable",
    )
    min_points: int = opt(
        0, de="Geforderte Punkte zum Bestätigen", en="Points required to confirm", low=0, high=1000000
    )
    scope: Literal["single_throw", "accumulated"] = opt(
        "single_throw",
        de="Bestätigen im nächsten Wurf allein oder über mehrere Würfe gesammelt",
        en="Confirm in the next throw alone, or accumulated over several throws",
    )


@dataclasses.dataclass(frozen=True)
class ExtensionOptions:
    enabled: bool = opt(
        False,
        de="Ergänzen: ein Pasch darf im nächsten Wurf um gleiche Würfel ergänzt werden",
        en="Extend: a set may be extended by equal dice in the next throw",
    )
    value: Literal["double_per_die", "kind_table"] = opt(
        "double_per_die",
        de="Wert der Ergänzung: Verdoppeln je Würfel oder Differenz laut Pasch-Wertung",
        en="Value of an extension: doubling per die, or the difference of the set values",
    )
    across_hot_dice: bool = opt(
        True, de="Ergänzen auch nach Anschluss (neuer voller Becher)", en="Extension survives a hot-dice refill"
    )


@dataclasses.dataclass(frozen=True)
class MinusMarksOptions:
    count: int = opt(
        0,
        de="So viele Macken in Folge kosten Strafpunkte (0 = aus)",
        en="This many busts in a row cost a penalty (0 = off)",
        low=0,
        high=100,
    )
    penalty: int = opt(
        0, de="Strafpunkte für die Macken-Serie", en="Penalty for the streak of busts", low=0, high=1000000
    )


@dataclasses.dataclass(frozen=True)
class TakeoverOptions:
    enabled: bool = opt(
        False,
        de="Übernehmen: der nächste Spieler darf Punkte und Würfel des Vorgängers übernehmen",
        en="Take over: the next player may continue with the previous player's total and dice",
    )


@dataclasses.dataclass(frozen=True)
class MishapOptions:
    mode: Literal["off", "scorekeeper", "simulated"] = opt(
        "off",
        de="Missgeschicke (brennt, Türmchen, vom Tisch): aus, von Hand melden, oder simuliert",
        en="Mishaps (burning die, stacked dice, off the table): off, reported by hand, or simulated",
    )
    probability: float = opt(
        0.0,
        de="Simuliert: Wahrscheinlichkeit eines ungültigen Wurfs",
        en="Simulated: probability of a void throw",
        low=0.0,
        high=1.0,
    )
    knock: bool = opt(
        False,
        de="Klopfen: bei einem Türmchen darf einmal geklopft werden",
        en="Knock: on stacked dice the player may knock once",
    )
    knock_success: float = opt(
        0.0,
        de="Simuliert: Wahrscheinlichkeit, dass Klopfen den Wurf rettet",
        en="Simulated: probability that a knock saves the throw",
        low=0.0,
        high=1.0,
    )
    penalty_streak: int = opt(
        0,
        de="So viele ungültige Würfe in Folge werden bestraft (0 = nie)",
        en="This many consecutive void throws are penalised (0 = never)",
        low=0,
        high=100,
    )
    penalty_effect: Literal["none", "deduct_points", "bust_turn"] = opt(
        "none",
        de="Strafe: keine, Punktabzug (Zug geht weiter) oder der Zug ist verloren",
        en="Penalty: none, deduct points (the turn goes on), or the turn busts",
    )
    penalty_points: int = opt(0, de="Abzug bei der Strafe", en="Points deducted by the penalty", low=0, high=1000000)
    penalty_repeat: Literal["each_after_threshold", "reset"] = opt(
        "each_after_threshold",
        de="Nach der Strafe: jeder weitere ungültige Wurf kostet erneut, oder Zählung neu",
        en="After the penalty: every further void is penalised again, or the count restarts",
    )
    skip_next_turn: bool = opt(
        False, de="Die Strafe kostet auch den nächsten Zug (aussetzen)", en="The penalty also costs the next turn"
    )


@dataclasses.dataclass(frozen=True)
class RueckwaertsOptions:
    __optional_table__: ClassVar[bool] = True
    refill_when_empty: bool = opt(
        True,
        de="Ist der letzte Würfel heraus, bekommt der Nächste alle Würfel",
        en="When the last die is out, the next thrower gets all dice",
    )
    next_round_starter: Literal["after_receiver", "receiver"] = opt(
        "after_receiver",
        de="Wer nach dem Empfang der Minuspunkte beginnt: der Nächste oder der Empfänger",
        en="Who throws first after a player received the pool: the next player, or the receiver",
    )


@dataclasses.dataclass(frozen=True)
class BumerangOptions:
    __optional_table__: ClassVar[bool] = True
    phase2: Literal["count_down", "rueckwaerts_mode"] = opt(
        "count_down",
        de="Nach dem Ziel: eigene Punkte werden abgezogen, oder alle spielen Rückwärts",
        en="After the target: own banked turns are subtracted, or everybody plays Rückwärts",
    )


@dataclasses.dataclass(frozen=True)
class ZehntausendRules:
    dice: DiceOptions = opt(DiceOptions(), de="Würfel", en="Dice")
    game: GameOptions = opt(GameOptions(), de="Spiel", en="Game")
    scoring: ScoringOptions = opt(ScoringOptions(), de="Wertung", en="Scoring")
    selection: SelectionOptions = opt(SelectionOptions(), de="Herauslegen", en="Selection")
    turn: TurnOptions = opt(TurnOptions(), de="Zug", en="Turn")
    proof: ProofOptions = opt(ProofOptions(), de="Beweisen", en="Proof")
    confirm: ConfirmOptions = opt(ConfirmOptions(), de="Bestätigen", en="Confirmation")
    extension: ExtensionOptions = opt(ExtensionOptions(), de="Ergänzen", en="Extension")
    minus_marks: MinusMarksOptions = opt(MinusMarksOptions(), de="Minus-Striche", en="Minus marks")
    takeover: TakeoverOptions = opt(TakeoverOptions(), de="Übernehmen", en="Takeover")
    mishap: MishapOptions = opt(MishapOptions(), de="Missgeschicke", en="Mishaps")
    rueckwaerts: RueckwaertsOptions = opt(RueckwaertsOptions(), de="Rückwärts", en="Rückwärts")
    bumerang: BumerangOptions = opt(BumerangOptions(), de="Bumerang", en="Bumerang")

    def __hash__(self) -> int:
        """Cached: rule sets key many ``lru_cache`` tables, and hashing 60 nested options on every lookup is slow."""
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def min_players(self) -> int:
        """The registry reads ``rules.min_players`` to bound the number of players (solo: 1)."""
        return self.game.min_players

    def validate(self) -> None:
        """Refuse contradictory or meaningless rule sets (spec §2.7), naming the option at fault."""
        _check(self)

    def warnings(self) -> list[str]:
        """Playable but inert or odd combinations (spec §2.7 "warn"), as English msgids with ``{}`` filled."""
        return _warnings(self)


def kind_value(rules: ZehntausendRules, face: int, k: int) -> int:
    """kv(f, k): the value of k equal dice of ``face`` as ONE meld per ``scoring.kind.rule`` (0 = not a meld)."""
    kind = rules.scoring.kind
    if k < 3 or not 1 <= face <= 6:
        return 0
    base = kind.triple[face - 1]
    if k == 3:
        return base
    if kind.rule == "doubling":
        return base * 2 ** (k - 3)
    if kind.rule == "explicit":
        row = kind.explicit.get(str(k))
        if row and row[face - 1] > 0:
            return row[face - 1]
    return 0


def _bad(key: str, msgid: str) -> RuleError:
    return RuleError(msgid, key=key)


def _check(r: ZehntausendRules) -> None:
    n = r.dice.count
    g = r.game
    if g.target <= 0:
        raise _bad("game.target", N_("Option '{key}' must be greater than 0."))
    if g.min_players < 1:
        raise _bad("game.min_players", N_("Option '{key}' must be at least 1."))
    if g.mode == "solo" and g.min_players != 1:
        raise RuleError(
            N_("Option '{key}' must be {value} when '{other}' is \"{other_value}\"."),
            key="game.min_players",
            value=1,
            other="game.mode",
            other_value="solo",
        )
    s = r.scoring
    for key, value in (("scoring.one", s.one), ("scoring.five", s.five)):
        if value < 0:
            raise _bad(key, N_("Option '{key}' must not be negative."))
    for i, st in enumerate(s.straights):
        key = f"scoring.straights[{i}]"
        if len(st.faces) < 2 or len(set(st.faces)) != len(st.faces) or any(f not in FACES for f in st.faces):
            raise _bad(key + ".faces", N_("Option '{key}' needs at least two distinct faces from 1 to 6."))
        if st.value <= 0:
            raise _bad(key + ".value", N_("Option '{key}' must be greater than 0."))
    for i, iw in enumerate(s.instant_win):
        key = f"scoring.instant_win[{i}]"
        if not 0 <= iw.face <= 6:
            raise _bad(key + ".face", N_("Option '{key}' must be 0 (any face) or 1 to 6."))
        if iw.count < 1:
            raise _bad(key + ".count", N_("Option '{key}' must be at least 1."))
    k = s.kind
    if len(k.triple) != 6:
        raise _bad("scoring.kind.triple", N_("Option '{key}' needs exactly 6 entries (faces 1 to 6)."))
    if any(v < 0 for v in k.triple):
        raise _bad("scoring.kind.triple", N_("Option '{key}' must not be negative."))
    for size, row in k.explicit.items():
        key = f"scoring.kind.explicit.{size}"
        if size not in ("4", "5", "6"):
            raise RuleError(N_("Option '{key}': the key must be a set size 4, 5 or 6."), key=key)
        if len(row) != 6:
            raise _bad(key, N_("Option '{key}' needs exactly 6 entries (faces 1 to 6)."))
        if any(v < 0 for v in row):
            raise _bad(key, N_("Option '{key}' must not be negative."))
    if any(f not in FACES for f in k.companion_faces):
        raise _bad("scoring.kind.companion_faces", N_("Option '{key}' may only list faces 1 to 6."))
    if any(not 3 <= z <= 6 for z in k.companion_sizes):
        raise _bad("scoring.kind.companion_sizes", N_("Option '{key}' may only list set sizes 3 to 6."))
    if s.three_pairs.value < 0:
        raise _bad("scoring.three_pairs.value", N_("Option '{key}' must not be negative."))
    if s.pyramid.value < 0:
        raise _bad("scoring.pyramid.value", N_("Option '{key}' must not be negative."))
    t = r.turn
    if t.max_throws < 0:
        raise _bad("turn.max_throws", N_("Option '{key}' must not be negative."))
    if t.min_bank < 0:
        raise _bad("turn.min_bank", N_("Option '{key}' must not be negative."))
    if t.max_dice_left_to_bank < -1 or t.max_dice_left_to_bank > n:
        raise _bad("turn.max_dice_left_to_bank", N_("Option '{key}' must be -1 (no limit) or 0 to the number of dice."))
    if t.beat_fallback < 0:
        raise _bad("turn.beat_fallback", N_("Option '{key}' must not be negative."))
    if t.first_throw_points < 0:
        raise _bad("turn.first_throw_points", N_("Option '{key}' must not be negative."))
    if r.proof.enabled and r.confirm.enabled:
        raise RuleError(
            N_("Options '{key}' and '{other}' cannot both be enabled (confirming replaces proving)."),
            key="proof.enabled",
            other="confirm.enabled",
        )
    if r.confirm.min_points < 0:
        raise _bad("confirm.min_points", N_("Option '{key}' must not be negative."))
    if g.mode == "rueckwaerts":
        if r.selection.rule != "all_scoring":
            raise RuleError(
                N_("Option '{key}' must be \"{value}\" when '{other}' is \"{other_value}\"."),
                other="game.mode",
                other_value="rueckwaerts",
                key="selection.rule",
                value="all_scoring",
            )
        if t.max_throws != 1:
            raise RuleError(
                N_("Option '{key}' must be {value} when '{other}' is \"{other_value}\"."),
                other="game.mode",
                other_value="rueckwaerts",
                key="turn.max_throws",
                value=1,
            )
    if r.selection.model == "macke_literal" and r.selection.five_pair_to_one:
        raise RuleError(
            N_("Options '{key}' and '{other}' cannot be combined."),
            key="selection.five_pair_to_one",
            other="selection.model",
        )
    if r.minus_marks.count < 0:
        raise _bad("minus_marks.count", N_("Option '{key}' must not be negative."))
    m = r.mishap
    for key, p in (("mishap.probability", m.probability), ("mishap.knock_success", m.knock_success)):
        if not 0.0 <= p <= 1.0:
            raise _bad(key, N_("Option '{key}' must be a probability between 0 and 1."))
    if m.mode == "simulated" and m.probability >= 1.0:
        raise _bad("mishap.probability", N_("Option '{key}' must be below 1 (every throw would be void)."))
    if m.penalty_streak < 0:
        raise _bad("mishap.penalty_streak", N_("Option '{key}' must not be negative."))
    if m.penalty_points < 0:
        raise _bad("mishap.penalty_points", N_("Option '{key}' must not be negative."))


def _warnings(r: ZehntausendRules) -> list[str]:
    out: list[str] = []
    n = r.dice.count
    s = r.scoring
    if s.kind.companion_faces and r.proof.enabled:
        out.append(
            N_(
                "scoring.kind.companion_faces together with proof.enabled: proving normally replaces the "
                "companion rule."
            )
        )
    for st in s.straights:
        if len(st.faces) > n:
            out.append(N_("A straight in scoring.straights needs more dice than dice.count: it can never score."))
    if s.three_pairs.value > 0 and n < 6:
        out.append(N_("scoring.three_pairs needs six dice: it can never score with dice.count = 5."))
    if s.pyramid.value > 0 and n < 6:
        out.append(N_("scoring.pyramid needs six dice: it can never score with dice.count = 5."))
    for iw in s.instant_win:
        if iw.count > n:
            out.append(N_("An entry of scoring.instant_win needs more dice than dice.count: it can never happen."))
    if r.extension.enabled and r.extension.value == "kind_table" and s.kind.rule == "explicit":
        out.append(
            N_(
                'extension.value = "kind_table" with scoring.kind.rule = "explicit": an extension to a '
                "set size without a table entry is not a meld."
            )
        )
    if r.extension.enabled and r.extension.value == "kind_table" and s.kind.rule == "triple_only":
        out.append(
            N_('extension.value = "kind_table" with scoring.kind.rule = "triple_only": no extension can ever score.')
        )
    if r.mishap.mode != "simulated" and (r.mishap.probability > 0 or r.mishap.knock_success > 0):
        out.append(N_('mishap.probability and mishap.knock_success are only used with mishap.mode = "simulated".'))
    if r.mishap.mode == "simulated":
        out.append(
            N_('mishap.mode = "simulated" voids throws at random: it changes the odds; all players must agree to it.')
        )
    if r.selection.converted_one_combines and not r.selection.five_pair_to_one:
        out.append(N_("selection.converted_one_combines has no effect without selection.five_pair_to_one."))
    if r.confirm.enabled and r.confirm.min_points == 0:
        out.append(N_("confirm.min_points = 0: any scoring throw confirms."))
    return out


@cache
def library() -> PresetLibrary:
    """The shipped presets and overlays (``presets/*.toml``)."""
    return PresetLibrary(PRESETS_DIR)


def resolve_rules(name_or_path: str) -> ResolvedRules:
    """A preset or overlay id, or the path of a user's TOML file (an overlay or a complete preset)."""
    return library().resolve(name_or_path)


def rules_from_data(data: Mapping[str, Any], complete: bool = True) -> ZehntausendRules:
    """The validated option tree of a resolved rules document (refusals name the option)."""
    rules = options_from_dict(ZehntausendRules, data, complete=complete)
    rules.validate()
    return rules


def load_rules(name_or_path: str, overrides: Mapping[str, Any] | None = None) -> ZehntausendRules:
    """Resolve and validate a rule set without going through the game registry (tests, benches, ``score``)."""
    data = resolve_rules(name_or_path).data
    if overrides:
        data = deep_merge(data, overrides)
    return rules_from_data(data)
