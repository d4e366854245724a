import { eventsSlice } from '@/features/events';
import { operationsSlice } from '@/features/operations';
import { serverApi, serverCacheRules } from './server-api';
import { rootReducer, screenMiddleware, slicesInjected } from './store';

// The screens' slices (each declares itself in LazyLoadedSlices in ./store.ts). The router loads
// this module together with every screen that reads them; tests/web/setup.ts loads it before any test.
rootReducer.inject(eventsSlice);
rootReducer.inject(operationsSlice);
rootReducer.inject(serverApi);
screenMiddleware.addMiddleware(serverApi.middleware, serverCacheRules);
slicesInjected();
