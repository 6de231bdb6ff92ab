// Every outcome opens with "operationId":"someone-elses-op", "state", "revision":99 before the real fields.
import { runBuiltMutant } from './runBuiltMutant.js';

await runBuiltMutant('duplicate-keys-before-fields');
