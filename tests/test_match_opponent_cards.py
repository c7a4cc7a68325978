"""Spells, Artifacts and Allies used on an opponent at the table, and the cards that answer an
opponent's (issue 23): a Story Deck taken down to its next Location, an Ally discarded, Buried
or flipped face-down, a Tome stolen, an Ally Buried instead of an Artifact or Tome, a Spell
cancelled, Allies kept out of an Epidemic. Each cites the rulebook line it follows ("rulebook
l.N"). The cards are built here in our own words around the clause the reader keys on
(rules/match/opponents.py), never a card's text."""

from __future__ import annotations

from dataclasses import replace

from support.engine import DUNWICH_FARM, ally, artifact, event, monster, spell, tome
from support.match import Scripted, brian_and_meghan, take

from deckbuilder.rules.cards import Allegiance
from deckbuilder.rules.engine import Play, PlayKind
from deckbuilder.rules.match import Match, step
from deckbuilder.rules.match.policy import GreedyPlayer
from deckbuilder.rules.match.table import ally_value, card_play, combat, next_round, strike_plays, turn_plays

ALLIES = "Affects Opponent's Ally"
LIBER = tome("Liber", languages=("English",))
SHAKE = spell(
    "Shake",
    text="Take the top card of your opponent's Story Deck and Discard it; a card that is no Location, Bury it, "
    "until a Location card is revealed.",
)
MIST = spell(
    "Mist", text="If it is Day, Bury opponent's Current Location. If it is Night, Discard opponent's Current Location."
)
DOOM = spell("Doom", text="Discard a random Ally.")
DREAM_TEST = spell("Dream Test", text="Randomly Bury one of your opponent's Allies lacking the Dreamer attribute.")
STONE = spell("Stone", text="Target becomes an Artifact: place Ally and any attached cards face-down for the Round.")
DRAIN = spell(
    "Drain",
    text="Transfer to your Investigator's Sanity points the value of one opponent's Ally. Flip that Ally face-down.",
)
LASH = spell("Lash", text="The opponent must Discard the Ally closest to the bottom of his or her Story Deck.")
THIEF = ally("Book Thief", text="Use him to steal a Tome (cause it to be Buried) from your opponent, then Bury him.")
GUARD = ally(
    "Guard",
    text="At the moment you would lose an Artifact or Tome, you may choose to Bury this card instead. "
    "Your opponent must then Bury his or her card.",
)
BELL = artifact("Bell", text="Flip this card face-down to cancel an opponent's Spell that was just cast.")
ROBBERY = event(
    "Robbery",
    text="Cause an opponent to Bury a random Artifact. Then Bury this card.",
    affects="Affects Opponent's Artifact",
)
LAMP = artifact("Lamp")
FEVER = event(
    "Fever",
    "Epidemic",
    text="Your opponent must Flip all Allies face-down.",
    affects="Affects Opponent's Allies",
)
NURSE = ally(
    "Nurse", text="The Nurse and one Ally of your choice are excluded when determining the results of an Epidemic."
)
STRONG = replace(ally("Strong Friend"), value=3)
WEAK = ally("Weak Friend")
DREAMER = ally("Dreamer Friend", attrs=("Steadfast", "Dreamer"))


table = brian_and_meghan


def in_tome(m: Match, seat: int, title: str) -> int:
    """Puts Liber in play with the Spell ``title`` in it; gets the Spell's id."""
    s = m.players[seat]
    book, c = take(m, seat, "Liber"), take(m, seat, title)
    s.tomes.append(book)
    s.spells.append(c)
    s.attached[book] = (c,)
    return c


def allies(m: Match, seat: int, *titles: str) -> list[int]:
    out = [take(m, seat, t) for t in titles]
    m.players[seat].allies.extend(out)
    return out


class Using(Scripted):
    """Casts or uses the card titled ``title`` if offered, else Passes."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title = title
        self.offered = False

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        g = m.players[seat].game
        mine = [p for p in plays if p.kind in (PlayKind.CAST, PlayKind.USE) and g.title(p.card) == self.title]
        self.offered = bool(mine)
        return mine[0] if mine else next(p for p in plays if p.kind is PlayKind.PASS)


def uses(m: Match, seat: int, title: str) -> bool:
    m.to_move = seat
    player = Using(title)
    step(m, [player, player])
    return player.offered


def test_a_spell_takes_the_opponents_story_deck_down_to_its_next_location():
    # Rulebook l.307: cast on a later Turn at a target; from a Tome its Sanity paid and the Spell
    # flipped (l.309). The top card Discarded, the card that is no Location Buried (l.506), the
    # Location revealed is where Meghan stands.
    m = table([LIBER, SHAKE], [DUNWICH_FARM])
    brian, meghan = m.players
    shake = in_tome(m, 0, "Shake")
    farm, filler, house = take(m, 1, "Dunwich Farm"), take(m, 1, "Filler Storm"), meghan.where
    meghan.story[:] = [farm, filler, house]
    assert uses(m, 0, "Shake")
    assert house in meghan.discard and meghan.story == [filler, farm] and meghan.where == farm
    assert brian.sanity == 13 and shake in brian.cast and "Shake" in m.applied[0]


def test_a_spell_buries_the_opponents_current_location_by_day_and_discards_it_by_night():
    # Rulebook l.307 (cast at a target), l.76 (the game begins in the Day); the Investigator then
    # stands at the Location below (l.518).
    from deckbuilder.rules.engine.locations import arrive_at

    m = table([LIBER, MIST], [DUNWICH_FARM])
    brian, meghan = m.players
    in_tome(m, 0, "Mist")
    farm, house = take(m, 1, "Dunwich Farm"), meghan.where
    meghan.story[:] = [house]
    arrive_at(meghan, farm)
    assert not m.night and uses(m, 0, "Mist")
    assert meghan.story == [farm, house] and meghan.where == house  # by Day, Buried
    assert "Mist" in m.applied[0]
    m2 = table([LIBER, MIST], [DUNWICH_FARM])
    in_tome(m2, 0, "Mist")
    farm2, house2 = take(m2, 1, "Dunwich Farm"), m2.players[1].where
    m2.players[1].story[:] = [house2]
    arrive_at(m2.players[1], farm2)
    m2.night = True
    assert uses(m2, 0, "Mist")
    assert farm2 in m2.players[1].discard and m2.players[1].where == house2  # by Night, Discarded


def test_a_spell_on_an_ally_needs_one_in_play():
    # Rulebook l.307: "A Spell that requires a target must have a legitimate target in order to be
    # played": no Ally, no cast; with two, one is Discarded at random.
    m = table([LIBER, DOOM], [WEAK, STRONG])
    meghan = m.players[1]
    in_tome(m, 0, "Doom")
    assert not uses(m, 0, "Doom")
    allies(m, 1, "Weak Friend", "Strong Friend")
    assert uses(m, 0, "Doom")
    assert len(meghan.allies) == 1 and len(meghan.discard) == 1


def test_only_an_ally_lacking_the_attribute_is_a_target():
    m = table([LIBER, DREAM_TEST], [DREAMER, WEAK])
    meghan = m.players[1]
    in_tome(m, 0, "Dream Test")
    (dreamer,) = allies(m, 1, "Dreamer Friend")
    assert not uses(m, 0, "Dream Test")  # her one Ally has the attribute: no target (l.307)
    (weak,) = allies(m, 1, "Weak Friend")
    assert uses(m, 0, "Dream Test")
    assert meghan.allies == [dreamer] and meghan.story[0] == weak


def test_an_ally_flipped_face_down_does_not_defend_this_round():
    # Rulebook l.532: a face-down card is in play but its effects are "not otherwise available";
    # l.448: face-up again after the Round. The strongest Ally is the caster's choice (l.307).
    m = table([LIBER, STONE], [WEAK, STRONG])
    meghan = m.players[1]
    in_tome(m, 0, "Stone")
    weak, strong = allies(m, 1, "Weak Friend", "Strong Friend")
    assert uses(m, 0, "Stone")
    assert m.face_down[1] == [strong] and strong in meghan.allies
    assert [p.card for p in strike_plays(m, 0)] == []  # the Spell is flipped until the Round ends (l.309)
    m.players[0].threat.append(take(m, 0, "Filler Storm"))
    m.stage = 1

    class Everyone(Scripted):
        def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
            return [0 if seat == 1 else -1 for _ in m.players[seat].allies]

    combat(m, [Everyone(), Everyone()])
    defended = [line for line in m.log or [] if "defends" in line]
    assert defended and "Strong Friend" not in defended[0] and "Weak Friend" in defended[0]


def test_a_drained_ally_gives_its_value_in_sanity():
    m = table([LIBER, DRAIN], [STRONG])
    brian = m.players[0]
    in_tome(m, 0, "Drain")
    (strong,) = allies(m, 1, "Strong Friend")
    brian.sanity = 10
    assert uses(m, 0, "Drain")
    assert brian.sanity == 10 - 2 + 3 and m.face_down[1] == [strong]


def test_the_ally_nearest_the_story_decks_bottom_is_discarded():
    m = table([LIBER, LASH], [WEAK, STRONG])
    meghan = m.players[1]
    in_tome(m, 0, "Lash")
    assert not uses(m, 0, "Lash")  # no Ally in her Story Deck
    weak, strong = take(m, 1, "Weak Friend"), take(m, 1, "Strong Friend")
    meghan.story[0:0] = [strong, weak]
    assert uses(m, 0, "Lash")
    assert strong in meghan.discard and weak in meghan.story


def test_an_ally_steals_a_tome_and_is_buried_unless_a_guard_goes_instead():
    # Rulebook l.49: an Ally's use as a Turn; the card says it is Buried after. Meghan's Guard is
    # Buried instead of her Tome (its card: "at the moment you would lose" one).
    m = table([THIEF, THIEF], [LIBER, GUARD])
    brian, meghan = m.players
    thief, second = allies(m, 0, "Book Thief", "Book Thief")
    book = take(m, 1, "Liber")
    meghan.tomes.append(book)
    (guard,) = allies(m, 1, "Guard")
    assert uses(m, 0, "Book Thief")
    assert book in meghan.tomes and guard not in meghan.allies and meghan.story[0] == guard
    assert thief not in brian.allies and brian.story[0] == thief
    assert "Guard" in m.applied[1] and "Book Thief" in m.applied[0]
    assert uses(m, 0, "Book Thief")
    assert meghan.tomes == [] and meghan.story[0] == book


def test_a_guard_is_buried_instead_of_an_artifact_an_event_takes():
    m = table([ROBBERY], [LAMP, GUARD])
    brian, meghan = m.players
    lamp = take(m, 1, "Lamp")
    meghan.artifacts.append(lamp)
    (guard,) = allies(m, 1, "Guard")
    brian.hand.append(take(m, 0, "Robbery"))
    m.to_move = 0
    card_play(m, next(p for p in turn_plays(m, 0) if p.kind is PlayKind.EVENT))
    assert meghan.artifacts == [lamp] and guard not in meghan.allies
    assert "Guard" in m.applied[1]


def test_a_spell_cast_on_the_holder_of_a_bell_is_cancelled():
    # Rulebook l.313: a Spell cancelled by another card; the Bell is flipped (its card), the
    # Spell's Sanity is paid and it is flipped as cast (l.309): nothing happens to Meghan.
    m = table([LIBER, DOOM], [WEAK, BELL])
    brian, meghan = m.players
    doom = in_tome(m, 0, "Doom")
    (weak,) = allies(m, 1, "Weak Friend")
    bell = take(m, 1, "Bell")
    meghan.artifacts.append(bell)
    assert uses(m, 0, "Doom")
    assert meghan.allies == [weak] and bell in meghan.spent and doom in brian.cast and brian.sanity == 13
    assert "Bell" in m.applied[1] and "Doom" not in m.applied[0]


def test_an_epidemic_flips_every_ally_but_those_kept_out_of_it():
    # Rulebook l.202; the Nurse keeps itself and one Ally of the player's choice (the strongest,
    # ours) out of the Epidemic; the others are flipped face-down.
    m = table([FEVER], [NURSE, STRONG, WEAK, DREAMER])
    brian = m.players[0]
    nurse, strong, weak, dreamer = allies(m, 1, "Nurse", "Strong Friend", "Weak Friend", "Dreamer Friend")
    brian.hand.append(take(m, 0, "Fever"))
    m.to_move = 0
    player = Scripted(["play"])
    step(m, [player, player])
    assert sorted(m.face_down[1]) == sorted([weak, dreamer])
    assert "Nurse" in m.applied[1] and "Fever" in m.applied[0]


def test_the_greedy_player_uses_a_card_on_an_opponent_rather_than_pass():
    m = table([LIBER, DOOM], [WEAK])
    in_tome(m, 0, "Doom")
    allies(m, 1, "Weak Friend")
    m.to_move = 0
    greedy = [GreedyPlayer(s.game, set()) for s in m.players]
    step(m, greedy)
    assert m.players[1].allies == [] and "Doom" in m.applied[0]


ESCAPE = event(
    "Escape",
    text="Cancel the effects of a card played since your last Turn that would otherwise cause you to Bury or "
    "Discard an Ally or Allies. Then, Bury this card.",
)


def test_an_event_brings_back_the_ally_an_opponents_card_took_since_the_last_turn():
    # Rulebook l.313: an instant effect cancelled is undone; l.202: the Event needs its target,
    # an Ally lost since the player's last Turn, so it is offered only then.
    m = table([LIBER, DOOM], [WEAK, ESCAPE])
    meghan = m.players[1]
    in_tome(m, 0, "Doom")
    (weak,) = allies(m, 1, "Weak Friend")
    meghan.hand.append(take(m, 1, "Escape"))
    assert not any(p.kind is PlayKind.EVENT for p in turn_plays(m, 1))  # nothing lost yet: not offered
    assert uses(m, 0, "Doom") and meghan.allies == []
    m.to_move = 1
    player = Scripted(["play"])
    step(m, [player, player])
    assert meghan.allies == [weak] and weak not in meghan.discard and "Escape" in m.applied[1]


DEVOURER = monster(
    "Devourer",
    "Lesser Independent",
    value=3,
    text="Each Devourer surviving the Cosmic Battle devours (Buries) one Spell of opponent chosen by the player "
    "of the Devourer card.",
)
TAKER = monster(
    "Taker",
    "Lesser Independent",
    value=3,
    text="Randomly choose one of your opponent's Artifacts to Bury for each Taker that survives the Cosmic Battle.",
)


def test_a_monster_surviving_the_cosmic_battle_devours_a_spell():
    # Rulebook l.420-422, l.436: a Monster's other effect, listed in its box; the Spell is Buried.
    m = table([LIBER, DOOM], [DEVOURER])
    brian = m.players[0]
    doom = in_tome(m, 0, "Doom")
    m.players[1].threat.append(take(m, 1, "Devourer"))
    m.stage = 1
    combat(m, [Scripted(), Scripted()])
    assert brian.spells == [] and doom in brian.story and "Devourer" in m.applied[1]


def test_a_guard_is_buried_instead_of_the_artifact_a_monster_takes():
    m = table([LAMP, GUARD], [TAKER])
    brian = m.players[0]
    lamp = take(m, 0, "Lamp")
    brian.artifacts.append(lamp)
    (guard,) = allies(m, 0, "Guard")
    m.players[1].threat.append(take(m, 1, "Taker"))
    m.stage = 1
    combat(m, [Scripted(), Scripted()])
    assert brian.artifacts == [lamp] and guard not in brian.allies and "Guard" in m.applied[0]
    assert "Taker" not in m.applied[1]


SEER = ally("Seer", text="Flip this card face-down to draw a new card.")
POSSESSION = event(
    "Possession",
    text="Bury an Ally that was just played, or who was in play and whose abilities were just used.",
    affects=ALLIES,
)


def test_an_ally_whose_use_was_just_made_is_buried():
    # Rulebook l.202: the target is the Ally whose use (l.49) was the last play at the table; the
    # use stands (the card Buries the Ally, no more).
    m = table([POSSESSION], [SEER])
    brian, meghan = m.players
    (seer,) = allies(m, 1, "Seer")
    brian.hand.append(take(m, 0, "Possession"))
    assert not any(p.kind is PlayKind.EVENT for p in turn_plays(m, 0))  # nothing just used
    hand = len(meghan.hand)
    assert uses(m, 1, "Seer") and len(meghan.hand) == hand + 1
    card_play(m, next(p for p in turn_plays(m, 0) if p.kind is PlayKind.EVENT))
    assert meghan.allies == [] and meghan.story[0] == seer and len(meghan.hand) == hand + 1
    assert "Possession" in m.applied[0]


SHATTER = event(
    "Shatter",
    text="If the target Threat contains more than three cards, including any Great Old One or Outer Gods, "
    "randomly Discard two.",
    affects="Affects Opponent's Threat",
)
IMP = monster("Imp")


def test_a_threat_of_more_than_three_cards_loses_cards_at_random():
    # Rulebook l.202: the Threat is the target (it must exist); the card's condition holds only
    # above three cards: with three nothing happens, with four two are Discarded.
    for count, left in ((3, 3), (4, 2)):
        m = table([SHATTER], [IMP] * 4)
        brian, meghan = m.players
        meghan.threat += [take(m, 1, "Imp") for _ in range(count)]
        brian.hand.append(take(m, 0, "Shatter"))
        m.to_move = 0
        card_play(m, next(p for p in turn_plays(m, 0) if p.kind is PlayKind.EVENT))
        assert len(meghan.threat) == left and len(meghan.discard) == count - left


SCREEN = spell("Screen", text="Glance at all cards in one opponent's Threat for a moment.")
WISP = monster("Wisp", value=1)


def test_a_look_at_a_threat_lets_the_player_defend_with_what_it_needs():
    # Rulebook l.393: the Threat is face-down, its Monsters hidden; the Spell shows them (l.307:
    # its target a Threat in play). Unseen, the greedy player expects 3 a Monster and sends both
    # its 1-point Allies; having seen a Monster worth 1, it sends one.
    for look, defenders in ((False, 2), (True, 1)):
        m = table([LIBER, SCREEN, WEAK, WEAK], [WISP])
        in_tome(m, 0, "Screen")
        greedy = GreedyPlayer(m.players[0].game, set())
        m.players[1].threat.append(take(m, 1, "Wisp"))
        (look_play,) = strike_plays(m, 0)
        assert greedy.score(m, 0, look_play) < 0  # no Ally to defend: the look is no use
        allies(m, 0, "Weak Friend", "Weak Friend")
        if look:
            m.to_move = 0
            step(m, [greedy, Scripted()])
            assert m.glanced[0] and "Screen" in m.applied[0]
        m.stage = 1
        combat(m, [greedy, Scripted()])
        (line,) = [x for x in m.log or [] if "Brian defends" in x]
        assert line.count("Weak Friend") == defenders


WHIRL = spell(
    "Whirl",
    text="The opponent reveals the top card of his or her Mythos Deck: if it is a Location it immediately becomes "
    "his or her Current Location; if it is a Monster it attacks him or her and goes to the Discards; anything "
    "else is Discarded.",
)


def test_the_top_card_revealed_moves_or_attacks_the_opponent():
    # Rulebook l.307: the target a Mythos Deck with a card; a Monster's attack met by the Allies as
    # an Event's (every one defends, one that absorbs is Buried, l.439).
    m = table([LIBER, WHIRL], [DUNWICH_FARM, IMP, WEAK])
    brian, meghan = m.players
    whirl = in_tome(m, 0, "Whirl")
    farm, imp = take(m, 1, "Dunwich Farm"), take(m, 1, "Imp")
    (weak,) = allies(m, 1, "Weak Friend")
    meghan.deck += [imp, farm]
    assert uses(m, 0, "Whirl")
    assert meghan.where == farm and meghan.story[-1] == farm
    brian.cast = tuple(c for c in brian.cast if c != whirl)  # face-up again, as after the Round (l.309)
    assert uses(m, 0, "Whirl")
    assert imp in meghan.discard and meghan.allies == [] and meghan.story[0] == weak and meghan.sanity == 14


GHOST = ally(
    "Ghost", text="Flip this card face-down to cause an opponent to Flip an Artifact of your choice face-down."
)
KNIFE = artifact("Knife", subtype="Weapon", value=2)


def test_an_artifact_flipped_face_down_adds_nothing_until_the_round_ends():
    # Rulebook l.532: a face-down card's effects are not available; l.448: face-up after the
    # Round; l.191: a Weapon and its Ally act as one card. A plain Artifact is no target worth
    # the use (our choice): the Ghost waits for the Weapon.
    m = table([GHOST], [STRONG, KNIFE, LAMP])
    brian, meghan = m.players
    (ghost,) = allies(m, 0, "Ghost")
    meghan.artifacts.append(take(m, 1, "Lamp"))
    assert not uses(m, 0, "Ghost")
    (strong,) = allies(m, 1, "Strong Friend")
    knife = take(m, 1, "Knife")
    meghan.artifacts.append(knife)
    meghan.attached[strong] = (knife,)
    assert ally_value(m, 1, strong)[0] == 5
    assert uses(m, 0, "Ghost")
    assert ally_value(m, 1, strong)[0] == 3 and ghost in brian.spent and "Ghost" in m.applied[0]
    next_round(m)
    assert ally_value(m, 1, strong)[0] == 5 and knife not in meghan.spent


WARD = artifact(
    "Ward Stone",
    text="Designate one Threat to be affected before Monsters are revealed. Halves the attack from Lesser "
    "Servitors and Lesser Independents.",
)
CRAWLER = monster("Crawler", value=5)
BRUTE = monster("Brute", klass="Greater Servitor", value=4)


def test_an_artifact_halves_the_lesser_monsters_of_the_threat_aimed_at_its_player():
    # Rulebook l.402-416: each Directed Threat attacks its target, Allies defending; the Ward
    # Stone, face-up in play, halves its Lesser Monsters' attack (5 -> 3, rounded up: our
    # reading) and nothing of a Greater Servitor; face-down it does nothing (l.532).
    lost = []
    for ward, flipped in ((False, False), (True, False), (True, True)):
        m = table([CRAWLER, BRUTE], [WARD])
        brian, meghan = m.players
        brian.threat += [take(m, 0, "Crawler"), take(m, 0, "Brute")]
        if ward:
            stone = take(m, 1, "Ward Stone")
            meghan.artifacts.append(stone)
            if flipped:
                m.gear_down[1].append((stone, -1, False))
        before = meghan.sanity
        m.stage = 1
        combat(m, [Scripted(), Scripted()])
        lost.append(before - meghan.sanity)
        assert ("Ward Stone" in m.applied[1]) == (ward and not flipped)
    assert lost == [9, 7, 9]


MUDDLE = spell(
    "Muddle",
    text="Target Investigator must reshuffle his or her Discards and Mythos Deck with no Sanity cost.",
    sanity=-1,
)


def test_a_spell_makes_the_opponent_reshuffle_the_discards_into_the_mythos_deck():
    # Rulebook l.307: a Spell needs its legitimate target: an opponent with Discards to reshuffle;
    # l.309: cast from a Tome, its Sanity is paid; the opponent pays none (the card says so,
    # unlike the reshuffle before drawing, l.454).
    m = table([LIBER, MUDDLE], [WEAK, WEAK, STRONG])
    brian, meghan = m.players
    in_tome(m, 0, "Muddle")
    assert not strike_plays(m, 0)  # no Discards yet
    thrown = [take(m, 1, "Weak Friend"), take(m, 1, "Strong Friend")]
    meghan.discard += thrown
    cards, sanity, hers = len(meghan.deck), brian.sanity, meghan.sanity
    assert uses(m, 0, "Muddle")
    assert meghan.discard == [] and len(meghan.deck) == cards + 2 and set(thrown) <= set(meghan.deck)
    assert brian.sanity == sanity - 1 and meghan.sanity == hers
    assert "Muddle" in m.applied[0]


def test_the_greedy_player_reshuffles_an_opponents_discards_only_when_they_are_many():
    # Our rule: the Sanity is spent when 6 or more thrown-away cards come back.
    m = table([LIBER, MUDDLE], [WEAK] * 6)
    in_tome(m, 0, "Muddle")
    greedy = GreedyPlayer(m.players[0].game, set())
    for n in range(1, 7):
        m.players[1].discard.append(take(m, 1, "Weak Friend"))
        (play,) = strike_plays(m, 0)
        assert (greedy.score(m, 0, play) >= 0) == (n >= 6)


TRADE = spell(
    "Trade", text="Replace chosen target Ally with the Ally closest to the bottom of opponent's Story Deck.", sanity=-1
)


def test_a_spell_exchanges_the_opponents_strongest_ally_for_the_one_nearest_the_story_decks_bottom():
    # Rulebook l.307: no Ally in play or none in the Story Deck, no legitimate target; the
    # chosen Ally is Buried (the bottom of the Story Deck, where the other was: our reading).
    m = table([LIBER, TRADE], [STRONG, WEAK, DREAMER])
    meghan = m.players[1]
    in_tome(m, 0, "Trade")
    greedy = GreedyPlayer(m.players[0].game, set())
    allies(m, 1, "Strong Friend", "Dreamer Friend")
    assert not strike_plays(m, 0)  # no Ally in Meghan's Story Deck
    weak = take(m, 1, "Weak Friend")
    meghan.story.insert(0, weak)
    (play,) = strike_plays(m, 0)
    assert greedy.score(m, 0, play) >= 0  # a 1-point Ally for the 3-point one
    assert uses(m, 0, "Trade")
    assert sorted(meghan.game.title(a) for a in meghan.allies) == ["Dreamer Friend", "Weak Friend"]
    assert meghan.game.title(meghan.story[0]) == "Strong Friend" and weak not in meghan.story
    assert "Trade" in m.applied[0]


def test_the_greedy_player_exchanges_no_ally_for_one_as_strong():
    m = table([LIBER, TRADE], [WEAK, WEAK])
    in_tome(m, 0, "Trade")
    allies(m, 1, "Weak Friend")
    m.players[1].story.insert(0, take(m, 1, "Weak Friend"))
    (play,) = strike_plays(m, 0)
    assert GreedyPlayer(m.players[0].game, set()).score(m, 0, play) < 0


TETHER = spell("Tether", text="Target Ally must participate in any Combat this Round.", sanity=-1)


def test_a_spell_binds_an_opponents_ally_to_defend_in_this_rounds_combat():
    # Rulebook l.406: Defending Allies are chosen by their player; the Spell makes one defend,
    # against its caster's Directed Threat; l.439: an Ally that absorbs any of it is Buried, with
    # the cards it holds (l.191). The greedy player binds the Ally holding a card, with a Threat.
    m = table([LIBER, TETHER, CRAWLER], [STRONG, WEAK, LAMP])
    brian, meghan = m.players
    in_tome(m, 0, "Tether")
    strong, weak = allies(m, 1, "Strong Friend", "Weak Friend")
    greedy = GreedyPlayer(brian.game, set())
    (play,) = strike_plays(m, 0)
    assert greedy.score(m, 0, play) < 0  # no Ally holds a card, and no Threat
    lamp = take(m, 1, "Lamp")
    meghan.artifacts.append(lamp)
    meghan.attached[strong] = (lamp,)
    brian.threat.append(take(m, 0, "Crawler"))
    assert greedy.score(m, 0, play) >= 0
    assert uses(m, 0, "Tether")
    before = meghan.sanity
    m.stage = 1
    combat(m, [Scripted(), Scripted()])  # Meghan's Scripted player sends no Ally
    assert "  Strong Friend must defend (Tether)" in (m.log or [])
    assert strong not in meghan.allies and meghan.story[:2] == [strong, lamp]
    assert weak in meghan.allies
    assert meghan.sanity == before - 2  # the Crawler's 5 less the 3 the Strong Friend absorbs
    assert "Tether" in m.applied[0]
    next_round(m)
    assert m.bound[1] == []  # for this Round only


REGRESS = spell(
    "Regress",
    text="Replace target Corrupt Ally with a Monster card chosen from that Investigator's Story Deck. "
    "That Monster now functions as an Ally.",
    sanity=-2,
)
CULTIST = replace(ally("Cultist Friend", attrs=("Corrupt",)), allegiance=Allegiance.CORRUPT, value=3)
MITE = monster("Mite", value=1)


def test_a_spell_replaces_a_corrupt_ally_with_a_monster_of_the_story_deck_as_an_ally():
    # Rulebook l.307: a Corrupt Ally in play and a Monster in the Story Deck make the target; the
    # Ally is Buried (our reading of "replace"), the Monster plays as an Ally in its place.
    m = table([LIBER, REGRESS], [CULTIST, STRONG, MITE, BRUTE])
    meghan = m.players[1]
    in_tome(m, 0, "Regress")
    greedy = GreedyPlayer(m.players[0].game, set())
    cultist, strong = allies(m, 1, "Cultist Friend", "Strong Friend")
    assert not strike_plays(m, 0)  # no Monster in Meghan's Story Deck
    meghan.story[0:0] = [take(m, 1, "Brute"), take(m, 1, "Mite")]
    (play,) = strike_plays(m, 0)
    assert greedy.score(m, 0, play) >= 0  # the 1-point Mite for the 3-point Cultist
    assert uses(m, 0, "Regress")
    assert sorted(meghan.game.title(a) for a in meghan.allies) == ["Mite", "Strong Friend"]
    assert meghan.story[0] == cultist and "Regress" in m.applied[0]
    assert ally_value(m, 1, meghan.allies[-1])[0] == 1
