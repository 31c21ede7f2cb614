import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { faqPageIssues } from '../helpers/faq-jsonld.ts';
import { useBrowser } from './support/browser.ts';
import {
  callApi,
  signInPage,
  signUpViaApi,
  type SignedUpUser,
  waitForStage as waitForStageOf,
} from './support/session.ts';

const baseURL = inject('baseUrl');
const siteUrl = inject('fixtureSiteUrl');
const browser = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;

/** Long enough for axe on a busy two-core machine (seconds), short of the test's own timeout. */
const AXE_LIMIT_MS = 60_000;

/**
 * WCAG 2.1 A and AA and axe's best practices, as tests/e2e/accessibility.test.ts checks them,
 * within AXE_LIMIT_MS. Frames sandboxed without allow-scripts are left out: axe-core/playwright
 * injects axe into every frame (the injection runs, as the debugger's does) and then waits with
 * no limit for axe.runPartial there, which never settles because timers do not fire in a
 * document that may not run scripts. Whether it got that far depended on the injection beating
 * the library's own 1 s limit, so the journey hung only on a machine quick enough at that moment.
 */
async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).exclude(
    'iframe[sandbox]:not([sandbox~="allow-scripts"])',
  );
  if (include) builder.include(include);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `axe did not finish within ${AXE_LIMIT_MS / 1000} s on ${page.url()}${include ? ` (${include})` : ''}: a frame that cannot run scripts, or a page that never settles?`,
          ),
        ),
      AXE_LIMIT_MS,
    );
  });
  try {
    const results = await Promise.race([
      builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze(),
      limit,
    ]);
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

function waitForStage(user: SignedUpUser, id: string, stage: string) {
  return waitForStageOf<{ stage: string; questions: string[]; error: string | null }>(
    baseURL,
    user,
    id,
    stage,
  );
}

/** A finished URL record made through the API, as the generation screen makes it. */
async function generate(user: SignedUpUser) {
  const created = await callApi(baseURL, user, 'POST', '/api/generations', {
    method: 'url',
    url: `${siteUrl}/`,
    faqCount: 5,
  });
  const { id } = (await created.json()) as { id: string };
  const ready = await waitForStage(user, id, 'questions_ready');
  await callApi(baseURL, user, 'POST', `/api/generations/${id}/answers`, {
    questions: ready.questions.slice(0, 3),
  });
  await waitForStage(user, id, 'completed');
  return id;
}

/** The shop's own site: another origin that pastes the embed (or the iframe) into its page. */
let shop: Server;
let shopUrl = '';
let shopHtml = '';
beforeAll(async () => {
  shop = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(shopHtml);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

const shopPage = (body: string) =>
  `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>山田商店</title></head><body style="font-family: Georgia, serif"><main><h1>山田商店</h1>${body}</main></body></html>`;

describe('a published FAQ', () => {
  it('is published from the history, read at 390 px and searched, embedded on another origin, and gone (410) once unpublished', async () => {
    const user = await signUpViaApi(baseURL);
    const id = await generate(user);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    // The results screen offers it beside the exports.
    await page.goto(`/generate?draft=${id}`);
    await page.getByRole('button', { name: '公開する' }).waitFor();
    if (SHOTS) {
      await page.getByRole('button', { name: '公開する' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/results-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: '公開する' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/results-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.goto('/history');
    await page.getByRole('button', { name: '詳細' }).first().click();
    const detail = page.getByRole('dialog').first();
    await detail.getByRole('heading', { name: '公開ページ' }).waitFor();
    await detail.getByRole('button', { name: '公開する' }).click();
    const publishing = page.getByRole('dialog', { name: 'FAQを公開する' });
    await publishing.getByLabel('事業者名（ページの見出し）').fill('山田商店');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/publish-1280-before.png` });
    await publishing.getByRole('button', { name: '公開する', exact: true }).click();
    await page.getByText('FAQを公開しました').waitFor();
    await publishing.getByRole('heading', { name: '公開中' }).waitFor();
    const publication = (
      (await (
        await callApi(baseURL, user, 'GET', `/api/generations/${id}/publication`)
      ).json()) as {
        publication: { url: string; slug: string };
      }
    ).publication;
    await publishing.getByRole('link', { name: new RegExp(publication.url) }).waitFor();
    await expect(
      publishing.getByRole('textbox', { name: '埋め込みコード', exact: true }).inputValue(),
    ).resolves.toBe(
      `<script src="${new URL(publication.url).origin}/embed.js" data-faq="${publication.slug}" async></script>`,
    );
    // The copy-paste block and its preview, rendered in a sandbox that runs nothing.
    const block = await publishing.getByRole('textbox', { name: 'HTMLブロック' }).inputValue();
    expect(block).toContain('<h2 style="font-size:1.25em">山田商店のよくある質問</h2>');
    const preview = publishing.locator('iframe[title="HTMLブロックのプレビュー"]');
    await expect(preview.getAttribute('sandbox')).resolves.toBe('');
    // What the preview shows, read by evaluating in its frame: waiting for its heading to be
    // visible stalled for 30 s in two of seven runs here, in this dialog only (alone, the same
    // sandboxed frame passes the wait); why is not known.
    const previewFrame = await (await preview.elementHandle())?.contentFrame();
    await expect
      .poll(() => previewFrame?.evaluate(() => document.body?.textContent ?? ''))
      .toContain('山田商店のよくある質問');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await publishing.getByRole('button', { name: 'HTMLブロックをコピー' }).click();
    await page.getByText('HTMLブロックをコピーしました').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(block);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/publish-1280.png` });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    // The preview's sandbox keeps axe out of it: the block is checked where a shop pastes it.
    const pasted = await context.newPage();
    await pasted.setContent(shopPage(block));
    expect(await axeViolations(pasted)).toEqual([]);
    await pasted.close();
    // The dialog on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const dialogWidth = await publishing.evaluate(
      (element) => element.scrollWidth <= element.clientWidth,
    );
    expect(dialogWidth).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/publish-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A customer's phone: the page, without the app's JavaScript.
    const phone = await browser.open({ baseURL, width: 390, height: 844 });
    const appScripts: string[] = [];
    phone.page.on('request', (request) => {
      if (request.url().includes('/assets/')) appScripts.push(request.url());
    });
    const response = await phone.page.goto(publication.url);
    expect(response?.status()).toBe(200);
    await phone.page.getByRole('heading', { level: 1, name: '山田商店のよくある質問' }).waitFor();
    expect(await phone.page.title()).toBe('山田商店のよくある質問');
    expect(appScripts).toEqual([]);
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone.page)).toEqual([]);
    const summaries = phone.page.locator('summary');
    const questions = await summaries.allTextContents();
    expect(questions.length).toBe(3);
    const jsonLd = JSON.parse(
      (await phone.page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as unknown;
    expect(await faqPageIssues(jsonLd)).toEqual([]);
    // In-page search: only the matching question stays.
    await phone.page.getByRole('searchbox', { name: '質問を検索' }).fill(questions[1]!);
    await phone.page.getByRole('status').filter({ hasText: '1件の質問が見つかりました' }).waitFor();
    await expect(summaries.nth(0).isVisible()).resolves.toBe(false);
    await summaries.nth(1).click();
    await phone.page.locator('details[open]').waitFor();
    if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/public-390.png`, fullPage: true });
    expect(phone.problems).toEqual([]);
    await phone.context.close();
    if (SHOTS) {
      const desk = await browser.open({ baseURL });
      await desk.page.goto(publication.url);
      await desk.page.screenshot({ path: `${SHOTS}/public-1280.png` });
      await desk.context.close();
    }

    // The embed on the shop's own site: one line, in a shadow root, with the site's font.
    shopHtml = shopPage(
      `<p>よくある質問</p><script src="${baseURL}/embed.js" data-faq="${publication.slug}" async></script><p>フッター</p>`,
    );
    const shopper = await browser.open({ baseURL: shopUrl });
    await shopper.page.goto(shopUrl);
    const embedded = shopper.page.locator('.faq-kobo-embed');
    await embedded.getByRole('heading', { name: '山田商店のよくある質問' }).waitFor();
    expect(
      await embedded.evaluate(
        (host) => host.shadowRoot !== null && host.shadowRoot.mode === 'open',
      ),
    ).toBe(true);
    const fonts = await embedded.evaluate((host) => ({
      summary: getComputedStyle(host.shadowRoot!.querySelector('summary')!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
    }));
    expect(fonts.summary).toBe(fonts.body);
    // By keyboard: Tab reaches the search box, then the first question, which Enter opens.
    await shopper.page.keyboard.press('Tab');
    await shopper.page.keyboard.press('Tab');
    await shopper.page.keyboard.press('Enter');
    await embedded.locator('details[open]').waitFor();
    await embedded.getByRole('searchbox', { name: 'よくある質問を検索' }).fill(questions[2]!);
    await embedded.getByRole('status').filter({ hasText: '1件の質問が見つかりました' }).waitFor();
    const embedLd = JSON.parse(
      (await shopper.page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as unknown;
    expect(await faqPageIssues(embedLd)).toEqual([]);
    if (SHOTS) await shopper.page.screenshot({ path: `${SHOTS}/embed-1280.png`, fullPage: true });
    expect(await axeViolations(shopper.page)).toEqual([]);
    expect(shopper.problems).toEqual([]);

    // The iframe alternative.
    shopHtml = shopPage(
      await publishing.getByRole('textbox', { name: 'iframeで埋め込むコード' }).inputValue(),
    );
    await shopper.page.goto(shopUrl);
    const framed = shopper.page.frameLocator('iframe');
    await framed.getByRole('heading', { name: '山田商店のよくある質問' }).waitFor();
    // The frame takes the height its page says it has (not the snippet's 640 px), grows when an
    // answer opens, and heeds no one else: here the shop's own page posts the same message.
    const frame = shopper.page.locator('iframe');
    const frameHeight = () => frame.evaluate((element) => element.getBoundingClientRect().height);
    const innerHeight = () => framed.locator('body').evaluate((body) => body.scrollHeight);
    await expect.poll(frameHeight).not.toBe(640);
    const closed = await frameHeight();
    expect(closed).toBeGreaterThanOrEqual(await innerHeight());
    await framed.locator('summary').first().click();
    await expect.poll(frameHeight).toBeGreaterThan(closed);
    const opened = await frameHeight();
    expect(opened).toBeGreaterThanOrEqual(await innerHeight());
    await shopper.page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          addEventListener('message', function done(event) {
            if (event.data !== 'done') return;
            removeEventListener('message', done);
            resolve();
          });
          postMessage({ type: 'faq-kobo-height', height: 5 }, '*');
          postMessage('done', '*');
        }),
    );
    expect(await frameHeight()).toBe(opened);
    expect(shopper.problems).toEqual([]);

    // What customers opened, on the history detail.
    await publishing.getByRole('button', { name: '閉じる' }).click();
    await page.reload();
    await page.getByRole('button', { name: '詳細' }).first().click();
    const panel = page.getByRole('region', { name: '公開ページの閲覧状況' }).first();
    await panel.getByText(questions[1]!).waitFor();
    expect(await panel.textContent()).toMatch(/閲覧数 [1-9]\d* 回/);
    await panel.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-detail-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-detail-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // 非公開にする: the page is gone at once.
    await page.getByRole('dialog').first().getByRole('button', { name: '公開ページ' }).click();
    const again = page.getByRole('dialog', { name: 'FAQを公開する' });
    await again.getByRole('button', { name: '非公開にする' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '非公開にする' }).click();
    await page.getByText('FAQを非公開にしました').waitFor();
    await again.getByRole('heading', { name: '非公開' }).waitFor();
    expect((await fetch(publication.url)).status).toBe(410);
    if (SHOTS) {
      const goneTab = await browser.open({ baseURL, width: 390, height: 844 });
      await goneTab.page.goto(publication.url);
      await goneTab.page.screenshot({ path: `${SHOTS}/gone-390.png` });
      await goneTab.context.close();
    }
    expect((await fetch(`${publication.url}/faq.json`)).status).toBe(410);
    expect(problems).toEqual([]);
    await shopper.context.close();
    await context.close();
  }, 240_000);
});
