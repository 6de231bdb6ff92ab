import { inject } from 'vitest';
import { AdmissionBudget } from './AdmissionBudget.js';
import { OperationIds } from './OperationIds.js';
import { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import { UnresponsiveBreaker } from './UnresponsiveBreaker.js';
import type { QualifyProvidedContext } from './providedContext.js';
import type { CommandTarget } from '../transport/types.js';

/** Per-worker services shared by every test the worker runs. */
export interface WorkerServices {
  readonly provided: QualifyProvidedContext;
  readonly target: CommandTarget;
  readonly transcript: TranscriptWriter;
  readonly breaker: UnresponsiveBreaker;
  readonly budget: AdmissionBudget;
  readonly ids: OperationIds;
}

let services: WorkerServices | undefined;

/** The worker's services, created on first use from the run's provided context. */
export function workerServices(): WorkerServices {
  if (services !== undefined) return services;
  const provided = inject('qualify');
  const { options } = provided;
  services = {
    provided,
    target: {
      executable: options.config.executable,
      argvPrefix: options.config.argvPrefix,
      cwd: options.adapterCwd,
      env: { ADAPTER_QUALIFY_SCRATCH: provided.scratchDir },
    },
    transcript: new TranscriptWriter(provided.workDir),
    breaker: new UnresponsiveBreaker(provided.workDir),
    budget: new AdmissionBudget(provided.workDir, options.maxSubmits),
    ids: new OperationIds(provided.runNonce),
  };
  return services;
}
