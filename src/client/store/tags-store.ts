/**
 * Opened pages shown as tabs (Saber store/modules/tags.js), kept in local storage as
 * `saber-tagList`. The home tab (site config first page) is always first and cannot
 * be closed.
 */
import { siteConfig } from '../site-config';
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

let tags: Tag[] = withHome(getStore<Tag[]>('tagList') ?? []);
const listeners = new Set<() => void>();

function save(next: Tag[]): void {
  tags = withHome(next);
  setStore({ name: 'tagList', content: tags });
  for (const listener of listeners) listener();
}

export function getTags(): Tag[] {
  return tags;
}

export function subscribeTags(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isClosable(tag: Tag): boolean {
  return tag.value !== HOME_TAG.value;
}

export function addTag(tag: Tag): void {
  const existing = tags.find((t) => t.value === tag.value);
  if (existing?.label === tag.label) return;
  save(existing ? tags.map((t) => (t.value === tag.value ? tag : t)) : [...tags, tag]);
}

/** Closes `value` and answers the tab to show when it was the current one. */
export function closeTag(value: string): Tag {
  const index = tags.findIndex((t) => t.value === value);
  if (index <= 0) return HOME_TAG;
  const next = tags.filter((t) => t.value !== value);
  save(next);
  return next[Math.min(index, next.length) - 1] ?? HOME_TAG;
}

export function closeOtherTags(keep: string): void {
  save(tags.filter((t) => t.value === keep));
}

export function resetTags(): void {
  save([]);
}
