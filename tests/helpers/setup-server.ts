import '../../src/shared/zod-ja.ts';

process.env.TZ = 'UTC';
