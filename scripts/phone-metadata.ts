/**
 * domain/phone-metadata-uk.json: the slice of libphonenumber-js's own metadata
 * (`metadata.min.json`) for the UK's +44 numbering alone: its version, and the numbering plans of
 * the regions that share +44 (Great Britain and Northern Ireland, and Guernsey, the Isle of Man and
 * Jersey, whose numbers UK shoppers carry too). The details form takes a valid UK-region phone number (spec 5.2), so the
 * shop checks numbers with libphonenumber-js's core and this slice (the library's documented custom
 * metadata) instead of every country's, which made up three quarters of the details step's script.
 * `scripts/phone-metadata.test.ts` fails when the installed library's metadata moves on; then run
 * `npx tsx scripts/phone-metadata.ts`, which writes the file again.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import all from 'libphonenumber-js/metadata.min.json';

export const PHONE_METADATA_FILE = path.join(import.meta.dirname, '..', 'domain', 'phone-metadata-uk.json');

/** The slice, as the file holds it. */
export function gbPhoneMetadata(): string {
  const metadata = all as unknown as { version: number; countries: Record<string, unknown> };
  const regions = ['GB', 'GG', 'IM', 'JE'];
  return `${JSON.stringify({ version: metadata.version, country_calling_codes: { 44: regions }, countries: Object.fromEntries(regions.map((r) => [r, metadata.countries[r]])) })}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(PHONE_METADATA_FILE, gbPhoneMetadata());
  console.log(`Wrote ${path.relative(process.cwd(), PHONE_METADATA_FILE)}`);
}
