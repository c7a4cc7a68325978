"""Breaks one rule of the game at a time and checks that the rule's own tests notice.

Each mutation below removes or bends one rule the rules core's docstrings and comments cite
(rulebook or rulings line): it replaces one exact piece of code in one module, runs that
module's own tests (``pytest -x``, the derandomized hypothesis profile) and puts the code back.
A mutation the tests catch (they fail) is *caught*; one they do not is *survived*: a cited
rule with no test that fails without it. Not a test (it takes minutes): a probe to run after
changing the rules or their tests.

    python tools/mutation_probe.py            # every mutation
    python tools/mutation_probe.py payable    # those whose rule or module mentions 'payable'

Prints one line per mutation and the figure (caught of all); exits 1 if any survived.
The source is always restored, even on Ctrl-C.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "deckbuilder" / "rules"


@dataclass(frozen=True)
class Mutation:
    """One rule broken: in ``module`` (under deckbuilder/rules), ``old`` becomes ``new``."""

    module: str
    old: str
    new: str
    rule: str
    tests: str = "tests/test_engine.py"


#: One mutation per cited rule: (module, the code, the broken code, the rule it breaks).
MUTATIONS: tuple[Mutation, ...] = (
    # Sanity (rulebook l.124, l.362, l.40, l.42, l.126)
    Mutation(
        "engine/state.py",
        "return cost >= 0 or -cost <= state.sanity",
        "return True",
        "rulebook l.124, l.362: the whole Sanity cost must be payable (every card type)",
    ),
    Mutation(
        "engine/legal.py",
        "if p.cost < 0 and -p.cost > sanity:\n                continue\n            assert p.place",
        "if False:\n                continue\n            assert p.place",
        "rulebook l.124: an Ally's Sanity cost must be payable",
    ),
    Mutation(
        "engine/legal.py",
        "if not dimension_ok(p.dim, dim) or p.cost < 0 and -p.cost > sanity:",
        "if not dimension_ok(p.dim, dim):",
        "rulebook l.124: an Event's Sanity cost must be payable",
    ),
    Mutation(
        "engine/legal.py",
        "and dimension_ok(p.dim, dim)\n                and can_pay(s, p.cost)\n",
        "and dimension_ok(p.dim, dim)\n",
        "rulebook l.124: a Tome's Sanity cost must be payable",
    ),
    Mutation(
        "engine/legal.py",
        "dimension_ok(p.dim, dim) and can_pay(s, p.cost):",
        "dimension_ok(p.dim, dim):",
        "rulebook l.124: an Artifact's Sanity cost must be payable",
    ),
    Mutation(
        "engine/legal.py",
        "and can_pay(s, p.cost + gate_cost(s))\n            ):\n                plays.append(Play(K_CULTIST",
        "):\n                plays.append(Play(K_CULTIST",
        "rulebook l.124, l.174: a Cultist played as a Monster pays its cost",
    ),
    Mutation(
        "engine/threat.py",
        "elif can_pay(s, cost + extra):",
        "else:",
        "rulebook l.272: Monsters played at a Gate pay their whole cost",
    ),
    Mutation(
        "engine/locations.py",
        "if loc.first_ok and can_pay(s, p.cost) and",
        "if loc.first_ok and",
        "rulebook l.124: the first Location's Sanity cost must be payable",
    ),
    Mutation(
        "engine/locations.py",
        "travel_reaches(t, s.region, s.dim, loc) and can_pay(s, p.cost):",
        "travel_reaches(t, s.region, s.dim, loc):",
        "rulebook l.124, l.259: a Location a Travel Event leads to must be payable",
    ),
    Mutation(
        "engine/legal.py",
        "if can_pay(s, profiles[top].cost) and location_requirements_met",
        "if location_requirements_met",
        "rulebook l.241, l.343: arriving at a Location walked to pays its cost",
    ),
    Mutation(
        "engine/state.py",
        "s.sanity = min(s.sanity + gain, s.game.sanity_max)",
        "s.sanity = s.sanity + gain",
        "rulebook l.42: Sanity never above the Investigator's maximum",
    ),
    Mutation(
        "engine/state.py",
        "        if s.sanity <= 0:\n            s.sanity = 0\n            s.phase = OVER",
        "        if s.sanity < 0:\n            s.sanity = 0\n            s.phase = OVER",
        "rulebook l.362: Sanity driven to zero ends the game",
    ),
    # Round and Turn
    Mutation(
        "engine/turn.py",
        "        pay_sanity(s, (-1,))  # rulebook l.454",
        "        pass  # rulebook l.454",
        "rulebook l.454: a voluntary reshuffle costs 1 Sanity",
    ),
    Mutation(
        "engine/turn.py",
        "            pay_sanity(s, (-1,))\n            reshuffle_discard(s)\n            deck = s.deck",
        "            reshuffle_discard(s)\n            deck = s.deck",
        "rulebook l.544: running out of the Mythos Deck costs 1 Sanity",
    ),
    Mutation(
        "engine/turn.py",
        "    size = s.game.hand_size\n",
        "    size = s.game.hand_size - 1\n",
        "rulebook l.47, l.457: draw up to the Hand size",
    ),
    Mutation(
        "engine/turn.py",
        "        if s.goo_age >= 1:",
        "        if s.goo_age >= 0:",
        "rulebook l.286: a Great Old One stays one more Round",
    ),
    Mutation(
        "engine/turn.py",
        "    if not g.rules.campaign:\n        s.won = True",
        "    if False:\n        s.won = True",
        "rulebook l.91: completing an Adventure ends a Basic game",
    ),
    # First plays and Locations
    Mutation(
        "engine/legal.py",
        "locations_only = not s.located and not g.rules.advanced",
        "locations_only = False",
        "rulebook l.79: the first play of a Basic game is a Location",
    ),
    # (rulebook l.76, nothing that needs a Location before the first one, has no mutation of
    # its own: removing its early `continue` in legal.py changes no play, since each card
    # type's own condition, a subregion, an attribute or a Gate, already needs a Location.)
    Mutation(
        "places/predicates.py",
        "    if src.island or dst.island or dst.reach_modes:\n        return Step.NONE",
        "    if dst.reach_modes:\n        return Step.NONE",
        "rulebook l.233, l.261: no walking to, from or between Islands",
    ),
    Mutation(
        "places/predicates.py",
        "    if dst.region != src.region and dst.region not in src.walk_to_regions:\n        return Step.NONE",
        "",
        "rulebook l.259: no walking to another Region",
    ),
    Mutation(
        "places/predicates.py",
        "    if dst.dim != src_dim and not dst.any_dimension:\n        return Step.NONE",
        "",
        "rulebook l.267: no walking to another Dimension",
    ),
    Mutation(
        "places/predicates.py",
        "    if t.origin_water and not (origin_attrs & water):\n        return False",
        "",
        "rulings l.87: Travel by Sea is played at a Water Location",
    ),
    # Allies, Tomes, Artifacts, Events
    Mutation(
        "engine/legal.py",
        "if p.title not in ally_titles:  # rulebook l.367",
        "if True:  # rulebook l.367",
        "rulebook l.367: one copy of an Ally in play",
    ),
    Mutation(
        "places/predicates.py",
        "        if alt.subregion >= 0 and alt.subregion != subregion:\n            continue",
        "",
        "rulebook l.84: an Ally is found in its subregion",
    ),
    Mutation(
        "engine/legal.py",
        "                here_attrs & g.tome_attr\n",
        "                True\n",
        "rulebook l.324: a Tome only at a Location with the Tome attribute",
    ),
    Mutation(
        "engine/legal.py",
        "                and can_read(p, s.readers())\n",
        "\n",
        "rulebook l.326: a Tome needs a reader of its language",
    ),
    Mutation(
        "engine/legal.py",
        "if here_attrs & g.artifact_attr and dimension_ok",
        "if dimension_ok",
        "rulebook l.183: an Artifact only at a Location with the Artifact attribute",
    ),
    Mutation(
        "engine/legal.py",
        "                    continue  # rulebook l.202, l.367: one Event of a title at a time",
        "                    pass  # rulebook l.202, l.367: one Event of a title at a time",
        "rulebook l.202, l.367: one Event of a title at a time",
    ),
    Mutation(
        "engine/legal.py",
        "                continue  # rulebook l.202: no legitimate target alone at the table",
        "                pass  # rulebook l.202: no legitimate target alone at the table",
        "rulebook l.202: an Event aimed only at an opponent has no target alone",
    ),
    Mutation(
        "engine/legal.py",
        "if (not s.adventures or all(profiles[a].title != p.title for a in s.adventures))",
        "if (True)",
        "rulebook l.157: an Adventure once per game",
    ),
    # (rulebook l.126, a Spell costs no Sanity to play, has no mutation of its own either: the
    # engine charges no Spell play at all, so the zero cost places/reading.py gives a Spell is
    # read by nothing; tests/test_engine.py checks the Sanity after a Spell is played.)
    Mutation(
        "engine/threat.py",
        "    if not s.gate_used:\n        return True",
        "    if True:\n        return True",
        "rulebook l.227: each Gate once per arrival",
    ),
    Mutation(
        "engine/threat.py",
        "    extra = gate_cost(s)\n",
        "    extra = 0\n",
        "rulebook l.227: a Gate used again costs its Location's Sanity",
    ),
    Mutation(
        "engine/threat.py",
        "        if in_play & mask:\n            continue\n        return False",
        "        continue",
        "rulebook l.282: a Great Old One needs its two requirements in play",
    ),
    Mutation(
        "engine/tomes.py",
        "if tp.icons & p.icons and len(attached.get(t, ())) < tp.capacity:",
        "if tp.icons & p.icons:",
        "rulebook l.336: Spells into a Tome up to its capacity",
    ),
    Mutation(
        "engine/tomes.py",
        "if q.kind is SPELL and q.icons & p.icons and",
        "if q.kind is SPELL and",
        "rulebook l.299, l.303: a Spell Joins a Tome of a matching icon",
    ),
    Mutation(
        "engine/tomes.py",
        "        if p.weapon and any(profiles[x].weapon for x in s.attached.get(a, ())):\n            continue\n",
        "",
        "rulebook l.191: one Weapon for each Ally",
    ),
    Mutation(
        "engine/legal.py",
        "    if len(s.hand) <= g.hand_max:\n        plays.append(PLAY_END)",
        "    if True:\n        plays.append(PLAY_END)",
        "rulebook l.445: at most the Maximum kept at the end of a Round",
    ),
    Mutation(
        "engine/turn.py",
        "    if s.threat:\n        s.story[0:0] = s.threat",
        "    if False:\n        s.story[0:0] = s.threat",
        "rulebook l.439: the Threat is Buried at the end of card play",
    ),
    Mutation(
        "engine/turn.py",
        "        keep = s.story[-1:]\n",
        "        keep = s.story[:]\n",
        "rulebook l.472: a Campaign Adventure discards the Story Deck but the Current Location",
    ),
    # Deck rules (the validator)
    Mutation(
        "validator.py",
        "    if have >= need:\n        return []",
        "    if True:\n        return []",
        "rulings:11: at least the format's number of cards",
        "tests/test_validator.py",
    ),
    Mutation(
        "validator.py",
        "if copies > limit and key not in exempt:",
        "if False:",
        "rulings:12: at most four copies of a card by title",
        "tests/test_validator.py",
    ),
    Mutation(
        "validator.py",
        "        if n <= limit:",
        "        if True:",
        "rulings:13: one copy of a card with the Uniqueness Dot",
        "tests/test_validator.py",
    ),
)


def run(mutation: Mutation) -> tuple[bool, float]:
    """Applies one mutation, runs its module's tests, restores the file; gets (caught, seconds)."""
    path = RULES / mutation.module
    original = path.read_text(encoding="utf-8")
    found = original.count(mutation.old)
    if found != 1:
        raise SystemExit(
            f"{mutation.module}: the code to mutate is found {found} times, not once: "
            f"{mutation.old!r} (update tools/mutation_probe.py)"
        )
    started = time.perf_counter()
    try:
        path.write_text(original.replace(mutation.old, mutation.new), encoding="utf-8")
        env = {**os.environ, "CI": "true", "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", mutation.tests],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
    finally:
        path.write_text(original, encoding="utf-8")
    return done.returncode != 0, time.perf_counter() - started


def main(argv: list[str]) -> int:
    chosen = [m for m in MUTATIONS if not argv or any(a.lower() in (m.rule + m.module).lower() for a in argv)]
    caught = 0
    for m in chosen:
        ok, seconds = run(m)
        caught += ok
        print(f"{'caught  ' if ok else 'SURVIVED'} {seconds:5.1f} s  {m.module}: {m.rule}", flush=True)
    print(f"{caught} of {len(chosen)} mutations caught, {len(chosen) - caught} survived")
    return 0 if caught == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
