import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { gbPhoneMetadata, PHONE_METADATA_FILE } from './phone-metadata.ts';

it("domain/phone-metadata-uk.json is the UK's slice of the installed libphonenumber-js metadata (else: npx tsx scripts/phone-metadata.ts)", () => {
  expect(readFileSync(PHONE_METADATA_FILE, 'utf8')).toBe(gbPhoneMetadata());
});
