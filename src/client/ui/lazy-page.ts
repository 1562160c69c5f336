import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { siteConfig } from '../site-config';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page chunk not loaded within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** A page loaded on demand (its own chunk), failing after the chunk load timeout (spec §8). */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load(), siteConfig.chunkLoadTimeoutMs).then((component) => ({ default: component })));
}
