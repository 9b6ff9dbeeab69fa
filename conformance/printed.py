"""Helpers of the Napoléon cases on the printed Europe board (``cases_napoleon_printed_*``).

Those cases play on the variant's own map (``spec/napoleon/map.yaml``), so an engine that
knows only the printed board runs them.  A position names the places a case is about;
every other territory goes to one background seat (``rest``) with one regiment, and every
zone not named is empty.  Expected reinforcements are computed here from the map file's
empire and route bonuses and the rule (``napoleon.reinforce.*``), never taken from an
engine: :func:`compute_income`.

Seats: 0 and 1 are the players (2-5 the neutral armies in the basic game); in the
Advanced game with 3 players, seats 0, 1 and 2.  ``rest`` defaults to seat 2: a neutral
army in the basic game, the third player in the Advanced game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from riskspec.conformance.scenario import scenario

BASIC = "napoleon-basic"
ADVANCED = "napoleon-advanced"
#: the Advanced game's starting card draws, left out where they are not the subject
NO_TABLE = {"napoleon.amb.card-table": "ignore"}
#: a reinforcement phase with three regiments to place and nothing owed
REINFORCE = {"to_place": 3, "must_trade": False, "after": "turn"}


@functools.cache
def get_board() -> Any:
    """The printed Europe board (both Napoléon variants play on it)."""
    from riskspec.loading import load_spec
    return load_spec(strict=False).variants[BASIC].board


def get_empire(group: str) -> list[str]:
    """The territories of one empire, in map order."""
    return list(get_board().group(group).territories)


def get_route(route: str) -> list[str]:
    """The zones of one maritime route, in map order."""
    return next(list(r.zones) for r in get_board().routes if r.id == route)


def get_bonus(group_or_route: str) -> int:
    """The reinforcement bonus of an empire or a route, as the map file gives it."""
    b = get_board()
    for g in b.groups:
        if g.id == group_or_route:
            return int(g.bonus)
    return next(int(r.bonus) for r in b.routes if r.id == group_or_route)


def compute_income(territories: Iterable[str], zones: Iterable[str] = ()) -> int:
    """Regiments of a reinforcement phase (napoleon.reinforce.territories, .empires, .routes):
    territories and zones held, divided by 3 rounding down, at least 3; plus each whole
    empire's bonus and each whole route's bonus.  No cards, capitals or missions."""
    held, seas = set(territories), set(zones)
    b = get_board()
    n = max(3, (len(held) + len(seas)) // 3)
    n += sum(int(g.bonus) for g in b.groups if set(g.territories) <= held)
    n += sum(int(r.bonus) for r in b.routes if set(r.zones) <= seas)
    return n


def get_neighbours(place: str, kind: str) -> set[str]:
    """Places across a border of one kind (land, coast or sea)."""
    out: set[str] = set()
    for x in get_board().borders:
        if x.kind == kind and place in (x.a, x.b):
            out.add(x.b if x.a == place else x.a)
    return out


def sc(id: str, title: str, covers: Sequence[str], *, variant: str = ADVANCED,
       players: int | None = None, **kw: Any) -> Callable:
    """Register a printed-board case (no inline map): 2 players in the basic game, 3 in
    the Advanced game unless ``players`` says otherwise."""
    if players is None:
        players = 2 if variant == BASIC else 3
    kw.setdefault("background", (2, 1))   # the positions' usual background (see pos)
    return scenario(id, title, covers, players=players, variant=variant, **kw)


def registrar(players: int, variant: str, board: Mapping[str, Any] | None = None) -> Callable:
    """The registering shorthand of a module's cases with ``players`` under ``variant`` on the
    small ``board`` (None: the printed one): a case under a ``reading`` runs with that
    reading's option first among its ``options``."""
    def register(id: str, title: str, covers: Sequence[str], *, reading: tuple[str, str] | None = None,
                 options: Mapping[str, str] | None = None, **kw: Any) -> Callable:
        opts = {**({reading[0]: reading[1]} if reading else {}), **(options or {})}
        return scenario(id, title, covers, players=players, variant=variant, map=board,
                        options=opts or None, reading=reading, **kw)
    return register


def set_napoleon_fields(d: dict, *, zones: Mapping[str, tuple[int | None, int]] | None = None,
                        gen: Mapping[str, int] | None = None, forts: Mapping[str, int] | None = None,
                        adm: Mapping[str, int] | None = None, epidemics: Mapping[str, int] | None = None,
                        prisoners: Mapping[tuple[int, int, str], int] | None = None,
                        vp: Mapping[int, int] | None = None, advanced: bool = True) -> None:
    """Write a Napoléon position's zone, leader, fortification, epidemic, prisoner and victory
    point fields into the state dict ``d`` (the keywords as :func:`pos` takes them); the
    Advanced-game fields only when ``advanced``."""
    for z, (seat, ships) in (zones or {}).items():
        d["zones"][z].update(owner=seat, ships=ships)
    if advanced:
        for t, e in d["territories"].items():
            e.update(generals=(gen or {}).get(t, 0), fortifications=(forts or {}).get(t, 0),
                     epidemics=(epidemics or {}).get(t, 0))
        for z, n in (adm or {}).items():
            d["zones"][z]["admirals"] = n
        n = len(d["players"])
        pr = prisoners or {}
        for c, p in enumerate(d["players"]):
            p["prisoners"] = {k: [pr.get((c, o, k), 0) for o in range(n)]
                              for k in ("generals", "admirals")}
            p["captive_generals"] = sum(pr.get((x, c, "generals"), 0) for x in range(n))
            p["captive_admirals"] = sum(pr.get((x, c, "admirals"), 0) for x in range(n))
            p["vp"] = (vp or {}).get(c, 0)
    d["turn_flags"].setdefault("land_attacked", False)
    d["turn_flags"].setdefault("naval_moves", 0)


def pos(b: Any, land: Mapping[str, tuple[int | None, int]], *, rest: int | None = 2, rest_armies: int = 1,
        zones: Mapping[str, tuple[int | None, int]] | None = None,
        gen: Mapping[str, int] | None = None, forts: Mapping[str, int] | None = None,
        adm: Mapping[str, int] | None = None, epidemics: Mapping[str, int] | None = None,
        prisoners: Mapping[tuple[int, int, str], int] | None = None,
        vp: Mapping[int, int] | None = None, edit: Callable[[dict], None] | None = None,
        **kw: Any) -> dict:
    """A printed-board position: ``land`` territory → (seat, regiments), every other
    territory held by ``rest`` (None: no one) with ``rest_armies``; ``zones`` zone → (seat, ships), the
    others empty; ``gen``/``forts``/``epidemics`` territory → count and ``adm`` zone →
    admirals (Advanced game); ``prisoners`` (captor, owner, kind) → count; ``vp`` seat →
    points.  Other keywords go to :meth:`Builder.position` (phase, current, pending, …);
    a position with ``hands`` is in game turn 3 unless ``turn`` says otherwise."""
    owners: dict[str, tuple[int | None, int]] = {t: (rest, rest_armies) for t in get_board().territory_ids}
    owners.update(land)
    advanced = b.sc.variant == ADVANCED

    def change(d: dict) -> None:
        set_napoleon_fields(d, zones=zones, gen=gen, forts=forts, adm=adm, prisoners=prisoners,
                            vp=vp, epidemics=epidemics, advanced=advanced)
        if edit:
            edit(d)
    kw.setdefault("phase", "attack")
    if kw.get("hands") and "turn" not in kw:
        kw["turn"] = 3   # hands as large as these are drawn by game turn 3
    return dict(b.position(owners, edit=change, **kw))


def build_ship(b: Any, player: int, zone: str, **kw: Any) -> None:
    """``player`` buys a ship in ``zone``: the action and its one event (``kw``: the rest of
    the step's expectations)."""
    b.do({"type": "buy-ship", "zone": zone}, events=[{"type": "ship-built", "player": player, "zone": zone}],
         **kw)


def seats(n: int, **at: Any) -> list[dict]:
    """A ``players`` expectation of ``n`` seats: ``at`` maps ``p0``, ``p1``, … to the fields
    expected of that seat; the others are not named."""
    return [dict(at.get(f"p{i}", {})) for i in range(n)]


def attack(src: str, dst: str, dice: int) -> dict:
    return {"type": "attack", "from": src, "to": dst, "dice": dice}


@functools.cache
def get_mission_levels() -> dict[str, int]:
    """Every mission card of the Advanced game's own decks → its level."""
    from riskspec.loading import load_spec
    v = load_spec(strict=False).variants[ADVANCED]
    return {str(m.id): int(m.level or 0) for m in v.missions.values()}


def missions_edit(*, held: Mapping[int, Sequence[str]] | None = None,
                  done: Mapping[int, Sequence[str]] | None = None,
                  lasting: Mapping[int, Sequence[str]] | None = None,
                  levels: Mapping[int, Sequence[int]] | None = None) -> Callable[[dict], None]:
    """An ``edit`` for :func:`pos` giving each seat its mission cards in hand (``held``),
    completed (``done``), lasting bonuses and levels completed this turn; each level's deck
    holds the variant's other cards of that level, in deck order."""
    def change(d: dict) -> None:
        out: set[str] = set()
        for field, by in (("missions", held), ("missions_completed", done),
                          ("lasting_bonuses", lasting), ("mission_levels_done", levels)):
            for seat, value in (by or {}).items():
                d["players"][seat][field] = list(value)
                if field in ("missions", "missions_completed"):
                    out.update(str(v) for v in value)
        d["mission_decks"] = {str(lv): [m for m, level in get_mission_levels().items()
                                        if level == lv and m not in out] for lv in (1, 2, 3, 4)}
    return change


def compute_empire_vp(territories: Iterable[str]) -> int:
    """Victory points a player scores at the start of a turn (napoleon.scoring.empire-vp):
    each whole empire held scores its reinforcement bonus; routes score nothing."""
    held = set(territories)
    return sum(int(g.bonus) for g in get_board().groups if set(g.territories) <= held)


def get_rest(*lands: Mapping[str, Any]) -> list[str]:
    """The territories none of ``lands`` names: the background seat's, in map order."""
    taken = {t for land in lands for t in land}
    return [t for t in get_board().territory_ids if t not in taken]


def sc_both(id: str, title: str, covers: Sequence[str], **kw: Any) -> Callable:
    """Register a printed-board case in the basic game (``id``) and its twin in the Advanced
    game (the number plus 50, card-table draws left out), so that an engine of either
    variant reaches the rule on the printed board.  The case must not depend on the seat
    count (see :func:`seat_fields`)."""
    head, num = id.rsplit(".", 1)
    twin = f"{head}.{int(num) + 50:03d}"

    def deco(fn: Callable) -> Callable:
        sc(id, title, covers, variant=BASIC, **kw)(fn)
        options = {**NO_TABLE, **dict(kw.pop("options", None) or {})}
        sc(twin, title, covers, variant=ADVANCED, options=options, **kw)(fn)
        return fn
    return deco


def seat_fields(b: Any, **at: Mapping[str, Any]) -> list[dict]:
    """A ``players`` expectation for this case's seats (6 in the basic game, with the four
    neutral armies; the Advanced game's players): ``at`` maps ``p0``, ``p1``, … to fields."""
    return seats(len(b.blank()["players"]), **at)


def reserves(*values: int) -> Any:
    """An ``edit`` for :func:`pos`: the seats' starting regiments left, in seat order."""
    def edit(d: dict) -> None:
        for p, r in zip(d["players"], values):
            p["reserve"] = r
    return edit


def challengers(zone: str, n: int) -> Any:
    """An ``edit`` for :func:`pos`: ``n`` of the mover's ships built among the zone's ships."""
    def change(d: dict) -> None:
        d["zones"][zone]["challenger_ships"] = n
    return change


def aquitaine_takes_castile(b: Any, hands: dict[int, list[str]]) -> None:
    """Player 1 (seat 0, 5 in Aquitaine) takes Castile, player 2's last territory (1 regiment),
    with 6-5-4 against 2: player 2 is out, their two cards join the attacker's three."""
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1)}, hands=hands)
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [2]},
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "aquitaine",
                  "to": "castile", "attacker_dice": [6, 5, 4], "defender_dice": [2],
                  "attacker_losses": 0, "defender_losses": 1},
                 {"type": "eliminated", "player": 1, "by": 0}],
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}},
                "players": [{"cards": 5}, {"eliminated": True, "cards": []}, {}]})
