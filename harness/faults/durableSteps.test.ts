import { describe, expect, it } from 'vitest';
import { durableSteps } from './durableSteps.js';
import { parseStraceLog } from './strace.js';

// Shapes strace 6.1 prints with -f -y -s 2: a shell wrapper (pyenv's shim) talking to its command substitutions
// through pipes, opening /dev/null, then the adapter writing its ledger and its answer to the host's socket.
const SHIM = [
  '10  openat(AT_FDCWD</w>, "/dev/null", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</dev/null>',
  '10  pipe2([3<pipe:[77]>, 4<pipe:[77]>], 0) = 0',
  '11  write(1<pipe:[77]>, "/u"..., 18) = 18',
  '10  socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0, [5<socket:[81]>, 6<socket:[82]>]) = 0',
  '12  write(1<socket:[82]>, "ok", 2) = 2',
  '10  mkdir("/l/op", 0777) = 0',
  '10  fsync(7</l>) = 0',
  '10  write(1<socket:[9]>, "{\\""..., 308) = 308',
].join('\n');

describe('durable steps of a traced call', () => {
  it('leaves out /dev/null and the pipes and socket pairs the call made for itself, even on descriptor 1', () => {
    const steps = durableSteps(parseStraceLog(SHIM));
    expect(steps.map(({ description, effect }) => [description, effect])).toEqual([
      ['mkdir("…/l/op")', 'state'],
      ['fsync(…/l)', 'sync'],
      ['write(stdout, 308 bytes)', 'state'],
    ]);
    expect(steps.every((step) => !step.mappedWritable)).toBe(true);
  });

  it('marks the steps after a file was mapped writable and shared (a private or read-only mapping does not count)', () => {
    const log = parseStraceLog(
      [
        'mmap(NULL, 4096, PROT_READ, MAP_SHARED, 3</usr/lib/gconv.cache>, 0) = 0x7f00',
        'mmap(NULL, 4096, PROT_READ|PROT_WRITE, MAP_PRIVATE, 3</l/db>, 0) = 0x7f01',
        'write(4</l/db>, "ab"..., 10) = 10',
        'mmap(NULL, 32768, PROT_READ|PROT_WRITE, MAP_SHARED, 5</l/db-shm>, 0) = 0x7f02',
        'fdatasync(4</l/db>) = 0',
      ].join('\n'),
    );
    expect(durableSteps(log).map(({ syscall, effect, mappedWritable }) => [syscall, effect, mappedWritable])).toEqual([
      ['write', 'state', false],
      ['fdatasync', 'sync', true],
    ]);
  });

  it('calls a lock a lock, and a failed call nothing', () => {
    const log = parseStraceLog(['flock(3</l/lock>, LOCK_EX) = 0', 'fcntl(3</l/db>, F_SETLK, {l_type=F_UNLCK}) = 0', 'unlink("/l/x") = -1 ENOENT (No such file or directory)'].join('\n'));
    expect(durableSteps(log).map(({ syscall, effect }) => [syscall, effect])).toEqual([
      ['flock', 'lock'],
      ['fcntl', 'lock'],
    ]);
  });
});
