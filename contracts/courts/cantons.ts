/** The 26 cantons plus `CH` for the Confederation. */
export const CANTONS = [
  'AG',
  'AI',
  'AR',
  'BE',
  'BL',
  'BS',
  'FR',
  'GE',
  'GL',
  'GR',
  'JU',
  'LU',
  'NE',
  'NW',
  'OW',
  'SG',
  'SH',
  'SO',
  'SZ',
  'TG',
  'TI',
  'UR',
  'VD',
  'VS',
  'ZG',
  'ZH',
] as const;
export type CantonCode = (typeof CANTONS)[number];
export const JURISDICTIONS = ['CH', ...CANTONS] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const LANGUAGES = ['de', 'fr', 'it', 'rm'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isJurisdiction(value: string): value is Jurisdiction {
  return (JURISDICTIONS as readonly string[]).includes(value);
}
