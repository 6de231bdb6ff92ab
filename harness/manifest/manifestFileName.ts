/**
 * The manifest's file name inside an adapter directory. The seed names no file;
 * this is the suite's choice (README, "adapter-manifest.v1").
 * @public
 */
export const manifestFileName = 'manifest.json';
