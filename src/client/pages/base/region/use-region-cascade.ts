import { useEffect, useState } from 'react';
import { reportFailure } from '../../../ui/report-failure';
import { fetchRegionChildren, type RegionOption } from './region-api';

/** The three levels of the debug cascader, outermost first. */
export const CASCADE_LEVELS = ['province', 'city', 'district'] as const;
export type CascadeLevel = (typeof CASCADE_LEVELS)[number];

/**
 * Province → city → district, each level's options loaded from `region/select?code=<the
 * level above>` when the level above is picked; a new pick clears the levels below.
 */
export function useRegionCascade() {
  const [picked, setPicked] = useState<Partial<Record<CascadeLevel, string>>>({});
  const [options, setOptions] = useState<Partial<Record<CascadeLevel, RegionOption[]>>>({});

  const load = (level: CascadeLevel, parent?: string) =>
    fetchRegionChildren(parent)
      .then((rows) => setOptions((prev) => ({ ...prev, [level]: rows })))
      .catch(reportFailure);

  useEffect(() => {
    void load('province');
  }, []);

  const pick = (level: CascadeLevel, code: string) => {
    const index = CASCADE_LEVELS.indexOf(level);
    const below = CASCADE_LEVELS.slice(index + 1);
    setPicked((prev) => ({ ...Object.fromEntries(CASCADE_LEVELS.slice(0, index).map((l) => [l, prev[l]])), [level]: code }));
    setOptions((prev) => ({ ...prev, ...Object.fromEntries(below.map((l) => [l, []])) }));
    if (below[0] && code) void load(below[0], code);
  };

  const names = CASCADE_LEVELS.map((level) => options[level]?.find((o) => o.code === picked[level])?.name).filter(Boolean);
  return { picked, options, pick, text: names.join(' / ') };
}
