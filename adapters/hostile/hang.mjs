// Never reads stdin, never writes, never exits: only the caller's deadline ends it.
setInterval(() => {}, 60_000);
