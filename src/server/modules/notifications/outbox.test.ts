import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { confirmEmailViaApi } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  decodeMailBody,
  decodeMailHeader,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../../../tests/helpers/smtp-server.ts';
import { emailOutbox } from '../../db/schema.ts';
import { enqueueEmail, MAIL_DELIVERY_QUEUE } from './outbox.ts';

async function outboxRow(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

/** Fire-and-forget delivery finishes shortly after the request; wait for its row to settle. */
async function waitForStatus(t: TestApp, id: string, statuses: string[]) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const row = await outboxRow(t, id);
    if (statuses.includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`outbox row ${id} never reached ${statuses.join('/')}`);
}

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the message in the outbox as stored', async () => {
    const id = await enqueueEmail(t.app.db, {
      to: 'taro@example.jp',
      subject: 'テスト',
      text: '本文',
      kind: 'other',
    });
    expect((await outboxRow(t, id)).status).toBe('pending');
    expect(t.app.mail.smtpConfigured).toBe(false);
    expect(await t.app.mail.deliver(id)).toBe('stored');
    expect(await outboxRow(t, id)).toMatchObject({
      status: 'stored',
      to: 'taro@example.jp',
      subject: 'テスト',
      text: '本文',
      html: null,
      sentAt: null,
    });
    // A second delivery attempt is a no-op.
    expect(await t.app.mail.deliver(id)).toBeNull();
  });

  it('stores a Japanese confirmation e-mail on sign-up and the welcome after confirmation', async () => {
    const displayName = '当選しました！ http://evil.example/ で受け取り';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'hanako@example.jp', password: 'password123', displayName },
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'hanako@example.jp'));
    expect(mail).toMatchObject({
      kind: 'email_confirmation',
      subject: '【FAQ工房】メールアドレスの確認',
    });
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/auth\/confirm-email\?token=\S+/);
    expect(mail!.text).toContain('50クレジット');
    // Whoever signs up chooses the name: it never reaches the inbox of the address.
    expect(mail!.text).not.toContain('当選しました');
    await waitForStatus(t, mail!.id, ['stored']);

    expect((await confirmEmailViaApi(t.app, 'hanako@example.jp')).statusCode).toBe(200);
    const [welcome] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'hanako@example.jp'), eq(emailOutbox.kind, 'welcome')));
    expect(welcome).toMatchObject({ subject: '【FAQ工房】ご登録ありがとうございます' });
    expect(welcome!.text).toContain('50クレジット');
    expect(welcome!.text).toContain('http://localhost:3000/generate');
    expect(welcome!.text).not.toContain('当選しました');
    expect(welcome!.text).not.toContain('evil.example');
  });
});

describe('with SMTP_URL', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'FAQ工房 <no-reply@faq-kobo.test>',
      PUBLIC_URL: 'https://faq.example.jp',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the message and marks the row sent', async () => {
    const id = await enqueueEmail(t.app.db, {
      to: 'jiro@example.jp',
      subject: '【FAQ工房】お知らせ',
      text: 'こんにちは。日本語の本文です。',
      html: '<p>こんにちは</p>',
      kind: 'other',
    });
    expect(await t.app.mail.deliver(id)).toBe('sent');
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const received = smtp.messages.find((message) => message.to.includes('jiro@example.jp'));
    expect(received).toBeDefined();
    expect(received!.from).toBe('no-reply@faq-kobo.test');
    expect(decodeMailHeader(received!.data, 'Subject')).toBe('【FAQ工房】お知らせ');
    expect(received!.data).toContain('multipart/alternative');
    // Sent once only, even if asked again.
    expect(await t.app.mail.deliver(id)).toBeNull();
    expect(smtp.messages.filter((message) => message.to.includes('jiro@example.jp'))).toHaveLength(
      1,
    );
  });

  it('delivers the confirmation mail after sign-up without delaying the response', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'saburo@example.jp', password: 'password123' },
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'saburo@example.jp'));
    const sent = await waitForStatus(t, mail!.id, ['sent', 'failed']);
    expect(sent.status).toBe('sent');
    const received = smtp.messages.find((message) => message.to.includes('saburo@example.jp'))!;
    expect(decodeMailHeader(received.data, 'Subject')).toBe('【FAQ工房】メールアドレスの確認');
    expect(decodeMailBody(received.data)).toContain(
      'https://faq.example.jp/auth/confirm-email?token=',
    );
  });

  it('records a failed delivery with the server error and can retry it', async () => {
    const id = await enqueueEmail(t.app.db, {
      to: 'nobody@example.jp',
      subject: '届かないメール',
      text: '本文',
      kind: 'other',
    });
    smtp.rejectRecipients = true;
    try {
      expect(await t.app.mail.deliver(id)).toBe('failed');
    } finally {
      smtp.rejectRecipients = false;
    }
    const failed = await outboxRow(t, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed.error).toContain('550');
    expect(await t.app.mail.deliver(id)).toBe('sent');
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('hands a refused delivery back to the queue, which tries it again later', async () => {
    const id = await enqueueEmail(t.app.db, {
      to: 'later@example.jp',
      subject: '後で届くメール',
      text: '本文',
      kind: 'other',
    });
    smtp.rejectRecipients = true;
    try {
      t.app.mail.deliverLater(id);
      await t.app.mail.drain();
    } finally {
      smtp.rejectRecipients = false;
    }
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', attempts: 1 });
    // The queue records the attempt's failure just after the row says so.
    await vi.waitFor(
      async () => {
        const [job] = await t.app.jobs.boss.findJobs(MAIL_DELIVERY_QUEUE, { data: { id } });
        expect(job).toMatchObject({ state: 'retry', retryCount: 0, retryBackoff: true });
      },
      { timeout: 10_000 },
    );
  });
});

describe('draining the mail this process handed to the queue', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@faq-kobo.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('hears each message handled instead of reading the outbox on a timer', async () => {
    const id = await enqueueEmail(t.app.db, {
      to: 'slow@example.jp',
      subject: '遅いメールサーバー',
      text: '本文',
      kind: 'other',
    });
    smtp.acceptDelayMs = 1500;
    const reads = vi.spyOn(t.app.db, 'select');
    try {
      t.app.mail.deliverLater(id);
      await t.app.mail.drain();
      expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
      // The rows are read once when the drain begins (the outboxRow above is the second read).
      expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      reads.mockRestore();
      smtp.acceptDelayMs = 0;
    }
  });
});
