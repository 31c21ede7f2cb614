import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildConfig, ConfigError, parseEnv } from './config.ts';

describe('configuration', () => {
  it('uses the embedded defaults with no configuration', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.ADMIN_USERNAME).toBe('admin');
    expect(env.FETCH_ALLOW_PRIVATE).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('rejects a bad value with a clear Japanese message naming the variable', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres:\/\//);
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/32文字以上/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', OPENAI_API_KEY: '  ' }).OPENAI_API_KEY).toBeUndefined();
  });

  it('generates the signing secret once and keeps it in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = buildConfig(parseEnv({ DATA_DIR: dir }));
    const second = buildConfig(parseEnv({ DATA_DIR: dir }));
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(() =>
      buildConfig(
        parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, PUBLIC_URL: 'https://faq.example.jp' }),
      ),
    ).toThrow(/JWT_SECRET/);
  });

  it('refuses to start in production without PUBLIC_URL, naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const production = { NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'p'.repeat(40) };
    expect(() => buildConfig(parseEnv(production))).toThrow(/PUBLIC_URL/);
    expect(
      buildConfig(parseEnv({ ...production, PUBLIC_URL: 'https://faq.example.jp/' })).publicUrl,
    ).toBe('https://faq.example.jp');
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses in production a PUBLIC_URL customers cannot open, naming the variable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const production = { NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'p'.repeat(40) };
    for (const url of [
      'http://localhost',
      'http://localhost:3000/',
      'https://LOCALHOST.',
      'http://app.localhost',
      'http://127.0.0.1:3000',
      'http://127.1.2.3',
      'http://0.0.0.0',
      'http://[::1]:3000',
      'http://[::ffff:127.0.0.1]',
      'http://10.0.0.5',
      'http://192.168.1.10',
      'http://169.254.169.254',
    ]) {
      expect(() => buildConfig(parseEnv({ ...production, PUBLIC_URL: url })), url).toThrow(
        /PUBLIC_URL.*公開アドレス/,
      );
    }
    for (const url of [
      'https://faq.example.jp',
      'http://93.184.215.14',
      'https://[2606:4700::1111]',
    ]) {
      expect(buildConfig(parseEnv({ ...production, PUBLIC_URL: url })).publicUrl, url).toBe(url);
    }
    // Outside production a local address is what development uses.
    expect(
      buildConfig(parseEnv({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:5173' })).publicUrl,
    ).toBe('http://localhost:5173');
  });

  it('validates STRIPE_API_BASE as a URL', () => {
    expect(() => parseEnv({ STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
    expect(parseEnv({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe(
      'http://127.0.0.1:12111',
    );
  });

  it('validates SELLER_REGISTRATION_NUMBER and has a sample outside production only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(() => parseEnv({ SELLER_REGISTRATION_NUMBER: '1234567890123' })).toThrow(
      /SELLER_REGISTRATION_NUMBER: T に続く13桁/,
    );
    expect(() => parseEnv({ SELLER_REGISTRATION_NUMBER: 'T123' })).toThrow(/13桁/);
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).sellerRegistrationNumber).toBe(
      'T1234567890123',
    );
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      JWT_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://faq.example.jp',
    };
    expect(buildConfig(parseEnv(production)).sellerRegistrationNumber).toBeNull();
    expect(
      buildConfig(parseEnv({ ...production, SELLER_REGISTRATION_NUMBER: 'T9876543210987' }))
        .sellerRegistrationNumber,
    ).toBe('T9876543210987');
  });
});
