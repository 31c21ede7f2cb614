import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../shared/public-config.ts';
import { parsePublicConfig } from './public-config.ts';

const config = {
  brandName: 'FAQ工房',
  projectId: 'faq-kobo',
  environment: 'production',
  supportEmail: 'support@example.jp',
  seller: {
    name: '株式会社FAQ工房',
    representative: '山田太郎',
    address: '東京都千代田区',
    phone: '03-0000-0000',
    email: 'info@example.jp',
  },
};

describe('parsePublicConfig', () => {
  it('accepts what the schema accepts and drops unknown fields, as the schema does', () => {
    const body = { ...config, extra: 1, seller: { ...config.seller, extra: 2 } };
    expect(parsePublicConfig(body)).toEqual(publicConfigSchema.parse(body));
  });

  it.each([
    ['no seller', { ...config, seller: undefined }],
    ['an unknown environment', { ...config, environment: 'staging' }],
    ['a number for a name', { ...config, brandName: 1 }],
    ['a seller without address', { ...config, seller: { ...config.seller, address: null } }],
    ['null', null],
  ])('rejects %s, as the schema does', (_name, body) => {
    expect(publicConfigSchema.safeParse(body).success).toBe(false);
    expect(() => parsePublicConfig(body)).toThrow();
  });
});
