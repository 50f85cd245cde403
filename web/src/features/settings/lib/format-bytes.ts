const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

const formats = UNITS.map(
  (unit) => new Intl.NumberFormat('fr-FR', { style: 'unit', unit, maximumFractionDigits: 1 }),
);

/**
 * A size as French readers write it: "12,3 Mo", "1 Go", "850 ko", "0 o" — binary steps
 * (1 Go = 1024³ octets, as FILES_QUOTA_PER_USER counts them), one decimal at most.
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return formats[unit]!.format(value);
}
