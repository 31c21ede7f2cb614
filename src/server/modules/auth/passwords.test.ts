import { describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are argon2id at the OWASP cost in production: 19 MiB, 2 iterations, one lane', async () => {
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // The library's own defaults, which the production cost states.
    const made = await hash('営業時間は10時から');
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hash('営業時間は10時から', PASSWORD_HASH_COST)).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    );
    // A production hash verifies under the tests' lower cost: a hash names its own cost.
    expect(await verifyPassword(made, '営業時間は10時から')).toBe(true);
    expect(await verifyPassword(made, '営業時間は9時から')).toBe(false);
  });

  it('are made at the lower cost the server tests set (tests/helpers/setup-server.ts)', async () => {
    const made = await hashPassword('定休日は日曜日');
    expect(made).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(made, '定休日は日曜日')).toBe(true);
  });
});
