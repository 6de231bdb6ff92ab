// publishRecord's steps with runtime-like noise: before each write of the record,
// as many writes to /dev/null as argv says (a runtime's own writes change no
// durable state, but they are writes, and their number varies from run to run).
// argv: <directory> <noise writes>.
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const [dir, noise] = [process.argv[2], Number(process.argv[3])];
const sink = openSync('/dev/null', 'w');
const babble = () => {
  for (let index = 0; index < noise; index += 1) writeSync(sink, 'x');
};
const temp = join(dir, 'record.tmp');
const fd = openSync(temp, 'w');
babble();
writeSync(fd, 'first half,');
babble();
writeSync(fd, 'second half');
fsyncSync(fd);
closeSync(fd);
renameSync(temp, join(dir, 'record'));
process.stdout.write('done\n');
