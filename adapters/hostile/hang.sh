# Never reads stdin, never writes, never exits: only the caller's deadline ends it. (Not exec'd: the
# script's own command line stays visible while it hangs.)
sleep 2147483647
