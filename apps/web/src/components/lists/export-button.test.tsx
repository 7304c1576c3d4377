import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { ben, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { requests, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const CSV = '\uFEFFTitel;Vorname\r\n;Ben\r\n';

/** The files the page saved: what a click on their download link handed the browser. */
function savedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

describe('the list export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the employee list as filtered on screen, bytes unchanged, with the token', async () => {
    fakePortal(ben);
    server.use(
      onCall(calls.employeeExportEmployees, () =>
        HttpResponse.text(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="mitarbeitende-2026-11-27.csv"',
          },
        }),
      ),
    );
    const saved = savedFiles();
    await renderApp(`${ROUTES.employees}?status=enabled&search=kr&page=2`);
    fireEvent.click(await screen.findByRole('button', { name: 'Exportieren (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('mitarbeitende-2026-11-27.csv');
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const sent = requests.find(({ url }) => url.pathname.endsWith('/Employee/ExportEmployees'));
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({
      companyId: SOMMER_ID,
      status: 'enabled',
      search: 'kr',
      sort: 'name',
      direction: 'asc',
    });
    expect(sent!.authorization).toMatch(/^Bearer /);
  });

  it('says so when the export fails', async () => {
    fakePortal(ben);
    server.use(onCall(calls.employeeExportEmployees, () => HttpResponse.json({}, { status: 503 })));
    savedFiles();
    await renderApp(ROUTES.employees);
    fireEvent.click(await screen.findByRole('button', { name: 'Exportieren (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    );
  });
});
