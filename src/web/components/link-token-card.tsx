import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';
import { Spinner } from './ui/spinner.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The token is read once and removed from the address bar (history, shared screenshots). */
function takeToken(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }
  return token;
}

/**
 * A screen a mailed link opens: its token is taken from the address and sent once (not again
 * when React re-runs the effect), and the card shows the wait, the outcome or why it failed.
 */
export function LinkTokenCard<TData>({
  title,
  request,
  missing,
  success,
  failure,
}: {
  title: string;
  request: UseMutationResult<TData, Error, string>;
  /** The address carried no token at all. */
  missing: ReactNode;
  success: (data: TData) => ReactNode;
  failure: (error: Error) => ReactNode;
}) {
  useDocumentTitle(title);
  const [token] = useState(takeToken);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    request.mutate(token);
  }, [request, token]);

  let body: ReactNode;
  if (!token) body = missing;
  else if (request.isSuccess) body = success(request.data);
  else if (request.isError) body = failure(request.error);
  else
    body = (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner label="確認中" />
        確認しています…
      </p>
    );

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{title}</CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
