"""Where `serve` listens unless told otherwise, and so the address printed for
personal links and the door sheet when an event names no public address. A leaf:
`serve`'s options read it without loading the links' machinery."""

SERVE_PORT = 8000
SERVED = f"http://127.0.0.1:{SERVE_PORT}"
