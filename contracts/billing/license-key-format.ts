/** Every license key starts with the product prefix; the rest is opaque. */
export const LICENSE_KEY_PREFIX = 'slr_pro_';

/** Characters of the opaque part: base62 of a 256-bit MAC, left-padded. */
export const LICENSE_KEY_BODY_LENGTH = 43;

export const LICENSE_KEY_PATTERN = new RegExp(
  `^${LICENSE_KEY_PREFIX}[0-9A-Za-z]{${LICENSE_KEY_BODY_LENGTH}}$`,
);

/** The plan a license key grants. */
export const PRO_PLAN = 'pro';
