import { lifecycleMutants, robustnessMutants } from './robustnessMutants.js';
import { describeMutants } from './__test-helpers__/mutantProbes.js';

describeMutants([...robustnessMutants, ...lifecycleMutants]);
