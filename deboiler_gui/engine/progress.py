"""Driving long operations: ``run`` takes a progress generator to its end, ``Steps`` walks one
and keeps its return value (the only places that catch StopIteration)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any, Generic, TypeVar

from deboiler_gui.engine.model import Cancelled

Y = TypeVar("Y")
R = TypeVar("R")


def run(
    gen: Generator[Y, Any, R],
    on_step: Callable[[Y], object] | None = None,
    *,
    cancelled: Callable[[], bool] | None = None,
) -> R:
    """Drive ``gen`` to its end and return its return value.

    ``on_step`` sees every yield (a ``Progress`` or a partial result). When ``cancelled()`` is
    true before a step, the generator is closed at its yield and ``Cancelled`` raised. However
    this ends, the generator is closed."""
    try:
        while True:
            if cancelled is not None and cancelled():
                gen.close()
                raise Cancelled("cancelled")
            try:
                item = next(gen)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
            if on_step is not None:
                on_step(item)
    finally:
        gen.close()


class Steps(Generic[Y, R]):
    """Iterate what a generator yields in a ``for`` loop; afterwards ``value`` holds what it
    returned. For an operation that passes on (or rescales) the progress of another one."""

    def __init__(self, gen: Generator[Y, Any, R]) -> None:
        self.gen = gen
        self.value: R | None = None

    def __iter__(self) -> Iterator[Y]:
        self.value = yield from self.gen

    def close(self) -> None:
        self.gen.close()
