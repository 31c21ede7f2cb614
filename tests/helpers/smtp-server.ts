import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw DATA section (headers + body, dot-unstuffed). */
  data: string;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** Reject every message at RCPT with a permanent failure (like a mailbox that does not exist). */
  rejectRecipients: boolean;
  /** How long the server takes to accept a message's data (a slow mail server). */
  acceptDelayMs: number;
  close(): Promise<void>;
}

/**
 * Just enough SMTP (RFC 5321) for nodemailer, on 127.0.0.1: EHLO without STARTTLS or AUTH,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT. The outside world of our mail code, so tests need no
 * mock of our own modules.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    messages: [],
    rejectRecipients: false,
    acceptDelayMs: 0,
    close: async () => {},
  };
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);

    reply('220 test-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.messages.push({ ...envelope, data: dataLines.join('\r\n') });
            dataLines = [];
            envelope = { from: '', to: [] };
            if (state.acceptDelayMs > 0)
              setTimeout(() => reply('250 2.0.0 queued'), state.acceptDelayMs);
            else reply('250 2.0.0 queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') {
          reply('250-test-smtp');
          reply('250-8BITMIME');
          reply('250-SMTPUTF8');
          reply('250 SIZE 10485760');
        } else if (command === 'HELO') {
          reply('250 test-smtp');
        } else if (command === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (command === 'RCPT') {
          if (state.rejectRecipients) {
            reply('550 5.1.1 mailbox unavailable');
          } else {
            envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (command === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 2.0.0 ok');
        } else if (command === 'NOOP') {
          reply('250 2.0.0 ok');
        } else if (command === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else {
          reply('502 5.5.2 command not implemented');
        }
      }
    });
    socket.on('error', () => {});
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

/** Decodes a MIME message body part that nodemailer encoded as base64 or quoted-printable. */
export function decodeMailBody(data: string): string {
  const [headerBlock = '', ...rest] = data.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headerBlock)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes an RFC 2047 encoded header value such as the subject. */
export function decodeMailHeader(data: string, name: string): string {
  const headerBlock = data.split('\r\n\r\n')[0] ?? '';
  const unfolded = headerBlock.replace(/\r\n[ \t]+/g, ' ');
  const raw = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}
