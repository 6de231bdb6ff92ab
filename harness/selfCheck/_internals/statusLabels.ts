import type { CellStatus, RowStatus } from '../types.js';

/**
 * How the renderers spell each status: the words, not the enum's.
 * @internal Shared by the Markdown and terminal renderers.
 */
export const statusLabels = Object.freeze({
  row: {
    killed: 'killed',
    'killed-with-findings': 'killed, with findings',
    'wrong-reason': 'killed for the wrong reason',
    survived: 'SURVIVED',
    'control-held': 'control held',
    'control-broken': 'control broken',
    'timed-out': 'timed out',
    error: 'error',
    'not-judgeable': 'not judgeable yet',
  } satisfies Record<RowStatus, string>,
  cell: {
    killed: 'killed',
    survived: 'survived',
    'wrong-reason': 'wrong reason',
    'timed-out': 'timed out',
    error: 'error',
    'control-red': 'control red',
    'not-judgeable': 'not judgeable yet',
  } satisfies Record<CellStatus, string>,
});
