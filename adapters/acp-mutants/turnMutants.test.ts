import { cancellationMutants, clientRequestMutants, mcpMutants, turnMutants } from './turnMutants.js';
import { describeMutants } from './__test-helpers__/mutantProbes.js';

describeMutants([...turnMutants, ...cancellationMutants, ...clientRequestMutants, ...mcpMutants]);
