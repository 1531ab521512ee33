import { Module } from '@nestjs/common';
import { CachedSearchPlanner } from './cached-search-planner.js';
import { MESSAGE_SEARCH_ENGINE } from './message-search-engine.js';
import { PostgresSearchEngine } from './postgres-search.engine.js';
import { ReadableChannelsCache, SearchTextPlanCache } from './search-plan.caches.js';

/** Binds `MESSAGE_SEARCH_ENGINE` to the engine on chat's own tables; another engine's module would bind it instead. */
@Module({
  providers: [
    PostgresSearchEngine,
    CachedSearchPlanner,
    SearchTextPlanCache,
    ReadableChannelsCache,
    { provide: MESSAGE_SEARCH_ENGINE, useExisting: PostgresSearchEngine },
  ],
  exports: [MESSAGE_SEARCH_ENGINE],
})
export class PostgresSearchModule {}
