import { endpointPath, hasEngineRoute, type ActionModel, type EndpointModel, type EntityModel } from '../../shared/schema/entity-model.js';

/** What an engine URL serves: one of the model's endpoints or one of its `x-actions`. */
export type EngineTarget =
  | { model: EntityModel; endpoint: EndpointModel; action?: undefined }
  | { model: EntityModel; action: ActionModel; endpoint?: undefined };

/** One engine route in its two path forms' common shape: method and path without /api. */
export interface EngineRoute {
  method: 'GET' | 'POST';
  path: string;
  model: EntityModel;
}

export interface ModelRegistryDeps {
  /** Creates the model's missing table, columns and indexes. */
  syncTable(model: EntityModel): Promise<void>;
  /** Compiles the model's record rules. */
  compile(model: EntityModel): void;
}

const targetKey = (method: string, path: string) => `${method} ${path}`;
type Method = EngineRoute['method'];

/** The path without the /api prefix: both forms of a route resolve alike. */
export function barePath(path: string): string {
  return path.startsWith('/api/') ? path.slice('/api'.length) : path;
}

/**
 * The live set of entity models the engine serves. A model installed at run time is
 * served at once (under /api and bare) by the engine's dispatch, without a restart;
 * `models`/`model(key)` read it at call time, so every reader sees the same set.
 */
export class ModelRegistry {
  private readonly byKey = new Map<string, EntityModel>();
  private readonly targets = new Map<string, EngineTarget>();
  /**
   * The same targets by method, then path in both forms (bare and under /api): every request
   * resolves its route up to three times (the handler, the metrics, the API log), and looking up
   * the route's own path string builds no key and hashes no new string.
   */
  private byMethod: Record<Method, Map<string, EngineTarget>> = { GET: new Map(), POST: new Map() };
  private queue: Promise<void> = Promise.resolve();

  constructor(models: EntityModel[], private readonly deps: ModelRegistryDeps) {
    for (const model of models) this.byKey.set(model.key, model);
    this.reindex();
  }

  get models(): EntityModel[] {
    return [...this.byKey.values()];
  }

  find(key: string): EntityModel | undefined {
    return this.byKey.get(key);
  }

  /** The model of `<module>/<name>`; throws when absent (a programming error). */
  model(key: string): EntityModel {
    const model = this.byKey.get(key);
    if (!model) throw new Error(`no schema ${key}`);
    return model;
  }

  /**
   * Adds the model, or replaces the one with its key: syncs its table first (never drops
   * a column), then serves its endpoints and actions. Refuses a base path another model
   * already uses. Installs run one after another.
   */
  install(model: EntityModel): Promise<void> {
    const run = this.queue.then(async () => {
      const clash = this.models.find((m) => m.key !== model.key && m.apiPath === model.apiPath);
      if (clash) throw new Error(`${model.source}: path ${model.apiPath} is already used by ${clash.source}`);
      await this.deps.syncTable(model);
      this.deps.compile(model);
      this.byKey.set(model.key, model);
      this.reindex();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** What `<method> <path>` serves (path with or without /api, no query), if anything. */
  resolve(method: string, path: string): EngineTarget | undefined {
    const paths = method === 'GET' || method === 'HEAD' ? this.byMethod.GET : method === 'POST' ? this.byMethod.POST : undefined;
    return paths?.get(path);
  }

  /** Every engine route (bare path form), e.g. for the route catalogue. */
  routes(): EngineRoute[] {
    return [...this.targets.entries()].map(([key, target]) => {
      const [method, path] = key.split(' ');
      return { method: method as 'GET' | 'POST', path, model: target.model };
    });
  }

  private reindex(): void {
    this.targets.clear();
    const byMethod: Record<Method, Map<string, EngineTarget>> = { GET: new Map(), POST: new Map() };
    const add = (method: Method, path: string, target: EngineTarget) => {
      this.targets.set(targetKey(method, path), target);
      const paths = byMethod[method].set(`/api${path}`, target);
      if (barePath(path) === path) paths.set(path, target);
    };
    for (const model of this.byKey.values()) {
      for (const endpoint of Object.values(model.endpoints)) add(endpoint.method, endpointPath(model, endpoint), { model, endpoint });
      for (const action of model.actions.filter(hasEngineRoute)) add('POST', `${model.apiPath}/${action.path}`, { model, action });
    }
    this.byMethod = byMethod;
  }
}
