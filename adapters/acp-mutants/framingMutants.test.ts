import { framingMutants } from './framingMutants.js';
import { describeMutants } from './__test-helpers__/mutantProbes.js';

describeMutants(framingMutants);
