// Dates stay YYYY-MM-DD strings, timestamps become ISO strings, int8 becomes a number (event
// positions and counts stay far below 2^53), so both engines hand back the same shapes.
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_TIMESTAMP = 1114;
const OID_TIMESTAMPTZ = 1184;
const toIso = (v: string): string => new Date(v.includes('T') || v.includes('+') ? v : `${v}Z`).toISOString();
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [OID_INT8]: (v) => Number(v),
  [OID_DATE]: (v) => v,
  [OID_TIMESTAMP]: toIso,
  [OID_TIMESTAMPTZ]: (v) => new Date(v).toISOString(),
};
