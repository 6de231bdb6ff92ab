import type { MutantDefinition } from '../mutants/MutantDefinition.js';

/**
 * A one-defect adapter directory of the adapter-manifest.v1 profile, as the
 * kill matrix sees it. It is a `MutantDefinition` (so `evaluateKill` judges it
 * unchanged) plus the directory to qualify.
 */
export interface ManifestFixture extends MutantDefinition {
  /** The adapter directory, relative to the package root (`adapter-qualify manifest <dir>`). */
  readonly dir: string;
  /**
   * Symlinks the fixture needs, created at run time by `materializeFixture`
   * (a package tarball cannot carry them): path inside the directory → target,
   * relative to the directory. Empty for most fixtures.
   */
  readonly links: Readonly<Record<string, string>>;
}
