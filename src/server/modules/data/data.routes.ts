import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BROWSER_NOT_AVAILABLE,
  extractedContentSchema,
  extractFromUrlRequestSchema,
  fetchRequestSchema,
  fetchResponseSchema,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  scrapeRequestSchema,
  scrapeResponseSchema,
  screenshotRequestSchema,
  screenshotResponseSchema,
  searchRequestSchema,
  type ExtractedContent,
} from '../../../shared/data.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { HttpError } from '../../lib/http-error.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { decodeBody } from '../ingestion/charset.ts';
import { extractDocument } from '../ingestion/document-extract.ts';
import { ingestUrl, type IngestedPage } from '../ingestion/ingestion.service.ts';
import { safeFetch } from '../ingestion/safe-fetch.ts';
import { searchResponseSchema, searchWeb } from './search.ts';

/** Fetching and parsing cost the server real work: a generous per-user budget. */
const DATA_RATE_LIMIT = {
  limit: 60,
  windowSeconds: 60,
  message: 'データ取得の回数が多すぎます。しばらく待ってから再度お試しください',
};

function hasCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

function contentOf(
  page: Pick<IngestedPage, 'kind' | 'title' | 'description' | 'language' | 'markdown' | 'text'>,
  source: { url: string | null; filename: string | null },
): ExtractedContent {
  return {
    ...source,
    kind: page.kind,
    title: page.title,
    description: page.description,
    language: page.language,
    content: page.text,
    markdown: page.markdown,
    characters: page.text.length,
  };
}

/** POST /api/data/{project}/extract-from-url, extract-from-blob, scrape, fetch, screenshot, search. */
export const dataRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this scope only: no other route here accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const guard = requireProject(app);
  const preHandler = [
    app.requireUser,
    guard,
    async (request: Parameters<typeof guard>[0]) =>
      consumeRateLimit(app.db, `data:${currentUser(request).id}`, DATA_RATE_LIMIT),
  ];
  const fetchOptions = () => ({ allowPrivate: app.config.FETCH_ALLOW_PRIVATE });

  app.post(
    '/data/:project/extract-from-url',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: extractFromUrlRequestSchema,
        response: { 200: extractedContentSchema },
      },
    },
    async (request) => {
      const { pages } = await ingestUrl({
        url: request.body.url,
        includeSubpages: false,
        maxPages: 1,
        ...fetchOptions(),
        renderer: app.renderer,
      });
      const page = pages[0]!;
      return contentOf(page, { url: page.url, filename: null });
    },
  );

  app.post(
    '/data/:project/extract-from-blob',
    {
      preHandler,
      schema: { params: projectParamsSchema, response: { 200: extractedContentSchema } },
    },
    async (request) => {
      let bytes: Buffer;
      let filename: string;
      let mimetype: string;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, FILE_REQUIRED);
        bytes = await file.toBuffer();
        filename = file.filename;
        mimetype = file.mimetype;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw new HttpError(413, FILE_TOO_LARGE);
        // Not multipart, a broken body, too many parts: all a client mistake.
        throw new HttpError(400, FILE_REQUIRED, { cause: error });
      }
      if (bytes.length === 0) throw new HttpError(400, FILE_REQUIRED);
      const document = await extractDocument(bytes, { filename, contentType: mimetype });
      return contentOf(document, { url: null, filename });
    },
  );

  app.post(
    '/data/:project/scrape',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: scrapeRequestSchema,
        response: { 200: scrapeResponseSchema },
      },
    },
    async (request) => {
      const { url, includeSubpages, maxPages } = request.body;
      const result = await ingestUrl({
        url,
        includeSubpages,
        maxPages: Math.min(maxPages ?? app.config.CRAWL_MAX_PAGES, 30),
        ...fetchOptions(),
        renderer: app.renderer,
      });
      const first = result.pages[0]!;
      return {
        url: first.url,
        title: first.title,
        markdown: result.pages
          .map((page) =>
            result.pages.length > 1 ? `<!-- ${page.url} -->\n\n${page.markdown}` : page.markdown,
          )
          .join('\n\n'),
        pages: result.pages.map((page) => ({
          url: page.url,
          title: page.title,
          description: page.description,
          markdown: page.markdown,
        })),
        report: result.report,
      };
    },
  );

  app.post(
    '/data/:project/fetch',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: fetchRequestSchema,
        response: { 200: fetchResponseSchema },
      },
    },
    async (request) => {
      const resource = await safeFetch(request.body.url, fetchOptions());
      const textual =
        /^(text\/|application\/(json|xml|xhtml\+xml|javascript|ld\+json|rss\+xml|atom\+xml))|\+json|\+xml/i.test(
          resource.contentType,
        );
      return {
        url: resource.url,
        status: resource.status,
        contentType: resource.contentType,
        size: resource.body.length,
        text: textual ? decodeBody(resource.body, resource.contentType).text : null,
        base64: textual ? null : resource.body.toString('base64'),
      };
    },
  );

  app.post(
    '/data/:project/screenshot',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: screenshotRequestSchema,
        response: { 200: screenshotResponseSchema },
      },
    },
    async (request) => {
      if (!app.renderer.available) throw new HttpError(503, BROWSER_NOT_AVAILABLE);
      // The guard answers first with its own message (blocked address, bad scheme).
      await safeFetch(request.body.url, { ...fetchOptions(), maxBytes: 5 * 1024 * 1024 });
      const png = await app.renderer.screenshot(request.body.url, {
        fetchOptions: fetchOptions(),
        fullPage: request.body.fullPage,
      });
      if (!png) throw new HttpError(502, 'ページを表示できなかったため、撮影できませんでした');
      return { url: request.body.url, contentType: 'image/png' as const, data: png.toString('base64') };
    },
  );

  app.post(
    '/data/:project/search',
    {
      preHandler,
      schema: {
        params: projectParamsSchema,
        body: searchRequestSchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => searchWeb(app.config, request.body.query, request.body.limit),
  );
};
