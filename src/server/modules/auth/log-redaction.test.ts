import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, defaultLogger } from '../../app.ts';
import { buildConfig, parseEnv } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../../../tests/helpers/test-database.ts';
import { redactUrlSecrets } from './log-redaction.ts';

describe('redactUrlSecrets', () => {
  it.each([
    [
      '/?access_token=abc&refresh_token=def&x=1',
      '/?access_token=[redacted]&refresh_token=[redacted]&x=1',
    ],
    ['/auth/reset-password?token=abc', '/auth/reset-password?token=[redacted]'],
    ['/auth?redirect_url=%2Fgenerate&project_id=p', '/auth?redirect_url=%2Fgenerate&project_id=p'],
    ['/a?ACCESS_TOKEN=abc', '/a?ACCESS_TOKEN=[redacted]'],
    ['/a?access%5Ftoken=abc', '/a?access%5Ftoken=[redacted]'],
    ['/a?token', '/a?token=[redacted]'],
    ['/plain/path', '/plain/path'],
    ['/a?%E0%A4%A=1&token=z', '/a?%E0%A4%A=1&token=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrlSecrets(url)).toBe(expected);
  });
});

describe('request logs of the real app', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-log-test-'));
    const config = buildConfig(
      parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'debug',
        DATA_DIR: dataDir,
        JWT_SECRET: 'log-test-secret-log-test-secret-0123456789',
      }),
    );
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    const logger = defaultLogger(config) as Record<string, unknown>;
    app = await buildApp({
      config,
      database,
      logger: { ...logger, stream } as never,
      webDir: path.join(dataDir, 'no-web'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never contains passwords, access tokens or refresh tokens', async () => {
    const password = 'very-secret-password-1';
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'logs@example.jp', password },
    });
    expect(signup.statusCode).toBe(201);
    const { access_token: accessToken, refresh_token: refreshToken } = signup.json();
    await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'logs@example.jp', password },
    });
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: refreshToken },
    });
    // The successor used too: the first token again, now past its grace, is reuse — logged as
    // a warning, without the token.
    await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: rotated.json().refresh_token },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: refreshToken },
    });
    await app.inject({
      method: 'GET',
      url: `/?access_token=${accessToken}&refresh_token=${rotated.json().refresh_token}`,
    });
    await app.inject({ method: 'GET', url: '/auth/reset-password?token=reset-token-value-123' });

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('refresh token reuse detected');
    expect(log).toContain('/?access_token=[redacted]&refresh_token=[redacted]');
    expect(log).toContain('/auth/reset-password?token=[redacted]');
    for (const secret of [
      password,
      accessToken,
      refreshToken,
      rotated.json().refresh_token,
      rotated.json().access_token,
      'reset-token-value-123',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
