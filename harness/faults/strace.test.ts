import { describe, expect, it } from 'vitest';
import { durableSteps } from './durableSteps.js';
import { parseStraceLog } from './strace.js';

// Shapes strace 6.1 prints with -f -y (thread ids first) and without -f (no ids; a killed call's line cut off).
const FOLLOWED = [
  '100  write(5<pipe:[1]>, ""..., 1)  = 1',
  '101  write(17<anon_inode:[eventfd]>, ""..., 8) = 8',
  '100  openat(AT_FDCWD</w>, "/l/op/.a.json.tmp", O_WRONLY|O_CREAT|O_EXCL, 0666) = 18</l/op/.a.json.tmp>',
  '100  write(18</l/op/.a.json.tmp>, ""..., 251 <unfinished ...>',
  '101  openat(AT_FDCWD</w>, "/w/x.js", O_RDONLY|O_CLOEXEC) = 19</w/x.js>',
  '100  <... write resumed>)               = 251',
  '100  fcntl(18</l/op/.a.json.tmp>, F_GETFL) = 0x8001 (flags O_WRONLY)',
  '100  fcntl(18</l/op/.a.json.tmp>, F_SETLKW, {l_type=F_WRLCK, l_whence=SEEK_SET, l_start=0, l_len=0}) = 0',
  '100  mkdir("/l/op", 0777)            = -1 EEXIST (File exists)',
  '100  link("/l/op/.a.json.tmp", "/l/op/a.json") = ?',
  '100  +++ killed by SIGKILL +++',
].join('\n');

describe('parseStraceLog and durableSteps', () => {
  it('joins interrupted calls, keeps only state-changing ones, in order', () => {
    const log = parseStraceLog(FOLLOWED);
    expect(log.killed).toEqual(new Set([100]));
    const steps = durableSteps(log);
    expect(steps.map(({ index, description, completed }) => [index, description, completed])).toEqual([
      [1, 'openat("…/op/.a.json.tmp", O_WRONLY|O_CREAT|O_EXCL)', true],
      [2, 'write(…/op/.a.json.tmp, 251 bytes)', true],
      [3, 'fcntl(…/op/.a.json.tmp, F_SETLKW, {l_type=F_WRLCK, l_whence=SEEK_SET, l_start=0, l_len=0})', true],
      [4, 'link("…/op/.a.json.tmp", "…/op/a.json")', false],
    ]);
  });

  it('reads a single thread’s log (no thread ids) whose last call was cut off by the kill', () => {
    const log = parseStraceLog(['write(1<pipe:[9]>, ""..., 308) = 308', 'fsync(18</l/op>) = 0', 'link("/l/op/.t", "/l/op/r"'].join('\n'));
    expect(durableSteps(log).map(({ syscall, completed }) => [syscall, completed])).toEqual([
      ['write', true],
      ['fsync', true],
      ['link', false],
    ]);
  });
});
