import type { DocumentCollection, ReadStore } from '../../kernel/ports/read-store';

type Method = 'find' | 'findOne' | 'updateOne' | 'upsertEach';

/**
 * A view of `store` whose collections answer `method` through `replace` (given the collection, to call the
 * original): to count a projection's or a query's round trips, or to make one of them fail or wait.
 */
export const interceptedStore = <M extends Method>(
  store: ReadStore,
  method: M,
  replace: (collection: DocumentCollection, ...args: Parameters<DocumentCollection[M]>) => ReturnType<DocumentCollection[M]>,
): ReadStore =>
  ({
    ...store,
    collection: (name: string) => {
      const collection = store.collection(name);
      const replaced = (...args: Parameters<DocumentCollection[M]>) => replace(collection, ...args);
      return new Proxy(collection, { get: (target, key) => (key === method ? replaced : Reflect.get(target, key, target)) });
    },
  }) as ReadStore;
