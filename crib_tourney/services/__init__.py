"""One function per user action. A service opens no transaction of its own: the
CLI calls one service inside one transaction. Services load through store/,
decide through tourney/ and engine/, write through store/ and the audit writer,
and return dataclasses or plain data, never printed text."""
