"""Frozen records that cost nothing until a command uses one.

``@record`` declares exactly what ``@dataclass(frozen=True)`` declares (``@record(frozen=False)``
what ``@dataclass`` does), and the class
becomes that dataclass, made by the standard library, the first time one is created
(or unpickled). Why: ``dataclass`` writes each class's ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` as source text and
compiles it, about 1 ms a class here; a command imports some fifty of them and uses
a handful, so making them all at import cost ``result`` a third of its start-up.
Measured again for issue 31 (imports at the top of modules): `result` loads 109
record classes; made at import as plain frozen dataclasses, importing its command
module took 1.42 times the CPU (slotted: 1.57), paired runs: well over the 5% a
plain dataclass would have to lose by, so records stay lazy.

Until its first instance a record is a plain class: ``dataclasses.fields()`` of the
class itself (not of an instance) fails; ``records.fields()`` makes it first. A class
whose fields other code reads as a dataclass's before one exists (EventSettings:
every command reading an event makes one anyway) stays an ordinary ``@dataclass``.

>>> @record
... class Point:
...     x: int
...     y: int = 0
>>> Point(1) == Point(1, 0), Point(2, 3)
(True, Point(x=2, y=3))
"""

from __future__ import annotations

import dataclasses
import threading
from typing import TYPE_CHECKING, Any, Callable, TypeVar, overload

_T = TypeVar("_T", bound=type)
_lock = threading.RLock()
_OPTIONS = "__record_options__"


def _make(cls: type) -> None:
    """Turn ``cls`` (and any record it derives from) into its dataclass, once."""
    with _lock:
        if "__dataclass_fields__" in cls.__dict__:
            return
        for base in reversed(cls.__mro__[1:]):
            if _OPTIONS in base.__dict__:
                _make(base)
        del cls.__init__  # type: ignore[misc]  # the stubs below
        del cls.__setstate__  # type: ignore[attr-defined]
        dataclasses.dataclass(cls, **cls.__dict__[_OPTIONS])


def _lazy(cls: _T, options: dict[str, Any]) -> _T:
    setattr(cls, _OPTIONS, options)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        _make(cls)
        cls.__init__(self, *args, **kwargs)  # type: ignore[misc]  # the dataclass's own now

    def __setstate__(self: Any, state: dict[str, Any]) -> None:  # unpickled before any was made
        _make(cls)
        self.__dict__.update(state)

    cls.__init__ = __init__  # type: ignore[misc]
    cls.__setstate__ = __setstate__  # type: ignore[attr-defined]
    return cls


def fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """``dataclasses.fields`` of a record class (made now if it was not yet)."""
    if _OPTIONS in cls.__dict__:
        _make(cls)
    return dataclasses.fields(cls)


if TYPE_CHECKING:  # type checkers see a dataclass
    from typing_extensions import dataclass_transform

    @overload
    @dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
    def record(cls: _T, /) -> _T: ...

    @overload
    @dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
    def record(*, frozen: bool = True, order: bool = False) -> Callable[[_T], _T]: ...

    @dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
    def record(cls: Any = None, /, *, frozen: bool = True, order: bool = False) -> Any: ...
else:
    def record(cls=None, /, *, frozen=True, order=False):
        """``@dataclass(frozen=frozen, order=order)``, made when first used."""
        options = {"frozen": frozen, "order": order}
        if cls is None:
            return lambda c: _lazy(c, options)
        return _lazy(cls, options)
