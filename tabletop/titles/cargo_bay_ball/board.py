"""The cargo bay as a hex map: spaces, neighbours, numbered directions and straight lines.

Spaces are pointy-top hexes laid out in "odd-r" rows (odd rows sit half a space to the right),
numbered 0..n-1 in reading order. Labels are a column letter and a row number ("H6"). The
geometry works in axial coordinates (q, r); everything the rules ask often (neighbours, the
next space in a numbered direction, distances, straight lines) is computed once here, so the
game's hot path only indexes tuples.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from .data import DIRECTION_NAMES, SPACE_CODES, BayModel, CargoDataError

__all__ = ["AXIAL", "FIELD_KINDS", "Board", "build_board"]

#: Axial steps of the six hex directions, by compass name (pointy-top, screen y grows down).
AXIAL = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
#: Kinds of space that are part of the field of play (crew and the ball may be there).
FIELD_KINDS = frozenset({"floor", "grating", "half", "goal", "door"})


@dataclass(eq=False)
class Board:
    """An immutable cargo bay. Build it with :func:`build_board`."""

    name: str
    title: str
    width: int
    height: int
    kinds: tuple[str, ...]
    cols: tuple[int, ...]
    rows: tuple[int, ...]
    labels: tuple[str, ...]
    index: dict[str, int]
    axial: tuple[tuple[int, int], ...]
    is_field: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]  # field neighbours only
    adjacent: tuple[frozenset[int], ...]
    toward: tuple[tuple[int, ...], ...]  # toward[d][space]: next field space in direction number d+1
    direction_names: tuple[str, ...]  # name of direction number d+1
    goal: int
    door: int
    arrow: int
    airlock: tuple[int, ...]
    numbered: dict[int, int]  # space -> printed number 1..6 around the goal
    field_spaces: tuple[int, ...]
    distance: tuple[tuple[int, ...], ...]
    _lines: dict[int, tuple[int, ...] | None] = field(default_factory=dict, repr=False)

    @property
    def size(self) -> int:
        return len(self.kinds)

    def dist(self, a: int, b: int) -> int:
        return self.distance[a][b]

    def label(self, space: int) -> str:
        return self.labels[space] if space >= 0 else "-"

    def line(self, a: int, b: int) -> tuple[int, ...] | None:
        """The spaces a ball crosses going straight from ``a`` to ``b`` (``a`` excluded, ``b``
        included), or None when that line leaves the field of play.

        Hex lines are drawn through the centres; where the line runs exactly along the edge
        between two spaces, a fixed tiny nudge picks one side, so a line is always the same.
        """
        key = a * 4096 + b
        cached = self._lines.get(key, False)
        if cached is not False:
            return cached  # type: ignore[return-value]
        qa, ra = self.axial[a]
        qb, rb = self.axial[b]
        steps = self.distance[a][b]
        path: list[int] = []
        ok = True
        for i in range(1, steps + 1):
            t = i / steps
            x = qa + (qb - qa) * t + 1e-6
            z = ra + (rb - ra) * t + 2e-6
            y = -qa - ra + (qa + ra - qb - rb) * t - 3e-6
            q, r = _cube_round(x, y, z)
            space = self._at.get((q, r), -1)
            if space < 0 or not self.is_field[space]:
                ok = False
                break
            path.append(space)
        result = tuple(path) if ok else None
        self._lines[key] = result
        return result

    # filled by build_board
    _at: dict[tuple[int, int], int] = field(default_factory=dict, repr=False)

    def side_of_axis(self, space: int, arrow: int) -> int:
        """Which side of the goal's ring ``space`` is on for arrows at ``arrow`` and ``arrow``+3:
        +1 toward ``arrow``, -1 toward the opposite arrow, 0 level with the ring (the line
        through the goal at right angles to the arrows) or on the goal itself."""
        gq, gr = self.axial[self.goal]
        q, r = self.axial[space]
        dq, dr = q - gq, r - gr
        aq, ar = AXIAL[self.direction_names[arrow - 1]]
        # Dot product in true (Cartesian) hex geometry, scaled to whole numbers.
        dot = (2 * dq + dr) * (2 * aq + ar) + 3 * dr * ar
        return (dot > 0) - (dot < 0)

    def direction_number(self, a: int, b: int) -> int:
        """The printed number (1-6) of the direction from ``a`` to its neighbour ``b``; 0 if none."""
        for d in range(6):
            if self.toward[d][a] == b:
                return d + 1
        return 0


def _cube_round(x: float, y: float, z: float) -> tuple[int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return rx, rz


def build_board(model: BayModel) -> Board:
    """Turn a validated bay model into a :class:`Board`, checking what pydantic cannot see."""
    kinds: list[str] = []
    cols: list[int] = []
    rows: list[int] = []
    labels: list[str] = []
    axial: list[tuple[int, int]] = []
    for r, row in enumerate(model.rows):
        for c, code in enumerate(row):
            kind = SPACE_CODES[code]
            if kind == "none":
                continue
            kinds.append(kind)
            cols.append(c)
            rows.append(r)
            labels.append(f"{chr(ord('A') + c)}{r + 1}")
            axial.append((c - (r - (r & 1)) // 2, r))
    at = {qr: i for i, qr in enumerate(axial)}
    n = len(kinds)
    is_field = tuple(k in FIELD_KINDS for k in kinds)
    direction_names = tuple(model.directions[str(d)] for d in range(1, 7))
    toward = []
    for name in direction_names:
        dq, dr = AXIAL[name]
        nxt = []
        for i in range(n):
            j = at.get((axial[i][0] + dq, axial[i][1] + dr), -1)
            nxt.append(j if j >= 0 and is_field[j] else -1)
        toward.append(tuple(nxt))
    neighbours = []
    for i in range(n):
        found = []
        for compass in DIRECTION_NAMES:
            dq, dr = AXIAL[compass]
            j = at.get((axial[i][0] + dq, axial[i][1] + dr), -1)
            if j >= 0 and is_field[j]:
                found.append(j)
        neighbours.append(tuple(sorted(found)))
    goal = kinds.index("goal")
    door = kinds.index("door")
    arrow = kinds.index("arrow")
    airlock = tuple(i for i, k in enumerate(kinds) if k == "airlock")
    where = f"bay {model.name!r}"
    if not airlock:
        raise CargoDataError(f"{where} has no airlock floor ('a') for the penalty box")
    airlock_and_arrow = set(airlock) | {arrow}
    if not any(_touch(axial, at, door, s) for s in airlock_and_arrow):
        raise CargoDataError(f"{where}: the airlock door {labels[door]} must touch the airlock")
    numbered = {}
    for d in range(6):
        space = toward[d][goal]
        if space < 0:
            raise CargoDataError(f"{where}: every space around the goal must be field of play, but "
                                 f"direction {d + 1} from {labels[goal]} is not")
        numbered[space] = d + 1
    field_spaces = tuple(i for i in range(n) if is_field[i])
    distance = tuple(
        tuple((abs(axial[a][0] - axial[b][0]) + abs(axial[a][1] - axial[b][1])
               + abs(axial[a][0] + axial[a][1] - axial[b][0] - axial[b][1])) // 2 for b in range(n))
        for a in range(n)
    )
    _check_connected(field_spaces, neighbours, labels, where)
    board = Board(
        name=model.name, title=model.title, width=len(model.rows[0]), height=len(model.rows),
        kinds=tuple(kinds), cols=tuple(cols), rows=tuple(rows), labels=tuple(labels),
        index={label: i for i, label in enumerate(labels)}, axial=tuple(axial), is_field=is_field,
        neighbours=tuple(neighbours), adjacent=tuple(frozenset(nb) for nb in neighbours),
        toward=tuple(toward), direction_names=direction_names, goal=goal, door=door, arrow=arrow,
        airlock=airlock, numbered=numbered, field_spaces=field_spaces, distance=distance,
    )
    board._at = at
    return board


def _touch(axial: list[tuple[int, int]], at: dict[tuple[int, int], int], a: int, b: int) -> bool:
    qa, ra = axial[a]
    return any(at.get((qa + dq, ra + dr)) == b for dq, dr in AXIAL.values())


def _check_connected(spaces: tuple[int, ...], neighbours: list[tuple[int, ...]], labels: list[str],
                     where: str) -> None:
    if len(spaces) < 20:
        raise CargoDataError(f"{where} has only {len(spaces)} field spaces; at least 20 are needed")
    seen = {spaces[0]}
    todo = deque([spaces[0]])
    while todo:
        for nxt in neighbours[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    cut_off = [labels[s] for s in spaces if s not in seen]
    if cut_off:
        raise CargoDataError(f"{where}: the field of play must be one connected area; "
                             f"{', '.join(cut_off[:6])} cannot be reached")
