import { sessionMutants } from './sessionMutants.js';
import { describeMutants } from './__test-helpers__/mutantProbes.js';

describeMutants(sessionMutants);
