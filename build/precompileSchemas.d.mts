/** The compiled module (under `dist/`) and export name of each schema the build precompiles. */
export declare const PRECOMPILED: readonly (readonly [module: string, name: string])[];
