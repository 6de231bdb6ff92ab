// A tiny crash-safe writer: temp file, fsync, rename into place, fsync the
// directory, then answer on stdout. argv: <directory>.
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const temp = join(dir, 'record.tmp');
const fd = openSync(temp, 'w');
writeSync(fd, 'first half,');
writeSync(fd, 'second half');
fsyncSync(fd);
closeSync(fd);
renameSync(temp, join(dir, 'record'));
const dirFd = openSync(dir, 'r');
fsyncSync(dirFd);
closeSync(dirFd);
process.stdout.write('done\n');
