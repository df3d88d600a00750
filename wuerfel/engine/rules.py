"""House rules as data: typed option trees, TOML presets and overlays, validation with clear errors.

A game's rules are one frozen dataclass whose fields are scalars, ``Literal`` choices, tuples and nested dataclasses
(one per TOML table). This module turns TOML documents into such trees and back, generically, so that a game only
declares its options and its cross-option checks:

* every unknown key, wrong type or value outside a ``Literal`` is refused with the dotted name of the option;
* presets are complete TOML documents with a ``[preset]`` table; overlays are partial documents with an
  ``[overlay]`` table (``id``, ``extends``, ``note``) deep-merged onto what they extend: tables merge, arrays and
  scalars replace, an empty table clears the base table;
* a user's own file is an overlay (or a complete preset) and loads the same way.

Options carry German and English descriptions in their field metadata (:func:`opt`) for the web rule editor and
``wuerfel rules show``. Every numeric option also declares its range there (``low``/``high``): a rule value is data a
stranger can send to the server, and an unbounded chip count or stake list is an out-of-memory attack, so a number
outside its range (and NaN or infinity anywhere) is refused while loading, with the option's name.

The machinery is split by idea (issue 26), and this module is the door every game imports it through:

* :mod:`wuerfel.engine.option_tree`: the typed option tree (:func:`opt`, :func:`options_from_dict` with its
  refusals and ranges, :func:`options_to_dict`, :func:`rules_key`);
* :mod:`wuerfel.engine.option_labels`: the options' names in German and English (:func:`label_options`,
  :func:`describe_options`, :func:`option_schema`);
* :mod:`wuerfel.engine.presets`: the rule files (:class:`PresetLibrary`, :class:`ResolvedRules`, overlays and
  overrides).
"""

from __future__ import annotations

from wuerfel.engine.option_labels import (
    YES_NO,
    OptionInfo,
    OptionLabels,
    Words,
    describe_options,
    humanize_params,
    label_options,
    option_display_name,
    option_keys,
    option_labels,
    option_schema,
)
from wuerfel.engine.option_tree import (
    FrozenDict,
    check_ranges,
    opt,
    options_from_dict,
    options_to_dict,
    require,
    rules_key,
)
from wuerfel.engine.presets import (
    META_FIELDS,
    PRESET_META_FIELDS,
    PRESET_META_KEYS,
    PresetLibrary,
    ResolvedRules,
    check_meta,
    deep_merge,
    flatten_overrides,
    set_dotted,
)

__all__ = [
    "META_FIELDS",
    "PRESET_META_FIELDS",
    "PRESET_META_KEYS",
    "YES_NO",
    "FrozenDict",
    "OptionInfo",
    "OptionLabels",
    "PresetLibrary",
    "ResolvedRules",
    "Words",
    "check_meta",
    "check_ranges",
    "deep_merge",
    "describe_options",
    "flatten_overrides",
    "humanize_params",
    "label_options",
    "opt",
    "option_display_name",
    "option_keys",
    "option_labels",
    "option_schema",
    "options_from_dict",
    "options_to_dict",
    "require",
    "rules_key",
    "set_dotted",
]
