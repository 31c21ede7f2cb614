import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { HttpError } from '../../lib/http-error.ts';

export const USER_AGENT = 'FAQ-Kobo-Bot/1.0 (+https://faq-kobo.example/bot)';
export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

export class FetchRefused extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Only ordinary public unicast addresses may be fetched: no loopback, private, link-local
 * (169.254.169.254 cloud metadata), CGNAT, multicast, unspecified, reserved or IPv6
 * unique-local. IPv6 must be global unicast (2000::/3), which also refuses every form that
 * carries an IPv4 address a stack may route to (IPv4-compatible `::127.0.0.1`, NAT64, 6to4,
 * Teredo); IPv4-mapped IPv6 is judged as the IPv4 it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return false;
  return parsed.range() === 'unicast';
}

type LookupFn = typeof dnsLookup;

export interface SafeFetchOptions {
  allowPrivate?: boolean;
  /** Specific non-public addresses to allow (tests: the fixture on 127.0.0.1, guard still on). */
  allowAddresses?: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** DNS resolution, injectable so tests can simulate rebinding. */
  lookup?: LookupFn;
  accept?: string;
}

export interface FetchedResource {
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
}

const BLOCKED = 'このURLにはアクセスできません（内部ネットワークのアドレスです）';

/**
 * The connection itself goes to an address checked here, at connect time: a hostname that
 * resolves to a public address for a pre-check and to 127.0.0.1 a moment later (DNS
 * rebinding) is still refused.
 */
function guardedLookup(resolve: LookupFn, allowed: (address: string) => boolean): LookupFn {
  const guarded = (hostname: string, options: unknown, callback: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    const wantsAll =
      typeof options === 'object' &&
      options !== null &&
      (options as { all?: boolean }).all === true;
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return done(error, '', 0);
      const list = addresses as LookupAddress[];
      if (list.length === 0)
        return done(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
      if (list.some((entry) => !allowed(entry.address))) {
        return done(Object.assign(new Error(BLOCKED), { code: 'EBLOCKED' }), '', 0);
      }
      if (wantsAll) return done(null, list);
      return done(null, list[0]!.address, list[0]!.family);
    });
  };
  return guarded as unknown as LookupFn;
}

function assertFetchableUrl(
  url: URL,
  allowPrivate: boolean,
  allowed: (address: string) => boolean,
): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('http または https のURLを指定してください');
  }
  if (url.username || url.password) throw new FetchRefused('認証情報を含むURLは指定できません');
  // `localhost.` and `127.0.0.1.` name the same hosts as without the root dot.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (isIP(host) && !allowed(host)) throw new FetchRefused(BLOCKED);
  if (
    !allowPrivate &&
    (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
  ) {
    throw new FetchRefused(BLOCKED);
  }
}

function errorMessage(error: unknown): string {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'EBLOCKED') return BLOCKED;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'サイトが見つかりません（URLをご確認ください）';
  if (code === 'ECONNREFUSED') return 'サイトに接続できませんでした';
  if (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return 'サイトの応答がタイムアウトしました';
  }
  if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError')
    return 'サイトの応答がタイムアウトしました';
  return 'サイトからの取得に失敗しました';
}

/** The one fetcher for every server-side request to a user-supplied address (docs/product-decisions.md §5). */
export async function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<FetchedResource> {
  const allowPrivate = options.allowPrivate ?? false;
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const allowList = new Set(options.allowAddresses ?? []);
  const allowed = (address: string) =>
    allowPrivate || allowList.has(address) || isPublicAddress(address);
  const dispatcher = new Agent({
    connect: { lookup: guardedLookup(options.lookup ?? dnsLookup, allowed), timeout: timeoutMs },
  });
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefused('URLの形式が正しくありません');
  }
  try {
    for (let hop = 0; ; hop++) {
      assertFetchableUrl(url, allowPrivate, allowed);
      let response;
      try {
        response = await request(url, {
          method: 'GET',
          dispatcher,
          signal,
          headers: {
            'user-agent': USER_AGENT,
            accept:
              options.accept ?? 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
            'accept-language': 'ja,en;q=0.8',
          },
        });
      } catch (error) {
        throw new FetchRefused(errorMessage(error));
      }
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump();
        if (hop >= maxRedirects) throw new FetchRefused('リダイレクトが多すぎます');
        url = new URL(Array.isArray(location) ? location[0]! : location, url);
        continue;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        await response.body.destroy();
        throw new FetchRefused(
          `ページが大きすぎます（上限${Math.round(maxBytes / 1024 / 1024)}MB）`,
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of response.body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) {
            response.body.destroy();
            throw new FetchRefused(
              `ページが大きすぎます（上限${Math.round(maxBytes / 1024 / 1024)}MB）`,
            );
          }
          chunks.push(chunk as Buffer);
        }
      } catch (error) {
        if (error instanceof FetchRefused) throw error;
        throw new FetchRefused(errorMessage(error));
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined)
          headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      return {
        url: url.toString(),
        status: response.statusCode,
        contentType: headers['content-type'] ?? '',
        headers,
        body: Buffer.concat(chunks),
      };
    }
  } finally {
    void dispatcher.close().catch(() => undefined);
  }
}
