"""Card effects: the notation of what a Spell's casting or an Artifact's use does
(:mod:`~.notation`) and the reader of card text into it (:mod:`~.reader`).

Pure, standard library only, like the rest of the rules. The engine plays the effects
(:mod:`deckbuilder.rules.engine.casting`); the catalog hands in the overrides of
``catalog/effects.toml`` as plain :class:`CardEffects` values.
"""

from __future__ import annotations

from deckbuilder.rules.effects.notation import (
    MONSTER_CLASSES,
    After,
    CardEffects,
    Effect,
    EffectKind,
    EffectSyntaxError,
    effect_text,
    effects_text,
    parse_effects,
)
from deckbuilder.rules.effects.reader import ledger_reason, read_effects

__all__ = [
    "MONSTER_CLASSES",
    "After",
    "CardEffects",
    "Effect",
    "EffectKind",
    "EffectSyntaxError",
    "effect_text",
    "effects_text",
    "ledger_reason",
    "parse_effects",
    "read_effects",
]
