import * as fc from 'fast-check';
import { ACTIONS, type Action } from '../../harness/protocol/types.js';

/**
 * `submit` or `observe`.
 * @internal
 */
export function argvAction(): fc.Arbitrary<Action> {
  return fc.constantFrom(...ACTIONS);
}
