import type { Event } from '@common/contract/events';
import type { EventExport, ImportBody, ImportPreview, ImportPreviewBody, ImportResult } from '@common/contract/transfer';
import { api, request } from '@/lib/api-client';
import { fileNameOf, saveFile } from '@/lib/save-file';

/** Excel reads a spreadsheet as UTF-8 (Cyrillic names) only with a byte-order mark, which a text download may lose. */
const BOM = '\uFEFF';

/** Data in and out of an event (docs/decisions/0029-export-and-import.md). */
export const transferApi = {
  downloadCsv: async (event: Pick<Event, 'id'>, title: string, lang: string) => {
    const csv = await api.text(`/event/${event.id}/export/csv/`, { lang: lang === 'ru' ? 'ru' : 'en' });
    saveFile(fileNameOf(title, 'csv'), csv.startsWith(BOM) ? csv : `${BOM}${csv}`, 'text/csv;charset=utf-8');
  },
  downloadJson: async (event: Pick<Event, 'id'>, title: string) => {
    const data = await api.get<EventExport>(`/event/${event.id}/export/`);
    saveFile(fileNameOf(title, 'json'), JSON.stringify(data, null, 2), 'application/json');
  },
  preview: (body: ImportPreviewBody) => api.post<ImportPreview>('/import/preview/', body),
  import: (body: ImportBody, onUploadProgress: (fraction: number) => void) => request<ImportResult>('POST', '/import/', { data: body, onUploadProgress }),
};
