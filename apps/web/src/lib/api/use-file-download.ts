import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallDefinition } from '@pp/contract';
import { useAuth } from '../auth/auth-context.ts';
import type { CallInput } from './api-context.ts';
import { carriesBearer } from './bearer-rule.ts';
import { callUrl } from './create-api-client.ts';
import { problemError } from './problem-error.ts';
import { signInNoticeOf } from './sign-in-notice.ts';

/** The name the api gives the file (`Content-Disposition: attachment; filename="…"`). */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Saves bytes as a file, as a click on a download link would. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type Status = 'idle' | 'pending' | 'failed';

/**
 * Downloads a call that answers a file (decision 0083) with the session's token and language,
 * and saves its bytes unchanged (a CSV keeps its byte-order mark). Lives beside the api client
 * rather than in it: only lazy screens download files, and the first screen stays as small.
 */
export function useFileDownload() {
  const auth = useAuth();
  const { i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('idle');

  async function download<C extends CallDefinition>(call: C, query: CallInput<C>['query']) {
    const origin = window.location.origin;
    const url = callUrl(origin, call, query ?? undefined);
    const headers = new Headers({
      accept: call.produces ?? '*/*',
      'accept-language': i18n.resolvedLanguage ?? i18n.language,
    });
    const token = auth.getAccessToken();
    if (token && carriesBearer(url, origin)) headers.set('authorization', `Bearer ${token}`);
    setStatus('pending');
    try {
      const response = await fetch(url, { headers });
      if (!response.ok) {
        const refusal = await problemError(response);
        if (response.status === 401) void auth.signIn(signInNoticeOf(refusal.code));
        throw refusal;
      }
      save(await response.blob(), fileNameOf(response, `${call.path.split('/').pop()}.csv`));
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  }

  return { download, pending: status === 'pending', failed: status === 'failed' };
}
