// The chat search as the service specs drive it: searches go through `SearchService`, while the Postgres engine's
// walk lengths and joint fallback read stay reachable, so a spec can shorten a walk or watch the joint read.
import type { Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SearchService as ChatSearchService } from '../src/messages/search.service.js';
import { PostgresSearchEngine } from '../src/search/postgres-search.engine.js';

/** `search` of the service; every other member (`phraseWalk`, `substringWalk`, `fallbacks`) the engine's own. */
export abstract class SearchService {
  abstract search: ChatSearchService['search'];
  abstract phraseWalk: number;
  abstract substringWalk: number;
}

/**
 * Registers `SearchService` above in a test module. Reads and writes of the engine's members reach the engine itself,
 * so a spy set on `fallbacks` is the method the engine calls.
 */
export const searchServiceProbe: Provider = {
  provide: SearchService,
  inject: [ModuleRef],
  useFactory: (ref: ModuleRef): SearchService => {
    const service = () => ref.get(ChatSearchService, { strict: false });
    const engine = () => ref.get(PostgresSearchEngine, { strict: false });
    return new Proxy({} as SearchService, {
      get: (_target, key) =>
        key === 'search' ? service().search.bind(service()) : (Reflect.get(engine(), key) as unknown),
      set: (_target, key, value) => Reflect.set(engine(), key, value),
      deleteProperty: (_target, key) => Reflect.deleteProperty(engine(), key),
      has: (_target, key) => key === 'search' || Reflect.has(engine(), key),
      getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(engine(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(engine()),
    });
  },
};
