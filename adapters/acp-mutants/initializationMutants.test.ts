import { initializationMutants } from './initializationMutants.js';
import { describeMutants } from './__test-helpers__/mutantProbes.js';

describeMutants(initializationMutants, ['auth-required-exits']);
