import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchRequestSchema,
  batchResponseSchema,
  OPERATOR_DB_MESSAGES,
  sqlResultSchema,
  sqlStatementSchema,
} from '../../../shared/operator-db.ts';
import { HttpError } from '../../lib/http-error.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import {
  assertTableWritable,
  deleteRows,
  insertRows,
  runBatch,
  runSql,
  selectRows,
  updateRows,
  type WriteOptions,
} from './operator-db.service.ts';
import { parseQuery, resolveColumn, type QueryParams } from './postgrest.ts';
import { findTable, type ExposedTable } from './tables.ts';

/** One operator, many scripts: generous, but a runaway loop still stops. */
const OPERATOR_RATE_LIMIT = {
  limit: 600,
  windowSeconds: 60,
  message: OPERATOR_DB_MESSAGES.rateLimited,
};

const sha256 = (text: string) => createHash('sha256').update(text).digest();

const tableParamsSchema = projectParamsSchema.extend({ table: z.string().min(1).max(100) });
const restQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const rowSchema = z.record(z.string(), z.unknown());

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

/** `Prefer` may come as several headers or one comma-separated list (postgrest-js appends). */
function preferences(request: FastifyRequest): Map<string, string> {
  const header = request.headers.prefer;
  const prefs = new Map<string, string>();
  for (const item of [header ?? []].flat().join(',').split(',')) {
    const [key, value = ''] = item.trim().split('=');
    if (key) prefs.set(key.toLowerCase(), value.trim().toLowerCase());
  }
  return prefs;
}

function acceptOptions(request: FastifyRequest) {
  const accept = String(request.headers.accept ?? '').toLowerCase();
  return {
    single: accept.includes(OBJECT_MEDIA_TYPE),
    stripNulls: accept.includes('nulls=stripped'),
  };
}

/**
 * `/api/db/{project}/rest/v1/{table}` (PostgREST subset), `/sql`, `/batch`, for operators only
 * (docs/product-decisions.md §2).
 *
 * Without OPERATOR_API_KEY the routes are not registered at all: the API does not exist and
 * answers like any unknown path. With it, the key is the only credential accepted, as
 * `Authorization: Bearer <key>` and/or `apikey: <key>`; user and admin access tokens are
 * refused. Errors keep the app's `{error:{…}}` body and also carry PostgREST's top-level
 * `message`, `code`, `details`, `hint`, which is what postgrest-js hands to its caller.
 */
export const operatorDbRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.config.OPERATOR_API_KEY;
  if (!key) return;
  const expected = sha256(key);
  const rateLimitKey = `operator-db:${expected.toString('hex').slice(0, 16)}`;

  // Hashing first gives equal-length inputs, so timingSafeEqual never throws and the
  // comparison time does not depend on where a guess goes wrong.
  const isOperatorKey = (candidate: string) => timingSafeEqual(sha256(candidate), expected);

  app.addHook('onRequest', async (request) => {
    const presented: string[] = [];
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      presented.push(match?.[1] ?? '');
    }
    for (const value of [request.headers.apikey ?? []].flat()) presented.push(value);
    if (presented.length === 0) {
      throw new HttpError(
        401,
        'オペレーターAPIキーを Authorization: Bearer または apikey ヘッダーで指定してください',
      );
    }
    // Every credential presented must be the key: a user token next to it is a mistake.
    let valid = true;
    for (const candidate of presented) valid = isOperatorKey(candidate) && valid;
    if (!valid) throw new HttpError(401, OPERATOR_DB_MESSAGES.invalidKey);
    await consumeRateLimit(app.db, rateLimitKey, OPERATOR_RATE_LIMIT);
  });

  // postgrest-js sends `Content-Type: application/json` on DELETE without a body, which
  // PostgREST accepts; Fastify's own parser would call the empty body invalid JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const error = (payload as { error?: { code?: string; message?: string; details?: unknown } })
      ?.error;
    if (!error?.message) return payload;
    const details = Array.isArray(error.details)
      ? (error.details as { message: string }[]).map((detail) => detail.message).join('\n')
      : null;
    return {
      ...(payload as object),
      message: error.message,
      code: error.code,
      details,
      hint: null,
    };
  });

  const preHandler = [requireProject(app)];

  function tableOf(request: FastifyRequest): ExposedTable {
    const { table: name } = request.params as { table: string };
    const table = findTable(name);
    if (!table) throw new HttpError(404, OPERATOR_DB_MESSAGES.unknownTable(name));
    return table;
  }

  function writeOptions(
    request: FastifyRequest,
    select: ReturnType<typeof parseQuery>['select'],
  ): WriteOptions {
    const prefs = preferences(request);
    const { single, stripNulls } = acceptOptions(request);
    return {
      returning: prefs.get('return') === 'representation' ? select : undefined,
      single,
      stripNulls,
    };
  }

  function sendRows(
    request: FastifyRequest,
    reply: FastifyReply,
    { rows, rowCount }: { rows: Record<string, unknown>[]; rowCount: number },
    status: number,
    options: WriteOptions,
  ) {
    if (preferences(request).has('count')) reply.header('content-range', `*/${rowCount}`);
    if (!options.returning) return reply.code(status === 201 ? 201 : 204).send();
    return reply.code(status).send(options.single ? rows[0] : rows);
  }

  app.get(
    '/db/:project/rest/v1/:table',
    { preHandler, schema: { params: tableParamsSchema, querystring: restQuerySchema } },
    async (request, reply) => {
      const table = tableOf(request);
      const query = parseQuery(table, 'GET', request.query as QueryParams);
      const { single, stripNulls } = acceptOptions(request);
      const count = preferences(request).has('count');
      const { rows, total } = await selectRows(app.db, table, query, { count, stripNulls });
      const first = query.offset ?? 0;
      const range = rows.length === 0 ? '*' : `${first}-${first + rows.length - 1}`;
      reply.header('content-range', `${range}/${total ?? '*'}`);
      if (single) {
        if (rows.length !== 1)
          throw new HttpError(406, OPERATOR_DB_MESSAGES.notSingle(rows.length));
        return rows[0];
      }
      return rows;
    },
  );

  app.post(
    '/db/:project/rest/v1/:table',
    {
      preHandler,
      schema: {
        params: tableParamsSchema,
        querystring: restQuerySchema,
        body: z.union([rowSchema, z.array(rowSchema).max(1000)]),
      },
    },
    async (request, reply) => {
      const table = tableOf(request);
      assertTableWritable(table);
      const query = parseQuery(table, 'POST', request.query as QueryParams);
      const prefs = preferences(request);
      const resolution = prefs.get('resolution');
      const options = writeOptions(request, query.select);
      const result = await insertRows(
        app.db,
        table,
        query,
        [request.body].flat(),
        {
          ...options,
          resolution:
            resolution === 'merge-duplicates'
              ? 'merge'
              : resolution === 'ignore-duplicates'
                ? 'ignore'
                : undefined,
          missingDefault: prefs.get('missing') === 'default',
        },
        (name) => resolveColumn(table, name),
      );
      return sendRows(request, reply, result, 201, options);
    },
  );

  app.patch(
    '/db/:project/rest/v1/:table',
    {
      preHandler,
      schema: { params: tableParamsSchema, querystring: restQuerySchema, body: rowSchema },
    },
    async (request, reply) => {
      const table = tableOf(request);
      assertTableWritable(table);
      const query = parseQuery(table, 'PATCH', request.query as QueryParams);
      const options = writeOptions(request, query.select);
      const result = await updateRows(app.db, table, query, request.body, options, (name) =>
        resolveColumn(table, name),
      );
      return sendRows(request, reply, result, 200, options);
    },
  );

  app.delete(
    '/db/:project/rest/v1/:table',
    { preHandler, schema: { params: tableParamsSchema, querystring: restQuerySchema } },
    async (request, reply) => {
      const table = tableOf(request);
      assertTableWritable(table);
      const query = parseQuery(table, 'DELETE', request.query as QueryParams);
      const options = writeOptions(request, query.select);
      const result = await deleteRows(app.db, table, query, options);
      return sendRows(request, reply, result, 200, options);
    },
  );

  app.post(
    '/db/:project/sql',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: sqlStatementSchema,
        response: { 200: sqlResultSchema },
      },
    },
    async (request) => runSql(app.db, request.body),
  );

  app.post(
    '/db/:project/batch',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: batchRequestSchema,
        response: { 200: batchResponseSchema },
      },
    },
    async (request) => ({
      results: await runBatch(app.db, request.body.statements, request.body.mode),
    }),
  );
};
