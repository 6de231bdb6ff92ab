import type { ProfileId } from '../../clauses.js';

/**
 * What each profile's control qualifies, as messages name it.
 * @internal Shared by `judgeControl` and the Markdown renderer.
 */
export const referenceLabels: Readonly<Record<ProfileId, string>> = Object.freeze({
  'coding-operation.v1': 'reference adapter',
  'adapter-manifest.v1': 'manifest reference directory',
});
