/**
 * Opened pages shown as tabs (Saber store/modules/tags.js), kept in local storage as
 * `saber-tagList`, and the current one as `saber-tag` (the lock page returns to it).
 * The home tab (site config first page) is always first and cannot be closed.
 */
import { siteConfig } from '../site-config';
import { createStore, useStore } from './create-store';
import { getStore, setStore } from './storage';

export interface Tag {
  /** Route path (with query) the tab opens. */
  value: string;
  /** Label when opened; the tag bar re-resolves it in the current language. */
  label: string;
}

export const HOME_TAG: Tag = { value: siteConfig.firstPage.value, label: siteConfig.firstPage.label };

function withHome(tags: Tag[]): Tag[] {
  return [HOME_TAG, ...tags.filter((tag) => tag.value !== HOME_TAG.value)];
}

const tagsStore = createStore<Tag[]>(withHome(getStore<Tag[]>('tagList') ?? []), (tags) => setStore({ name: 'tagList', content: tags }));
const currentStore = createStore<Tag>(getStore<Tag>('tag') ?? HOME_TAG, (tag) => setStore({ name: 'tag', content: tag }));

function save(next: Tag[]): void {
  tagsStore.set(withHome(next));
}

export const getTags = tagsStore.get;
export const subscribeTags = tagsStore.subscribe;

export function useTags(): Tag[] {
  return useStore(tagsStore);
}

/** The tab shown last (where unlocking the screen goes back to). */
export function getCurrentTag(): Tag {
  return currentStore.get();
}

export function isClosable(tag: Tag): boolean {
  return tag.value !== HOME_TAG.value;
}

/** Opens (or relabels) the tab and makes it the current one. */
export function addTag(tag: Tag): void {
  if (currentStore.get().value !== tag.value || currentStore.get().label !== tag.label) currentStore.set(tag);
  const tags = tagsStore.get();
  const existing = tags.find((t) => t.value === tag.value);
  if (existing?.label === tag.label) return;
  save(existing ? tags.map((t) => (t.value === tag.value ? tag : t)) : [...tags, tag]);
}

/** Closes `value` and answers the tab to show when it was the current one. */
export function closeTag(value: string): Tag {
  const tags = tagsStore.get();
  const index = tags.findIndex((t) => t.value === value);
  if (index <= 0) return HOME_TAG;
  const next = tags.filter((t) => t.value !== value);
  save(next);
  return next[Math.min(index, next.length) - 1] ?? HOME_TAG;
}

/** Keeps the home tab and `keep`. */
export function closeOtherTags(keep: string): void {
  save(tagsStore.get().filter((t) => t.value === keep));
}

/** Back to the home tab alone (sign-in, close all, logout). */
export function resetTags(): void {
  save([]);
  currentStore.set(HOME_TAG);
}
