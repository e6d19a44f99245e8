"""Step numbers as each viewer counts them.

A client names the position it acted on by its step. Counting every action in the history would
tell a player how many secret moves the others made, and when (a Travel SFB allocation is a run
of face-down placements behind a screen). So in a game that hides information each viewer counts
only the actions after which its own position changed: its view, whose decision it is, or its
log. In a game with nothing hidden every viewer's step is the length of the history.
"""

from __future__ import annotations

import json
from bisect import bisect_right

from tabletop.core import State
from tabletop.core.record import replay

__all__ = ["Sightings"]


class Sightings:
    """The history lengths at which each viewer's position changed, kept up with one action at a time.

    >>> import tabletop
    >>> state = tabletop.load("travel-sfb").new_state(seed=1)
    >>> sight = Sightings.of(state)
    >>> sight.step(None), sight.history_at(None, 0), sight.history_at(None, 1)
    (0, 0, None)
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self.hidden = state.game.info.hidden_information
        self.viewers: tuple[str | None, ...] = (*state.seats, None)
        self.seen = -1  # how many actions have been looked at (-1: not even the start)
        self._marks: dict[str | None, list[int]] = {viewer: [] for viewer in self.viewers}
        self._shown: dict[str | None, tuple[str, tuple[str, ...], int]] = {}
        self._events_seen = 0
        self._told: dict[str | None, int] = dict.fromkeys(self.viewers, 0)

    @classmethod
    def of(cls, state: State) -> Sightings:
        """Worked out for ``state`` by replaying its game from the start."""
        sight = cls(state)
        if sight.hidden:
            replay(state.record(), verify=False, observe=sight.look)
        sight.state, sight.seen = state, len(state.history)
        return sight

    def follows(self, state: State) -> bool:
        """Whether these sightings can be brought up to ``state`` by :meth:`look` (one action at most)."""
        return self.state is state and 0 <= len(state.history) - self.seen <= 1

    def look(self, state: State) -> None:
        """Note, for the position ``state`` is in now, each viewer whose position changed."""
        done = len(state.history)
        if done == self.seen:
            return
        self.seen = done
        if not self.hidden:
            return
        events = state.events
        fresh = events[self._events_seen:]
        self._events_seen = len(events)
        for viewer in self.viewers:
            self._told[viewer] += sum(1 for event in fresh if event.visible(viewer))
            shown = (json.dumps(state.view(viewer), sort_keys=True, default=str), tuple(state.to_act),
                     self._told[viewer])
            if viewer in self._shown and shown != self._shown[viewer]:
                self._marks[viewer].append(done)
            self._shown[viewer] = shown

    def step(self, viewer: str | None) -> int:
        """The step ``viewer`` is at: how many positions it has seen change."""
        return len(self._marks[viewer]) if self.hidden else self.seen

    def step_after(self, viewer: str | None, done: int) -> int:
        """The step ``viewer`` reached with the history ``done`` actions long."""
        return bisect_right(self._marks[viewer], done) if self.hidden else done

    def history_at(self, viewer: str | None, step: int) -> int | None:
        """How long the history was when ``viewer`` reached ``step``; None for a step it has not reached."""
        if step > self.step(viewer):
            return None
        if not self.hidden or step == 0:
            return step
        return self._marks[viewer][step - 1]
