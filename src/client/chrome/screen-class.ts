import { siteConfig } from '../site-config';

/** 0–3 (spec §2 Layout): 3 if width ≥ 1200, 2 if ≥ 992, 1 if ≥ 768, else 0. */
export type ScreenClass = 0 | 1 | 2 | 3;

export function screenClass(width: number, breakpoints: readonly number[] = siteConfig.breakpoints): ScreenClass {
  return breakpoints.filter((min) => width >= min).length as ScreenClass;
}
